/** ConditionSchema without a database: what it accepts, and the path and message of what it refuses. */
import { describe, expect, it } from 'vitest';
import { CONDITION_EXAMPLE, ConditionSchema, type Condition } from '../core/segments/condition.js';

const SEG = '0192f5d0-0000-7000-8000-0000000000aa';
const issues = (c: unknown) => {
  const r = ConditionSchema.safeParse(c);
  expect(r.success).toBe(false);
  return r.error!.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};
const withFilters = (...filters: unknown[]) => ({ logic: 'AND', groups: [{ filters }] });

describe('ConditionSchema', () => {
  it('accepts the documented example and one filter of every family', () => {
    expect(ConditionSchema.safeParse(CONDITION_EXAMPLE).success).toBe(true);
    const all: Condition = withFilters(
      { field: 'email', operator: 'in', value: ['a@b.c'] },
      { field: 'subscribed', operator: 'notEquals', value: false },
      { field: 'createdAt', operator: 'within', value: 3, unit: 'days' },
      { field: 'updatedAt', operator: 'equals', value: '2026-01-31' },
      { field: 'data.address.city', operator: 'exists' },
      { field: 'data.n', operator: 'greaterThan', value: 3.5 },
      { field: 'data.d', operator: 'lessThan', value: '2026-01-31T10:00:00+01:00' },
      { field: 'event.signed_up', operator: 'notTriggeredWithin', value: 1, unit: 'hours' },
      { field: 'email.opened', operator: 'triggeredWithin', value: 30, unit: 'days' },
      { field: `segment.${SEG}`, operator: 'equals', value: true },
    ) as Condition;
    expect(ConditionSchema.safeParse(all).success).toBe(true);
  });

  it('names the bad part by path, saying what is allowed there', () => {
    const c = {
      logic: 'AND',
      groups: [
        { filters: [{ field: 'data.plan', operator: 'equals', value: 'pro' }] },
        {
          filters: [
            { field: 'event.signup', operator: 'equals', value: 1 },
            { field: 'nope', operator: 'equals', value: 1 },
            { field: 'createdAt', operator: 'within', value: 7 },
            { field: 'data.n', operator: 'greaterThan', value: 'abc' },
            { field: 'email', operator: 'frobnicates', value: 'x' },
            { field: 'subscribed', operator: 'equals', value: 'yes' },
            { field: 'createdAt', operator: 'equals', value: '2026-02-31' },
            { field: 'data.p', operator: 'in', value: [] },
            { field: `segment.${SEG}`, operator: 'contains', value: 'x' },
          ],
        },
      ],
    };
    expect(issues(c)).toEqual([
      { path: 'groups.1.filters.0.operator', message: expect.stringMatching(/not valid for event\.signup: use one of triggered, notTriggered, triggeredWithin/) },
      { path: 'groups.1.filters.1.field', message: expect.stringMatching(/Unknown field "nope": use one of email, subscribed, createdAt/) },
      { path: 'groups.1.filters.2.unit', message: expect.stringMatching(/needs a unit: minutes, hours or days/) },
      { path: 'groups.1.filters.3.value', message: expect.stringMatching(/needs a number or an ISO date/) },
      { path: 'groups.1.filters.4.operator', message: expect.stringMatching(/Unknown operator "frobnicates": use one of equals, notEquals, contains/) },
      { path: 'groups.1.filters.5.value', message: expect.stringMatching(/needs true or false/) },
      { path: 'groups.1.filters.6.value', message: expect.stringMatching(/ISO date/) },
      { path: 'groups.1.filters.7.value', message: expect.stringMatching(/array of 1 to 100/) },
      { path: 'groups.1.filters.8.operator', message: expect.stringMatching(/use one of equals, notEquals, exists, notExists/) },
    ]);
  });

  it('refuses datetimes on days that do not exist (JavaScript would roll them into the next month), and 24:00', () => {
    for (const value of ['2026-02-31T00:00Z', '2026-02-29T12:00:00+01:00', '2026-04-31T10:00:00.5Z', '2026-01-15T24:00:00Z']) {
      expect(issues(withFilters({ field: 'data.d', operator: 'greaterThan', value })), value).toEqual([
        { path: 'groups.0.filters.0.value', message: expect.stringMatching(/needs a number or an ISO date/) },
      ]);
      expect(issues(withFilters({ field: 'createdAt', operator: 'equals', value })), value).toEqual([
        { path: 'groups.0.filters.0.value', message: expect.stringMatching(/needs an ISO date/) },
      ]);
    }
    for (const value of ['2024-02-29T12:00:00+01:00', '2026-02-28T23:59:59.999999Z']) {
      expect(ConditionSchema.safeParse(withFilters({ field: 'createdAt', operator: 'lessThan', value })).success, value).toBe(true);
    }
  });

  it('refuses empty conditions and groups, and bad logic', () => {
    expect(issues({ logic: 'AND', groups: [] })[0].path).toBe('groups');
    expect(issues({ logic: 'AND', groups: [{ filters: [] }] })).toEqual([{ path: 'groups.0.filters', message: expect.stringMatching(/at least one filter or a nested/) }]);
    expect(issues({ logic: 'XOR', groups: [{ filters: [{ field: 'email', operator: 'equals', value: 'a' }] }] })[0].path).toBe('logic');
  });

  it('refuses windows that are not positive numbers, and event names with spaces', () => {
    expect(issues(withFilters({ field: 'event.x', operator: 'triggeredWithin', value: -1, unit: 'days' }))[0].path).toBe('groups.0.filters.0.value');
    expect(issues(withFilters({ field: 'event.x', operator: 'triggeredWithin', value: 1e9, unit: 'days' }))[0].message).toMatch(/at most 100 years/);
    expect(issues(withFilters({ field: 'event.a b', operator: 'triggered' }))[0].path).toBe('groups.0.filters.0.field');
    expect(issues(withFilters({ field: 'segment.not-a-uuid', operator: 'exists' }))[0].path).toBe('groups.0.filters.0.field');
    expect(issues(withFilters({ field: 'data.a..b', operator: 'exists' }))[0].path).toBe('groups.0.filters.0.field');
  });

  it('allows 5 levels of nesting and reports the 6th where it starts', () => {
    const leaf = withFilters({ field: 'email', operator: 'equals', value: 'a' });
    const nest = (depth: number) => {
      let c: unknown = leaf;
      for (let i = 1; i < depth; i++) c = { logic: 'OR', groups: [{ filters: [], conditions: c }] };
      return c;
    };
    expect(ConditionSchema.safeParse(nest(5)).success).toBe(true);
    expect(issues(nest(6))).toEqual([{ path: 'groups', message: 'Conditions nest at most 5 levels deep' }]);
    expect(issues(nest(7))).toEqual([{ path: 'groups.0.conditions.groups', message: 'Conditions nest at most 5 levels deep' }]);
  });

  it('refuses hundreds of thousands of levels at the top, without recursing into them', () => {
    let text = JSON.stringify(withFilters({ field: 'email', operator: 'exists' }));
    for (let i = 0; i < 100_000; i++) text = `{"logic":"OR","groups":[{"filters":[],"conditions":${text}}]}`;
    for (const deep of [JSON.parse(text), JSON.parse(text).groups[0].conditions.groups[0].conditions.groups[0].conditions]) {
      expect(issues(deep)).toEqual([{ path: 'groups', message: 'Conditions nest at most 5 levels deep' }]);
    }
  });

  it('allows 100 filters in all, not 101', () => {
    const f = { field: 'email', operator: 'contains', value: 'a' };
    const split = (n: number) => ({
      logic: 'AND',
      groups: [{ filters: Array(50).fill(f) }, { filters: [f], conditions: { logic: 'AND', groups: [{ filters: Array(n - 51).fill(f) }] } }],
    });
    expect(ConditionSchema.safeParse(split(100)).success).toBe(true);
    expect(issues(split(101))).toEqual([{ path: 'groups', message: 'A condition holds at most 100 filters in all' }]);
  });
});

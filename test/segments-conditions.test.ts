/**
 * Every operator of every field family against PostgreSQL: a small table of contacts where each
 * filter has matching and non-matching rows, including missing attributes, JSON nulls, values of
 * the wrong type and impossible dates.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createProject } from '../core/projects/keys.js';
import { compileConditionWithSegments } from '../core/segments/membership.js';
import { CONDITION_EXAMPLE, ConditionSchema, type Condition, type Filter } from '../core/segments/condition.js';
import { newId } from '../db/ids.js';
import type { MikroORM } from '../db/orm.js';
import { useMigratedPassOrm } from './helpers.js';

const NOW = new Date('2026-11-24T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const H = 3_600_000;
const D = 24 * H;

let orm: MikroORM;
useMigratedPassOrm((opened) => (orm = opened));
let projectId: string;
const ids: Record<string, string> = {};
const STATIC_SEG = newId();
const DYNAMIC_SEG = newId();

// seenAt: datetimes around the UTC day 2026-11-24, some with offsets that move them across midnight.
const CONTACTS = {
  A: { email: 'a@acme.com', subscribed: true, created: new Date('2026-01-15T10:00:00Z'), updated: ago(H),
    data: { plan: 'pro', age: 30, tags: ['vip', 'beta'], birthday: '1990-05-01', trialEnds: '2026-11-20T10:00:00Z', address: { city: 'Paris' }, flag: true,
      seenAt: '2026-11-24T22:00:00-03:00' } },
  B: { email: 'b@example.com', subscribed: false, created: new Date('2026-01-16T00:00:00Z'), updated: ago(3 * D),
    data: { plan: 'free', age: 17, tags: ['beta'], birthday: '1990-05-02', address: { city: 'Berlin' }, flag: false, note: 'hello_world',
      seenAt: '2026-11-25T01:00:00+03:00' } },
  C: { email: 'c@acme.org', subscribed: true, created: new Date('2026-02-01T00:00:00Z'), updated: ago(10 * D),
    data: { plan: null, age: '30', tags: 'vip', birthday: 'not a date', address: {}, flag: 'true', seenAt: '2026-11-24' } },
  D: { email: 'd@other.net', subscribed: true, created: ago(2 * H), updated: ago(2 * H), data: { seenAt: '2026-11-24T00:00:00Z' } },
  E: { email: 'e@acme.com', subscribed: false, created: new Date('2026-01-15T23:59:59Z'), updated: ago(40 * D),
    data: { plan: 'Pro', age: 45.5, birthday: '2026-02-31', trialEnds: '2026-11-24T06:00:00Z', seenAt: '2026-11-25T00:00:00Z' } },
} as const;
type Key = keyof typeof CONTACTS;

beforeAll(async () => {
  const em = orm.em.fork();
  projectId = (await createProject(em, 'conditions')).project.id;
  const other = (await createProject(em, 'other')).project.id;
  const conn = em.getConnection();
  for (const [key, c] of Object.entries(CONTACTS)) {
    ids[key] = newId();
    await conn.execute('insert into contacts (id, project_id, email, subscribed, data, created_at, updated_at) values (?, ?, ?, ?, ?::jsonb, ?, ?)', [
      ids[key], projectId, c.email, c.subscribed, JSON.stringify(c.data), c.created, c.updated,
    ]);
  }
  const event = (contact: Key, name: string, at: Date, project = projectId) =>
    conn.execute('insert into events (id, project_id, name, contact_id, created_at) values (?, ?, ?, ?, ?)', [newId(), project, name, ids[contact], at]);
  await event('A', 'signup', ago(2 * D));
  await event('A', 'email.opened', ago(10 * D));
  await event('B', 'signup', ago(30 * D));
  await event('C', 'signup', ago(H));
  await event('C', 'signup', ago(20 * D));
  await event('E', 'email.opened', ago(40 * D));
  await event('B', 'email.delivered', ago(2 * D));
  await event('B', 'email.delivered', ago(50 * D));
  await event('C', 'email.delivered', ago(40 * D));
  // An event of another project naming this project's contact: never seen by this project's conditions.
  await event('D', 'leak', ago(H), other);
  await conn.execute(`insert into segments (id, project_id, name, type) values (?, ?, 'static', 'STATIC')`, [STATIC_SEG, projectId]);
  await conn.execute(`insert into segment_members (segment_id, contact_id, project_id) values (?, ?, ?), (?, ?, ?)`, [
    STATIC_SEG, ids.A, projectId, STATIC_SEG, ids.B, projectId,
  ]);
  const pro: Condition = { logic: 'AND', groups: [{ filters: [{ field: 'data.plan', operator: 'equals', value: 'pro' }] }] };
  await conn.execute(`insert into segments (id, project_id, name, type, condition) values (?, ?, 'pro', 'DYNAMIC', ?::jsonb)`, [DYNAMIC_SEG, projectId, JSON.stringify(pro)]);
});

async function matching(condition: Condition): Promise<Key[]> {
  expect(ConditionSchema.safeParse(condition).error?.issues ?? []).toEqual([]);
  const em = orm.em.fork();
  const expr = await compileConditionWithSegments(em, condition, { projectId, now: NOW });
  const rows = await em.getConnection().execute<{ id: string }[]>(`select c.id from contacts c where c.project_id = ? and (${expr.sql})`, [projectId, ...expr.params]);
  const byId = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]));
  return rows.map((r) => byId[r.id] as Key).sort();
}
const only = (f: Filter) => matching({ logic: 'AND', groups: [{ filters: [f] }] });

type Case = [string, Filter, Key[]];
const f = (field: string, operator: Filter['operator'], value?: unknown, unit?: Filter['unit']): Filter =>
  ({ field, operator, ...(value !== undefined ? { value } : {}), ...(unit ? { unit } : {}) }) as Filter;

const CASES: Case[] = [
  // email: case-insensitive; LIKE wildcards in values are literal
  ['email equals', f('email', 'equals', 'A@ACME.com'), ['A']],
  ['email notEquals', f('email', 'notEquals', 'a@acme.com'), ['B', 'C', 'D', 'E']],
  ['email contains', f('email', 'contains', '@ACME.'), ['A', 'C', 'E']],
  ['email contains a literal _', f('email', 'contains', 'a_'), []],
  ['email notContains', f('email', 'notContains', '@acme.'), ['B', 'D']],
  ['email startsWith', f('email', 'startsWith', 'B@'), ['B']],
  ['email endsWith', f('email', 'endsWith', '.COM'), ['A', 'B', 'E']],
  ['email in', f('email', 'in', ['a@acme.com', 'D@other.net', 'zz@x.y']), ['A', 'D']],
  ['email notIn', f('email', 'notIn', ['a@acme.com']), ['B', 'C', 'D', 'E']],
  // subscribed
  ['subscribed equals', f('subscribed', 'equals', true), ['A', 'C', 'D']],
  ['subscribed notEquals', f('subscribed', 'notEquals', true), ['B', 'E']],
  // createdAt / updatedAt
  ['createdAt equals a day', f('createdAt', 'equals', '2026-01-15'), ['A', 'E']],
  ['createdAt equals an instant', f('createdAt', 'equals', '2026-01-15T10:00:00Z'), ['A']],
  ['createdAt notEquals a day', f('createdAt', 'notEquals', '2026-01-15'), ['B', 'C', 'D']],
  ['createdAt greaterThan a day', f('createdAt', 'greaterThan', '2026-01-15'), ['B', 'C', 'D']],
  ['createdAt greaterThanOrEqual', f('createdAt', 'greaterThanOrEqual', '2026-01-16'), ['B', 'C', 'D']],
  ['createdAt lessThan', f('createdAt', 'lessThan', '2026-01-16'), ['A', 'E']],
  ['createdAt lessThanOrEqual a day', f('createdAt', 'lessThanOrEqual', '2026-01-15'), ['A', 'E']],
  ['createdAt within', f('createdAt', 'within', 1, 'days'), ['D']],
  ['createdAt olderThan', f('createdAt', 'olderThan', 300, 'days'), ['A', 'B', 'E']],
  ['updatedAt within', f('updatedAt', 'within', 2, 'days'), ['A', 'D']],
  ['updatedAt olderThan', f('updatedAt', 'olderThan', 30, 'days'), ['E']],
  ['updatedAt equals a day', f('updatedAt', 'equals', '2026-11-24'), ['A', 'D']],
  ['updatedAt notEquals a day', f('updatedAt', 'notEquals', '2026-11-24'), ['B', 'C', 'E']],
  ['updatedAt greaterThan a day', f('updatedAt', 'greaterThan', '2026-11-21'), ['A', 'D']],
  ['updatedAt greaterThanOrEqual a day', f('updatedAt', 'greaterThanOrEqual', '2026-11-21'), ['A', 'B', 'D']],
  ['updatedAt lessThan an instant', f('updatedAt', 'lessThan', '2026-11-21T12:00:00Z'), ['C', 'E']],
  ['updatedAt lessThanOrEqual an instant', f('updatedAt', 'lessThanOrEqual', '2026-11-21T12:00:00Z'), ['B', 'C', 'E']],
  ['updatedAt greaterThan an instant (offset)', f('updatedAt', 'greaterThan', '2026-11-24T12:30:00+02:00'), ['A']],
  // data: typed comparisons, missing keys and nulls never match negatives or comparisons
  ['data equals string (case-sensitive)', f('data.plan', 'equals', 'pro'), ['A']],
  ['data equals number', f('data.age', 'equals', 30), ['A']],
  ['data equals a numeric string', f('data.age', 'equals', '30'), ['C']],
  ['data equals false', f('data.flag', 'equals', false), ['B']],
  ['data equals nested path', f('data.address.city', 'equals', 'Paris'), ['A']],
  ['data equals a day', f('data.birthday', 'equals', '1990-05-01'), ['A']],
  ['data notEquals', f('data.plan', 'notEquals', 'pro'), ['B', 'E']],
  ['data notEquals a day', f('data.birthday', 'notEquals', '1990-05-01'), ['B', 'C', 'E']],
  ['data contains (array element or substring)', f('data.tags', 'contains', 'vip'), ['A', 'C']],
  ['data contains substring', f('data.plan', 'contains', 'r'), ['A', 'B', 'E']],
  ['data notContains', f('data.tags', 'notContains', 'vip'), ['B']],
  ['data startsWith', f('data.plan', 'startsWith', 'P'), ['E']],
  ['data startsWith a literal %', f('data.note', 'startsWith', 'hello%'), []],
  ['data endsWith', f('data.plan', 'endsWith', 'ee'), ['B']],
  ['data greaterThan number', f('data.age', 'greaterThan', 20), ['A', 'E']],
  ['data lessThan number', f('data.age', 'lessThan', 30), ['B']],
  ['data lessThanOrEqual number', f('data.age', 'lessThanOrEqual', 30), ['A', 'B']],
  ['data greaterThanOrEqual number', f('data.age', 'greaterThanOrEqual', 45.5), ['E']],
  ['data greaterThan a day', f('data.birthday', 'greaterThan', '1990-05-01'), ['B']],
  ['data lessThan a day', f('data.trialEnds', 'lessThan', '2026-11-21'), ['A']],
  // a day against stored datetimes: the whole UTC day, whatever offset they were written with
  ['data equals a day, datetimes inside it', f('data.trialEnds', 'equals', '2026-11-24'), ['E']],
  ['data equals a day, across offsets and midnight', f('data.seenAt', 'equals', '2026-11-24'), ['B', 'C', 'D']],
  ['data notEquals a day, across offsets and midnight', f('data.seenAt', 'notEquals', '2026-11-24'), ['A', 'E']],
  ['data greaterThanOrEqual a day', f('data.birthday', 'greaterThanOrEqual', '1990-05-02'), ['B']],
  ['data lessThanOrEqual a day', f('data.birthday', 'lessThanOrEqual', '1990-05-01'), ['A']],
  ['data greaterThanOrEqual a day, datetimes', f('data.seenAt', 'greaterThanOrEqual', '2026-11-25'), ['A', 'E']],
  ['data lessThanOrEqual a day, datetimes', f('data.trialEnds', 'lessThanOrEqual', '2026-11-20'), ['A']],
  ['data greaterThanOrEqual an instant', f('data.trialEnds', 'greaterThanOrEqual', '2026-11-24T06:00:00Z'), ['E']],
  ['data lessThanOrEqual an instant (offset)', f('data.seenAt', 'lessThanOrEqual', '2026-11-24T01:00:00+01:00'), ['C', 'D']],
  ['data in', f('data.plan', 'in', ['pro', 'free']), ['A', 'B']],
  ['data in numbers', f('data.age', 'in', [17, 45.5]), ['B', 'E']],
  ['data notIn', f('data.plan', 'notIn', ['pro']), ['B', 'E']],
  // booleans match JSON booleans only, never the string "true"
  ['data in true', f('data.flag', 'in', [true]), ['A']],
  ['data in false or a string', f('data.flag', 'in', [false, 'true']), ['B', 'C']],
  ['data notIn true', f('data.flag', 'notIn', [true]), ['B', 'C']],
  ['data notIn both booleans', f('data.flag', 'notIn', [true, false]), ['C']],
  ['data exists (null is missing)', f('data.plan', 'exists'), ['A', 'B', 'E']],
  ['data notExists', f('data.plan', 'notExists'), ['C', 'D']],
  ['data exists nested', f('data.address.city', 'exists'), ['A', 'B']],
  ['data notExists nested', f('data.address.city', 'notExists'), ['C', 'D', 'E']],
  ['data within', f('data.trialEnds', 'within', 1, 'days'), ['E']],
  ['data within 7 days', f('data.trialEnds', 'within', 7, 'days'), ['A', 'E']],
  ['data olderThan', f('data.trialEnds', 'olderThan', 1, 'days'), ['A']],
  // events and email activity, scoped to the project
  ['event triggered', f('event.signup', 'triggered'), ['A', 'B', 'C']],
  ['event notTriggered', f('event.signup', 'notTriggered'), ['D', 'E']],
  ['event triggeredWithin', f('event.signup', 'triggeredWithin', 7, 'days'), ['A', 'C']],
  ['event triggeredOlderThan', f('event.signup', 'triggeredOlderThan', 7, 'days'), ['B', 'C']],
  ['event notTriggeredWithin', f('event.signup', 'notTriggeredWithin', 7, 'days'), ['B', 'D', 'E']],
  ['event of another project', f('event.leak', 'triggered'), []],
  ['email.opened triggered', f('email.opened', 'triggered'), ['A', 'E']],
  ['email.opened triggeredWithin', f('email.opened', 'triggeredWithin', 30, 'days'), ['A']],
  ['email.clicked notTriggered', f('email.clicked', 'notTriggered'), ['A', 'B', 'C', 'D', 'E']],
  ['email.opened triggeredOlderThan', f('email.opened', 'triggeredOlderThan', 30, 'days'), ['E']],
  ['email.opened notTriggeredWithin', f('email.opened', 'notTriggeredWithin', 30, 'days'), ['B', 'C', 'D', 'E']],
  ['email.delivered triggeredOlderThan (any such event)', f('email.delivered', 'triggeredOlderThan', 30, 'days'), ['B', 'C']],
  ['email.delivered notTriggeredWithin (older or never)', f('email.delivered', 'notTriggeredWithin', 7, 'days'), ['A', 'C', 'D', 'E']],
  ['email.delivered notTriggeredWithin, hours', f('email.delivered', 'notTriggeredWithin', 24, 'hours'), ['A', 'B', 'C', 'D', 'E']],
  // segments
  ['static segment member', f(`segment.${STATIC_SEG}`, 'equals', true), ['A', 'B']],
  ['static segment exists', f(`segment.${STATIC_SEG}`, 'exists'), ['A', 'B']],
  ['static segment not member', f(`segment.${STATIC_SEG}`, 'equals', false), ['C', 'D', 'E']],
  ['static segment notExists', f(`segment.${STATIC_SEG}`, 'notExists'), ['C', 'D', 'E']],
  ['dynamic segment member', f(`segment.${DYNAMIC_SEG}`, 'notEquals', false), ['A']],
  ['a segment not in the project', f(`segment.${newId()}`, 'equals', true), []],
];

describe('conditions against PostgreSQL', () => {
  it.each(CASES)('%s', async (_name, filter, expected) => {
    expect(await only(filter)).toEqual(expected);
  });

  it('the documented example', async () => {
    expect(await matching(CONDITION_EXAMPLE)).toEqual(['A']);
  });

  it('OR of groups, with a nested condition AND-ed to its group', async () => {
    const c: Condition = {
      logic: 'OR',
      groups: [
        { filters: [f('data.plan', 'equals', 'pro'), f('subscribed', 'equals', true)] },
        {
          filters: [f('email', 'endsWith', '.com')],
          conditions: { logic: 'OR', groups: [{ filters: [f('data.age', 'greaterThan', 40)] }, { filters: [f('data.tags', 'contains', 'beta')] }] },
        },
      ],
    };
    expect(await matching(c)).toEqual(['A', 'B', 'E']);
  });

  it('AND of groups and five levels of nesting', async () => {
    let c: Condition = { logic: 'AND', groups: [{ filters: [f('event.signup', 'triggered')] }] };
    for (let i = 0; i < 4; i++) c = { logic: i % 2 ? 'AND' : 'OR', groups: [{ filters: [f('email', 'contains', 'acme')], conditions: c }] };
    expect(await matching(c)).toEqual(['A', 'C']);
    expect(await matching({ logic: 'AND', groups: [{ filters: [f('subscribed', 'equals', true)] }, { filters: [f('event.signup', 'triggered')] }] })).toEqual(['A', 'C']);
  });
});

describe('segments named more than once (compiled once, shared)', () => {
  it('a diamond of dynamic segments, named as members and as non-members, matches what the segments\' own answers combine to', async () => {
    const [BASE, LEFT, RIGHT] = [newId(), newId(), newId()];
    const cond = (logic: 'AND' | 'OR', ...groups: Filter[][]): Condition => ({ logic, groups: groups.map((filters) => ({ filters })) });
    const inSeg = (id: string, v = true) => f(`segment.${id}`, 'equals', v);
    const acme = f('email', 'contains', 'acme');
    const subscribed = f('subscribed', 'equals', true);
    const free = f('data.plan', 'equals', 'free');
    const base = cond('OR', [f('data.age', 'greaterThan', 20)], [f('event.signup', 'triggeredWithin', 7, 'days')]);
    const conn = orm.em.fork().getConnection();
    const save = (id: string, c: Condition, refs: string[] = []) =>
      conn.execute(`insert into segments (id, project_id, name, type, condition, refs) values (?, ?, ?, 'DYNAMIC', ?::jsonb, ?::jsonb)`, [id, projectId, id, JSON.stringify(c), JSON.stringify(refs)]);
    await save(BASE, base);
    await save(LEFT, cond('OR', [inSeg(BASE), acme], [inSeg(BASE, false)]), [BASE]);
    await save(RIGHT, cond('AND', [inSeg(BASE), subscribed]), [BASE]);
    const top = cond('OR', [inSeg(LEFT), inSeg(RIGHT)], [inSeg(LEFT, false), free]);

    const expr = await compileConditionWithSegments(orm.em.fork(), top, { projectId, now: NOW });
    expect(expr.sql.match(/lateral \(/g)).toHaveLength(2); // BASE and LEFT, each once

    // The expected answer from each part's own matches (a filter that is unknown for a contact
    // does not match it; `segment = false` matches exactly the contacts not in the segment).
    const all = new Set<Key>(Object.keys(CONTACTS) as Key[]);
    const and = (a: Set<Key>, b: Set<Key>) => new Set([...a].filter((k) => b.has(k)));
    const or = (a: Set<Key>, b: Set<Key>) => new Set([...a, ...b]);
    const notIn = (a: Set<Key>) => new Set([...all].filter((k) => !a.has(k)));
    const B = new Set(await matching(base));
    const L = or(and(B, new Set(await only(acme))), notIn(B));
    const R = and(B, new Set(await only(subscribed)));
    const expected = [...or(and(L, R), and(notIn(L), new Set(await only(free))))].sort();
    expect(B.size).toBeGreaterThan(0);
    expect(B.size).toBeLessThan(all.size);
    expect(await matching(top)).toEqual(expected);
  });
});

describe('condition_timestamptz (dates inside data)', () => {
  it('parses real ISO dates and datetimes (no zone: UTC) and nothing else, never failing', async () => {
    const cases: [unknown, string | null][] = [
      ['2024-02-29', '2024-02-29T00:00:00.000Z'],
      ['2026-02-29', null],
      ['2026-04-31', null],
      ['2026-01-15T10:00', '2026-01-15T10:00:00.000Z'],
      ['2026-01-15T10:00:00+05:30', '2026-01-15T04:30:00.000Z'],
      ['2026-01-15 10:00:00.123-0800', '2026-01-15T18:00:00.123Z'],
      ['2026-01-15T24:00:00Z', null],
      ['now', null],
      ['0000-01-01', null],
      [20260115, null],
      [null, null],
    ];
    const conn = orm.em.fork().getConnection();
    for (const [value, expected] of cases) {
      const [row] = await conn.execute<{ t: Date | null }[]>('select condition_timestamptz(?::jsonb) as t', [JSON.stringify(value)]);
      expect(row.t ? new Date(row.t).toISOString() : null, String(value)).toBe(expected);
    }
  });
});

/**
 * The condition compiler without a database: per field family and operator, the SQL shape and
 * that every value travels as a parameter (never in the SQL text). Results against PostgreSQL are
 * in segments-conditions.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { compileCondition, UnresolvedSegmentError, type SegmentRef } from '../core/segments/compile.js';
import { CONDITION_EXAMPLE, type Condition, type Filter } from '../core/segments/condition.js';

const NOW = new Date('2026-11-24T12:00:00Z');
const P = '0192f5d0-0000-7000-8000-000000000001';
const SEG = '0192f5d0-0000-7000-8000-0000000000aa';
const one = (f: Filter, opts: { segments?: Map<string, SegmentRef>; alias?: string } = {}) =>
  compileCondition({ logic: 'AND', groups: [{ filters: [f] }] }, { projectId: P, now: NOW, ...opts });
const holes = (sql: string) => sql.split('?').length - 1;
const days = (n: number) => new Date(NOW.getTime() - n * 86_400_000);

/** A marker value that must show up in params and never in SQL. */
const MARK = "x'; drop table contacts; --";

describe('compileCondition: shape', () => {
  it('compiles the documented example into one parameterised expression', () => {
    const out = compileCondition(CONDITION_EXAMPLE, { projectId: P, now: NOW });
    expect(out.sql).toBe(
      '((c.data @> ?::jsonb) and (exists (select 1 from events ev1 where ev1.project_id = ? and ev1.contact_id = c.id and ev1.contact_id is not null and ev1.name = ? and ev1.created_at >= ?))) and ((c.email like ?) and (c.subscribed = ?))',
    );
    expect(out.params).toEqual(['{"plan":"pro"}', P, 'signup', days(7), '%@acme.com%', true]);
  });

  it('OR joins groups; a nested condition is AND-ed with its group', () => {
    const c: Condition = {
      logic: 'OR',
      groups: [
        { filters: [{ field: 'subscribed', operator: 'equals', value: true }] },
        { filters: [{ field: 'subscribed', operator: 'equals', value: false }], conditions: { logic: 'AND', groups: [{ filters: [{ field: 'email', operator: 'endsWith', value: '.org' }] }] } },
      ],
    };
    const out = compileCondition(c, { projectId: P, now: NOW });
    expect(out.sql).toBe('(c.subscribed = ?) or ((c.subscribed = ?) and (c.email like ?))');
    expect(out.params).toEqual([true, false, '%.org']);
  });

  it('uses the given alias everywhere', () => {
    const out = one({ field: 'event.x', operator: 'triggered' }, { alias: 'k' });
    expect(out.sql).toContain('contact_id = k.id');
    expect(() => one({ field: 'email', operator: 'equals', value: 'a' }, { alias: 'c; drop' })).toThrow(/alias/);
  });

  it('keeps every value out of the SQL text, whatever the family', () => {
    const filters: Filter[] = [
      { field: 'email', operator: 'contains', value: MARK },
      { field: 'data.plan', operator: 'equals', value: MARK },
      { field: 'data.plan', operator: 'startsWith', value: MARK },
      { field: 'data.plan', operator: 'in', value: [MARK, 'b'] },
      { field: `data.${MARK}`, operator: 'exists' },
      { field: `event.${MARK.replace(/\s/g, '')}`, operator: 'triggered' },
    ];
    for (const f of filters) {
      const out = one(f);
      expect(out.sql, f.field).not.toContain('drop');
      expect(holes(out.sql), f.field).toBe(out.params.length);
    }
  });
});

describe('compileCondition: email (case-insensitive)', () => {
  it.each<[Filter['operator'], unknown, string, unknown[]]>([
    ['equals', ' Ada@Example.COM ', 'c.email = ?', ['ada@example.com']],
    ['notEquals', 'A@B.C', 'c.email <> ?', ['a@b.c']],
    ['contains', '@Acme', 'c.email like ?', ['%@acme%']],
    ['notContains', '100%_x', 'c.email not like ?', ['%100\\%\\_x%']],
    ['startsWith', 'Ada', 'c.email like ?', ['ada%']],
    ['endsWith', '.COM', 'c.email like ?', ['%.com']],
    ['in', ['A@x.io', 'b@x.io'], 'c.email in (?, ?)', ['a@x.io', 'b@x.io']],
    ['notIn', ['A@x.io'], 'c.email not in (?)', ['a@x.io']],
  ])('%s', (operator, value, sql, params) => {
    expect(one({ field: 'email', operator, value: value as never })).toEqual({ sql, params });
  });
});

describe('compileCondition: subscribed', () => {
  it('equals / notEquals', () => {
    expect(one({ field: 'subscribed', operator: 'equals', value: true })).toEqual({ sql: 'c.subscribed = ?', params: [true] });
    expect(one({ field: 'subscribed', operator: 'notEquals', value: true })).toEqual({ sql: 'c.subscribed <> ?', params: [true] });
  });
});

describe('compileCondition: createdAt / updatedAt', () => {
  const d0 = new Date('2026-01-15T00:00:00Z');
  const d1 = new Date('2026-01-16T00:00:00Z');
  const at = new Date('2026-01-15T10:30:00Z');
  it.each<[Filter['operator'], unknown, string, unknown[]]>([
    ['equals', '2026-01-15', '(c.created_at >= ? and c.created_at < ?)', [d0, d1]],
    ['equals', '2026-01-15T10:30:00Z', 'c.created_at = ?', [at]],
    ['notEquals', '2026-01-15', '(c.created_at < ? or c.created_at >= ?)', [d0, d1]],
    ['greaterThan', '2026-01-15', 'c.created_at >= ?', [d1]],
    ['greaterThan', '2026-01-15T10:30:00Z', 'c.created_at > ?', [at]],
    ['greaterThanOrEqual', '2026-01-15', 'c.created_at >= ?', [d0]],
    ['lessThan', '2026-01-15', 'c.created_at < ?', [d0]],
    ['lessThanOrEqual', '2026-01-15', 'c.created_at < ?', [d1]],
    ['lessThanOrEqual', '2026-01-15T10:30:00+00:00', 'c.created_at <= ?', [at]],
  ])('%s %s', (operator, value, sql, params) => {
    expect(one({ field: 'createdAt', operator, value: value as never })).toEqual({ sql, params });
  });
  it('within / olderThan are windows back from now', () => {
    expect(one({ field: 'updatedAt', operator: 'within', value: 2, unit: 'hours' })).toEqual({
      sql: '(c.updated_at >= ? and c.updated_at <= ?)',
      params: [new Date(NOW.getTime() - 2 * 3_600_000), NOW],
    });
    expect(one({ field: 'updatedAt', operator: 'olderThan', value: 30, unit: 'minutes' })).toEqual({
      sql: 'c.updated_at < ?',
      params: [new Date(NOW.getTime() - 30 * 60_000)],
    });
  });
});

describe('compileCondition: data.<path>', () => {
  const X = 'jsonb_extract_path(c.data, ?, ?)';
  it('equals is jsonb containment of the nested path (GIN-served), typed by the JSON value', () => {
    expect(one({ field: 'data.a.b', operator: 'equals', value: 5 })).toEqual({ sql: 'c.data @> ?::jsonb', params: ['{"a":{"b":5}}'] });
    expect(one({ field: 'data.ok', operator: 'equals', value: false }).params).toEqual(['{"ok":false}']);
  });
  it('equals on a date value compares parsed dates over the whole day, after a text prefilter on the day', () => {
    const out = one({ field: 'data.a.b', operator: 'equals', value: '2026-02-01' });
    const T = 'jsonb_extract_path_text(c.data, ?, ?)';
    expect(out.sql).toBe(`(${T} collate "C" >= ?) and (left(${T}, 10) collate "C" < ?) and ((condition_timestamptz(${X}) >= ? and condition_timestamptz(${X}) < ?))`);
    expect(out.params).toEqual(['a', 'b', '2026-01-31', 'a', 'b', '2026-02-04', 'a', 'b', new Date('2026-02-01T00:00:00Z'), 'a', 'b', new Date('2026-02-02T00:00:00Z')]);
  });
  it('notEquals needs the key present and not null', () => {
    const out = one({ field: 'data.a.b', operator: 'notEquals', value: 'x' });
    expect(out.sql).toBe(`(coalesce(jsonb_typeof(${X}), 'null') <> 'null') and (not coalesce((c.data @> ?::jsonb), false))`);
    expect(out.params).toEqual(['a', 'b', '{"a":{"b":"x"}}']);
  });
  it('contains: substring of a string or element of an array; numbers only as elements', () => {
    const s = one({ field: 'data.a.b', operator: 'contains', value: 'v_1' });
    expect(s.sql).toBe(`((jsonb_typeof(${X}) = 'string' and jsonb_extract_path_text(c.data, ?, ?) like ?)) or (c.data @> ?::jsonb)`);
    expect(s.params).toEqual(['a', 'b', 'a', 'b', '%v\\_1%', '{"a":{"b":["v_1"]}}']);
    expect(one({ field: 'data.tags', operator: 'contains', value: 3 })).toEqual({ sql: 'c.data @> ?::jsonb', params: ['{"tags":[3]}'] });
  });
  it('notContains only applies to strings and arrays', () => {
    const out = one({ field: 'data.t', operator: 'notContains', value: 'x' });
    expect(out.sql.startsWith("(jsonb_typeof(jsonb_extract_path(c.data, ?)) in ('string', 'array')) and (not coalesce(")).toBe(true);
    expect(holes(out.sql)).toBe(out.params.length);
  });
  it('startsWith / endsWith need a string', () => {
    expect(one({ field: 'data.t', operator: 'startsWith', value: 'ab%' })).toEqual({
      sql: "(jsonb_typeof(jsonb_extract_path(c.data, ?)) = 'string' and jsonb_extract_path_text(c.data, ?) like ?)",
      params: ['t', 't', 'ab\\%%'],
    });
    expect(one({ field: 'data.t', operator: 'endsWith', value: 'z' }).params).toEqual(['t', 't', '%z']);
  });
  it.each([
    ['greaterThan', '>'],
    ['lessThan', '<'],
    ['greaterThanOrEqual', '>='],
    ['lessThanOrEqual', '<='],
  ] as const)('%s a number casts only JSON numbers', (operator, op) => {
    expect(one({ field: 'data.n', operator, value: 10 })).toEqual({
      sql: `(case when jsonb_typeof(jsonb_extract_path(c.data, ?)) = 'number' then (jsonb_extract_path(c.data, ?))::numeric end) ${op} ?`,
      params: ['n', 'n', 10],
    });
  });
  it('comparisons with a date value compare parsed dates', () => {
    expect(one({ field: 'data.d', operator: 'greaterThan', value: '2026-03-01' })).toEqual({
      sql: '(jsonb_extract_path_text(c.data, ?) collate "C" >= ?) and (condition_timestamptz(jsonb_extract_path(c.data, ?)) >= ?)',
      params: ['d', '2026-02-28', 'd', new Date('2026-03-02T00:00:00Z')],
    });
    expect(one({ field: 'data.d', operator: 'lessThan', value: '2026-03-01' }).params).toEqual(['d', '2026-03-04', 'd', new Date('2026-03-01T00:00:00Z')]);
  });
  it('in / notIn are ORs of containment', () => {
    expect(one({ field: 'data.plan', operator: 'in', value: ['a', 2] })).toEqual({
      sql: '(c.data @> ?::jsonb) or (c.data @> ?::jsonb)',
      params: ['{"plan":"a"}', '{"plan":2}'],
    });
    const out = one({ field: 'data.plan', operator: 'notIn', value: ['a'] });
    expect(out.sql).toBe("(coalesce(jsonb_typeof(jsonb_extract_path(c.data, ?)), 'null') <> 'null') and (not coalesce((c.data @> ?::jsonb), false))");
  });
  it('exists / notExists treat JSON null as missing', () => {
    expect(one({ field: 'data.p', operator: 'exists' })).toEqual({ sql: "coalesce(jsonb_typeof(jsonb_extract_path(c.data, ?)), 'null') <> 'null'", params: ['p'] });
    expect(one({ field: 'data.p', operator: 'notExists' }).sql).toBe("not coalesce((coalesce(jsonb_typeof(jsonb_extract_path(c.data, ?)), 'null') <> 'null'), false)");
  });
  it('within / olderThan parse the stored value as a date', () => {
    const T = 'jsonb_extract_path_text(c.data, ?)';
    expect(one({ field: 'data.d', operator: 'within', value: 3, unit: 'days' })).toEqual({
      sql: `(${T} collate "C" >= ?) and (left(${T}, 10) collate "C" < ?) and ((condition_timestamptz(jsonb_extract_path(c.data, ?)) >= ? and condition_timestamptz(jsonb_extract_path(c.data, ?)) <= ?))`,
      params: ['d', '2026-11-20', 'd', '2026-11-26', 'd', days(3), 'd', NOW],
    });
    expect(one({ field: 'data.d', operator: 'olderThan', value: 3, unit: 'days' }).params).toEqual(['d', '2026-11-23', 'd', days(3)]);
  });
});

describe('compileCondition: event.<name> and email.<activity>', () => {
  const base = 'select 1 from events ev1 where ev1.project_id = ? and ev1.contact_id = c.id and ev1.contact_id is not null and ev1.name = ?';
  it.each<[Filter['operator'], string, unknown[]]>([
    ['triggered', `exists (${base})`, [P, 'signup']],
    ['notTriggered', `not exists (${base})`, [P, 'signup']],
    ['triggeredWithin', `exists (${base} and ev1.created_at >= ?)`, [P, 'signup', days(7)]],
    ['triggeredOlderThan', `exists (${base} and ev1.created_at < ?)`, [P, 'signup', days(7)]],
    ['notTriggeredWithin', `not exists (${base} and ev1.created_at >= ?)`, [P, 'signup', days(7)]],
  ])('event %s', (operator, sql, params) => {
    const windowed = operator !== 'triggered' && operator !== 'notTriggered';
    expect(one({ field: 'event.signup', operator, ...(windowed ? { value: 7, unit: 'days' as const } : {}) })).toEqual({ sql, params });
  });
  it.each(['sent', 'delivered', 'opened', 'clicked', 'bounced', 'complained'])('email.%s is the email.%s event', (a) => {
    expect(one({ field: `email.${a}`, operator: 'triggered' }).params).toEqual([P, `email.${a}`]);
  });
  it('numbers subquery aliases so two event filters never collide', () => {
    const out = compileCondition(
      { logic: 'AND', groups: [{ filters: [{ field: 'event.a', operator: 'triggered' }, { field: 'event.b', operator: 'triggered' }] }] },
      { projectId: P, now: NOW },
    );
    expect(out.sql).toContain('ev1.name');
    expect(out.sql).toContain('ev2.name');
  });
});

describe('compileCondition: segment.<id>', () => {
  const field = `segment.${SEG}`;
  it('a static segment is a segment_members probe; false / notExists negate it', () => {
    const segments = new Map<string, SegmentRef>([[SEG, { type: 'STATIC', condition: null }]]);
    const member = 'exists (select 1 from segment_members sm1 where sm1.segment_id = ? and sm1.contact_id = c.id)';
    expect(one({ field, operator: 'equals', value: true }, { segments })).toEqual({ sql: member, params: [SEG] });
    expect(one({ field, operator: 'exists' }, { segments }).sql).toBe(member);
    expect(one({ field, operator: 'notEquals', value: false }, { segments }).sql).toBe(member);
    expect(one({ field, operator: 'equals', value: false }, { segments }).sql).toBe(`not coalesce((${member}), false)`);
    expect(one({ field, operator: 'notExists' }, { segments }).sql).toBe(`not coalesce((${member}), false)`);
  });
  it('a dynamic segment is its stored condition, inline', () => {
    const segments = new Map<string, SegmentRef>([[SEG, { type: 'DYNAMIC', condition: { logic: 'AND', groups: [{ filters: [{ field: 'data.plan', operator: 'equals', value: 'pro' }] }] } }]]);
    expect(one({ field, operator: 'equals', value: true }, { segments })).toEqual({ sql: '(c.data @> ?::jsonb)', params: ['{"plan":"pro"}'] });
  });
  it('a diamond of dynamic segments compiles each segment once: two named twice become shared columns read by every mention, one named once stays inline', () => {
    // TOP names LEFT and RIGHT; both name BASE; LEFT names BASE twice; ONCE is named by RIGHT only.
    const [BASE, LEFT, RIGHT, ONCE] = ['b1', 'b2', 'b3', 'b4'].map((x) => `0192f5d0-0000-7000-8000-0000000000${x}`);
    const data = (v: string): Filter => ({ field: 'data.mark', operator: 'equals', value: v });
    const seg = (id: string, value = true): Filter => ({ field: `segment.${id}`, operator: 'equals', value });
    const segments = new Map<string, SegmentRef>([
      [BASE, { type: 'DYNAMIC', condition: { logic: 'AND', groups: [{ filters: [data('base')] }] } }],
      [LEFT, { type: 'DYNAMIC', condition: { logic: 'OR', groups: [{ filters: [seg(BASE), data('left')] }, { filters: [seg(BASE, false)] }] } }],
      [RIGHT, { type: 'DYNAMIC', condition: { logic: 'AND', groups: [{ filters: [seg(BASE), seg(ONCE)] }] } }],
      [ONCE, { type: 'DYNAMIC', condition: { logic: 'AND', groups: [{ filters: [data('once')] }] } }],
    ]);
    const top: Condition = { logic: 'OR', groups: [{ filters: [seg(LEFT), seg(RIGHT)] }, { filters: [seg(LEFT, false), data('top')] }] };
    const out = compileCondition(top, { projectId: P, now: NOW, segments });
    for (const mark of ['base', 'left', 'once', 'top']) expect(out.params.filter((p) => p === JSON.stringify({ mark })), mark).toHaveLength(1);
    expect(out.params).toHaveLength(4);
    expect(holes(out.sql)).toBe(4);
    // BASE first (LEFT reads it), then LEFT; RIGHT is named once: inline, reading BASE's column.
    expect(out.sql).toBe(
      'exists (select 1 from lateral (select (c.data @> ?::jsonb) as member offset 0) sg1, ' +
        'lateral (select (((sg1.member) and (c.data @> ?::jsonb)) or (not coalesce((sg1.member), false))) as member offset 0) sg2 ' +
        'where ((sg2.member) and (((sg1.member) and ((c.data @> ?::jsonb))))) or ((not coalesce((sg2.member), false)) and (c.data @> ?::jsonb)))',
    );
    expect(out.params).toEqual(['{"mark":"base"}', '{"mark":"left"}', '{"mark":"once"}', '{"mark":"top"}']);
  });

  it('a chain of 12 segments each naming the one below twice (4,096 filters expanded) compiles to 12 shared columns, one value each', () => {
    const ids = Array.from({ length: 12 }, (_, i) => `0192f5d0-0000-7000-8000-${String(i).padStart(12, '0')}`);
    const segments = new Map<string, SegmentRef>(
      ids.map((id, i) => [
        id,
        { type: 'DYNAMIC', condition: i === 0
          ? { logic: 'AND', groups: [{ filters: [{ field: 'data.level', operator: 'equals', value: 0 }] }] }
          : { logic: 'OR', groups: [{ filters: [{ field: `segment.${ids[i - 1]}`, operator: 'exists' }, { field: 'data.level', operator: 'equals', value: i }] }, { filters: [{ field: `segment.${ids[i - 1]}`, operator: 'notExists' }] }] } },
      ]),
    );
    const top: Condition = { logic: 'AND', groups: [{ filters: [{ field: `segment.${ids[11]}`, operator: 'exists' }, { field: `segment.${ids[11]}`, operator: 'equals', value: false }] }] };
    const out = compileCondition(top, { projectId: P, now: NOW, segments });
    expect(out.params).toEqual(Array.from({ length: 12 }, (_, i) => JSON.stringify({ level: i })));
    expect(out.sql.match(/lateral \(/g)).toHaveLength(12);
    expect(out.sql.length).toBeLessThan(3000);
  });

  it('refuses an unloaded segment and a cycle', () => {
    expect(() => one({ field, operator: 'exists' })).toThrow(UnresolvedSegmentError);
    const self = new Map<string, SegmentRef>([[SEG, { type: 'DYNAMIC', condition: { logic: 'AND', groups: [{ filters: [{ field, operator: 'exists' }] }] } }]]);
    expect(() => one({ field, operator: 'exists' }, { segments: self })).toThrow(/refers back to itself/);
  });
});

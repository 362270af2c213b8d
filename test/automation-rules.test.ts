import { describe, expect, it } from 'vitest';
import { evalEventFilter } from '../core/automations/condition.js';
import { StepsSchema, type Step } from '../core/automations/definition.js';
import { checkGraph } from '../core/automations/graph.js';
import { nextLocalTime } from '../core/automations/wait-until.js';
import { isPublicAddress, vetTarget, WebhookRefused } from '../core/automations/webhook.js';
import type { DnsResolver } from '../core/domains/dns.js';

const steps = (raw: unknown[]): Step[] => StepsSchema.parse(raw);
const fields = (s: Step[]) => checkGraph(s).map((e) => `${e.field}:${e.code}`);

describe('checkGraph', () => {
  it('accepts the issue example shape', () => {
    const g = steps([
      { id: 'welcome', type: 'SEND_EMAIL', templateId: 't', next: 'wait' },
      { id: 'wait', type: 'DELAY', amount: 2, unit: 'days', next: 'check' },
      { id: 'check', type: 'CONDITION', condition: { logic: 'AND', groups: [{ filters: [{ field: 'data.plan', operator: 'equals', value: 'pro' }] }] }, branches: { yes: 'thanks', no: 'upsell' } },
      { id: 'thanks', type: 'SEND_EMAIL', templateId: 't' },
      { id: 'upsell', type: 'SEND_EMAIL', templateId: 't', next: 'done' },
      { id: 'done', type: 'EXIT' },
    ]);
    expect(checkGraph(g)).toEqual([]);
  });

  it('duplicate ids and transitions to missing steps, with their paths', () => {
    const g = steps([
      { id: 'a', type: 'DELAY', amount: 1, unit: 'seconds', next: 'nowhere' },
      { id: 'a', type: 'EXIT' },
      { id: 'c', type: 'WAIT_FOR_EVENT', eventName: 'x', timeout: { amount: 1, unit: 'days' }, branches: { event: 'gone', timeout: 'a' } },
    ]);
    expect(fields(g)).toEqual(['steps.1.id:duplicate_id', 'steps.0.next:unknown_step', 'steps.2.branches.event:unknown_step']);
  });

  it('unreachable steps', () => {
    const g = steps([{ id: 'a', type: 'EXIT' }, { id: 'b', type: 'EXIT' }, { id: 'c', type: 'DELAY', amount: 1, unit: 'seconds', next: 'b' }]);
    expect(fields(g)).toEqual(['steps.1:unreachable', 'steps.2:unreachable']);
  });

  it('a loop without a wait is refused; with a DELAY in it, allowed', () => {
    const loop = (withDelay: boolean) =>
      steps([
        { id: 'a', type: 'UPDATE_CONTACT', data: { n: 1 }, next: 'b' },
        withDelay ? { id: 'b', type: 'DELAY', amount: 1, unit: 'minutes', next: 'c' } : { id: 'b', type: 'UPDATE_CONTACT', next: 'c' },
        { id: 'c', type: 'CONDITION', condition: { logic: 'OR', groups: [{ filters: [{ field: 'data.n', operator: 'exists' }] }] }, branches: { yes: 'a', no: 'd' } },
        { id: 'd', type: 'EXIT' },
      ]);
    expect(fields(loop(false))).toEqual(['steps.0:cycle_without_wait']);
    expect(checkGraph(loop(true))).toEqual([]);
    expect(fields(steps([{ id: 'self', type: 'UPDATE_CONTACT', next: 'self' }]))).toEqual(['steps.0:cycle_without_wait']);
  });

  it('the schema refuses more than 100 steps, a DELAY over 365 days and a bad time zone', () => {
    const many = Array.from({ length: 101 }, (_, i) => ({ id: `s${i}`, type: 'EXIT' }));
    expect(StepsSchema.safeParse(many).error?.issues.map((i) => i.path.join('.'))).toEqual(['']);
    expect(StepsSchema.safeParse([{ id: 'd', type: 'DELAY', amount: 366, unit: 'days' }]).error?.issues.map((i) => i.path.join('.'))).toEqual(['0.amount']);
    expect(StepsSchema.safeParse([{ id: 'w', type: 'WAIT_UNTIL', time: '09:00', timezone: 'Mars/Olympus' }]).error?.issues.map((i) => i.path.join('.'))).toEqual(['0.timezone']);
  });
});

describe('nextLocalTime (WAIT_UNTIL)', () => {
  it('crosses the spring-forward change in Europe/Berlin: 09:00 local is 07:00Z on the CEST day', () => {
    // Saturday 2026-03-28 11:00 CET; clocks go forward on Sunday 2026-03-29 at 02:00.
    expect(nextLocalTime(new Date('2026-03-28T10:00:00Z'), '09:00', 'Europe/Berlin').toISOString()).toBe('2026-03-29T07:00:00.000Z');
    // Before 09:00 local on the Saturday: still that day, in CET.
    expect(nextLocalTime(new Date('2026-03-28T07:00:00Z'), '09:00', 'Europe/Berlin').toISOString()).toBe('2026-03-28T08:00:00.000Z');
  });

  it('crosses the fall-back change in America/New_York', () => {
    // Saturday 2026-10-31 10:00 EDT; clocks go back on Sunday 2026-11-01.
    expect(nextLocalTime(new Date('2026-10-31T14:00:00Z'), '09:00', 'America/New_York').toISOString()).toBe('2026-11-01T14:00:00.000Z');
  });

  it('a time inside the spring-forward gap happens when the clocks have jumped (02:30 -> 03:30 CEST)', () => {
    expect(nextLocalTime(new Date('2026-03-28T12:00:00Z'), '02:30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('only on the given weekdays', () => {
    // Friday 2026-03-27 12:00 UTC; next Monday 08:00 in Tokyo is 2026-03-29T23:00Z.
    expect(nextLocalTime(new Date('2026-03-27T12:00:00Z'), '08:00', 'Asia/Tokyo', ['MON']).toISOString()).toBe('2026-03-29T23:00:00.000Z');
  });
});

describe('isPublicAddress (WEBHOOK SSRF guard)', () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fd00:ec2::254', 'fe80::1', '::ffff:127.0.0.1', '224.0.0.1'])(
    '%s is refused',
    (a) => expect(isPublicAddress(a)).toBe(false),
  );
  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('%s is public', (a) => expect(isPublicAddress(a)).toBe(true));

  // Every IPv6 form that carries a private or loopback IPv4 address in its last 32 bits, as text and as the URL parser writes it.
  it.each([
    '::127.0.0.1', '::7f00:1', // IPv4-compatible
    '::ffff:0:127.0.0.1', '::ffff:0:7f00:1', // SIIT
    '::ffff:7f00:1', '0:0:0:0:0:ffff:127.0.0.1', '0:0:0:0:0:FFFF:7F00:0001', // IPv4-mapped, other spellings
    '::10.0.0.1', '::ffff:0:10.0.0.1', '::169.254.169.254', '::ffff:0:a9fe:a9fe', '::192.168.1.1', '::ffff:0:172.16.0.1',
    '64:ff9b::127.0.0.1', '64:ff9b::8.8.8.8', // NAT64: the whole well-known prefix
    '2600::5efe:10.0.0.1', '2600::200:5efe:7f00:1', // ISATAP interface ids on a public prefix
    '2002:7f00:1::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2', // 6to4, Teredo: whole ranges
  ])('%s embeds a private IPv4 address (or is in a tunnel range) and is refused', (a) => expect(isPublicAddress(a)).toBe(false));
  it.each(['::8.8.8.8', '::ffff:0:8.8.8.8', '2600::5efe:8.8.8.8', '2600:5efe::1'])('%s embeds a public IPv4 address (or none) and is public', (a) => expect(isPublicAddress(a)).toBe(true));

  it.each(['http://[::127.0.0.1]/', 'http://[::ffff:0:127.0.0.1]/hook', 'http://[::ffff:127.0.0.1]:8080/', 'http://[::10.0.0.1]/', 'https://[::ffff:0:169.254.169.254]/latest/meta-data'])(
    'vetTarget refuses %s before any connection',
    async (url) => {
      const dns = { a: async () => ({ ok: true, records: [] }), aaaa: async () => ({ ok: true, records: [] }) } as unknown as DnsResolver;
      await expect(vetTarget(new URL(url), { dns })).rejects.toBeInstanceOf(WebhookRefused);
    },
  );
  it('vetTarget refuses a name whose AAAA answer is an IPv4-compatible or SIIT loopback address', async () => {
    for (const aaaa of ['::127.0.0.1', '::ffff:0:127.0.0.1']) {
      const dns = { a: async () => ({ ok: true, records: [] }), aaaa: async () => ({ ok: true, records: [aaaa] }) } as unknown as DnsResolver;
      await expect(vetTarget(new URL('http://hook.example/'), { dns })).rejects.toThrow(/not a public address/);
    }
  });
});

describe('CONDITION steps: the segments language plus event.data.<path>', () => {
  const cond = (filters: unknown[]) => StepsSchema.safeParse([{ id: 'c', type: 'CONDITION', condition: { logic: 'AND', groups: [{ filters }] }, branches: {} }]);

  it('accepts event.data filters with the data operators and keeps the field as written', () => {
    const r = cond([{ field: 'event.data.plan', operator: 'equals', value: 'pro' }, { field: 'data.country', operator: 'in', value: ['DE', 'FR'] }]);
    expect(r.success).toBe(true);
    expect((r.data![0] as any).condition.groups[0].filters.map((f: any) => f.field)).toEqual(['event.data.plan', 'data.country']);
  });

  it("reports the segments language's errors at the step's field paths", () => {
    const r = cond([{ field: 'event.data.plan', operator: 'triggered' }, { field: 'nope', operator: 'equals', value: 1 }]);
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['0.condition.groups.0.filters.0.operator', '0.condition.groups.0.filters.1.field']);
  });

  it('evaluates event.data filters against the event data', () => {
    const data = { plan: 'pro', seats: 12, tags: ['a', 'b'], nested: { x: 'y' } };
    const f = (field: string, operator: string, value?: unknown) => evalEventFilter({ field, operator, value } as never, data);
    expect([f('event.data.plan', 'equals', 'pro'), f('event.data.seats', 'greaterThan', 10), f('event.data.tags', 'contains', 'b'), f('event.data.nested.x', 'in', ['y']), f('event.data.gone', 'notExists')]).toEqual([true, true, true, true, true]);
    expect([f('event.data.plan', 'notEquals', 'pro'), f('event.data.seats', 'lessThan', 10), f('event.data.gone', 'notEquals', 'x')]).toEqual([false, false, false]);
  });
});

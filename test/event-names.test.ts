/**
 * One rule for event names everywhere (issue 20, issue 24): /v1/track, workflow triggers and
 * WAIT_FOR_EVENT steps, and `event.<name>` in conditions all take the same names (NFKC, format
 * characters removed, trimmed, 1-255 characters); look-alikes of reserved names are reserved;
 * a name with spaces is written `event."Signed Up"` in a condition.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { segmentWorkflowId } from '../core/workflow-ids.js';
import { expectError } from './support/envelope.js';
import { json, setupTestContext, type TestContext } from './helpers.js';

let ctx: TestContext;
const segmentIds: string[] = [];
const NOTHING = '0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a';

beforeAll(async () => {
  ctx = await setupTestContext();
});
afterAll(async () => {
  await Promise.all(segmentIds.map((id) => ctx?.temporal.workflow.getHandle(segmentWorkflowId(id)).terminate('test done').catch(() => {})));
  await ctx?.cleanup();
});

const track = (email: string, event: string, key = ctx.project.publicKey) => ctx.request('POST', '/v1/track', { key, body: { email, event } });
const triggered = (field: string) => ({ logic: 'AND', groups: [{ filters: [{ field, operator: 'triggered' }] }] });
const segmentOf = async (name: string, field: string) => {
  const res = await ctx.request('POST', '/segments', { body: { name, condition: triggered(field) } });
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(201);
  segmentIds.push(body.data.id);
  return body.data.id as string;
};
const members = async (id: string) => (await json(await ctx.request('GET', `/segments/${id}/contacts`))).data.items.map((c: any) => c.email);
const workflow = (trigger: unknown, steps: unknown[] = [{ id: 'x', type: 'EXIT' }]) => ctx.request('POST', '/workflows', { body: { name: 'Names', trigger, steps } });

describe('look-alikes of reserved names from the public key', () => {
  it.each([
    ['a zero-width space', 'email\u200b.opened'],
    ['a leading zero-width space', '\u200bemail.opened'],
    ['a soft hyphen', 'e\u00admail.clicked'],
    ['a right-to-left mark', 'contact\u200f.subscribed'],
    ['a full-width full stop', 'email\uff0eopened'],
    ['full-width letters', '\uff45\uff4d\uff41\uff49\uff4c.sent'],
    ['a full-width s in segment', `\uff53egment.${NOTHING}.entry`],
    ['a BOM and ideographic spaces', '\ufeff\u3000segment.x.exit'],
  ])('%s (%s) is a 422 reserved_name naming event, and records nothing', async (_label, event) => {
    const body = await expectError(await track('lookalike@example.com', event), 422, 'VALIDATION_ERROR');
    expect(body.error.errors).toEqual([expect.objectContaining({ field: 'event', code: 'reserved_name' })]);
    const events = await json(await ctx.request('GET', '/events?limit=100'));
    expect(events.data.items.filter((e: any) => e.email === 'lookalike@example.com' || /email|segment|contact/i.test(e.name.normalize('NFKC')))).toEqual([]);
  });

  it.each([
    ['spaces', '     '],
    ['zero-width spaces', '\u200b\u200b'],
    ['ideographic spaces and a BOM', '\u3000\ufeff\u3000'],
  ])('a name of only %s is a 422 naming event', async (_label, event) => {
    const body = await expectError(await track('blank@example.com', event), 422, 'VALIDATION_ERROR');
    expect(body.error.errors.map((e: any) => e.field)).toEqual(['event']);
  });

  it('a name is stored normalised: full-width letters, zero-width characters and surrounding spaces are gone', async () => {
    const res = await track('norm@example.com', '  \uff2cogged\u200b In\u00a0 ');
    expect(res.status).toBe(200);
    const names = (await json(await ctx.request('GET', '/events/names'))).data.items.map((n: any) => n.name);
    expect(names).toContain('Logged In');
  });
});

describe('names with spaces in conditions', () => {
  it('event."Signed Up" matches contacts tracked with "Signed Up" by the public key; event.Signed Up is a 422 that shows the quoted form', async () => {
    expect((await track('spaces@example.com', 'Signed Up')).status).toBe(200);
    expect((await track('other@example.com', 'Signed')).status).toBe(200);
    const id = await segmentOf('Signed up', 'event."Signed Up"');
    expect(await members(id)).toEqual(['spaces@example.com']);
    // A look-alike in the condition is the same name once normalised.
    const lookalike = await segmentOf('Signed up (full-width)', 'event."\uff33igned\u200b Up"');
    expect(await members(lookalike)).toEqual(['spaces@example.com']);

    const refused = await expectError(await ctx.request('POST', '/segments', { body: { name: 'x', condition: triggered('event.Signed Up') } }), 422, 'VALIDATION_ERROR');
    expect(refused.error.errors[0].field).toBe('condition.groups.0.filters.0.field');
    expect(refused.error.errors[0].message).toContain('event."Signed Up"');
  });

  it('a quoted name takes JSON escapes: event."say \\"hi\\"" matches the event say "hi"', async () => {
    expect((await track('quote@example.com', 'say "hi"')).status).toBe(200);
    const id = await segmentOf('Quoted', 'event."say \\"hi\\""');
    expect(await members(id)).toEqual(['quote@example.com']);
  });

  it.each([['unterminated', 'event."Signed Up'], ['not a string', 'event.""'], ['only spaces', 'event."   "'], ['trailing text', 'event."a"b']])(
    'a bad quoted name (%s) is a 422 at the field',
    async (_label, field) => {
      const body = await expectError(await ctx.request('POST', '/segments', { body: { name: 'x', condition: triggered(field) } }), 422, 'VALIDATION_ERROR');
      expect(body.error.errors.map((e: any) => e.field)).toEqual(['condition.groups.0.filters.0.field']);
    },
  );
});

describe('the same maximum length everywhere', () => {
  const longest = `Long name ${'x'.repeat(245)}`; // 255 characters, with a space
  const tooLong = `${longest}y`;

  it('a 255-character name works in /v1/track, a condition, a workflow trigger and a WAIT_FOR_EVENT step', async () => {
    expect(longest).toHaveLength(255);
    expect((await track('long@example.com', longest)).status).toBe(200);
    const id = await segmentOf('Long', `event.${JSON.stringify(longest)}`);
    expect(await members(id)).toEqual(['long@example.com']);
    const trigger = await workflow({ type: 'EVENT', eventName: longest });
    expect(trigger.status, JSON.stringify(await json(trigger.clone()))).toBe(201);
    expect((await json(trigger)).data.trigger.eventName).toBe(longest);
    const wait = await workflow({ type: 'EVENT', eventName: 'start' }, [{ id: 'w', type: 'WAIT_FOR_EVENT', eventName: longest, timeout: { amount: 1, unit: 'days' }, branches: {} }]);
    expect(wait.status, JSON.stringify(await json(wait.clone()))).toBe(201);
  });

  it('256 characters are refused by all four (422 naming the field)', async () => {
    expect((await expectError(await track('long@example.com', tooLong), 422)).error.errors.map((e: any) => e.field)).toEqual(['event']);
    const cond = await expectError(await ctx.request('POST', '/segments', { body: { name: 'x', condition: triggered(`event.${JSON.stringify(tooLong)}`) } }), 422);
    expect(cond.error.errors.map((e: any) => e.field)).toEqual(['condition.groups.0.filters.0.field']);
    const trigger = await expectError(await workflow({ type: 'EVENT', eventName: tooLong }), 422);
    expect(trigger.error.errors.map((e: any) => e.field)).toEqual(['trigger.eventName']);
    const wait = await expectError(await workflow({ type: 'EVENT', eventName: 'start' }, [{ id: 'w', type: 'WAIT_FOR_EVENT', eventName: tooLong, timeout: { amount: 1, unit: 'days' }, branches: {} }]), 422);
    expect(wait.error.errors.map((e: any) => e.field)).toEqual(['steps.0.eventName']);
  });

  it('a trigger name is stored normalised, so it matches what /v1/track stores', async () => {
    const res = await workflow({ type: 'EVENT', eventName: '\u200b \uff33igned Up ' });
    expect(res.status).toBe(201);
    expect((await json(res)).data.trigger.eventName).toBe('Signed Up');
  });
});

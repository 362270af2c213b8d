/**
 * The segment operations over HTTP against PostgreSQL: create/get/list/update/delete, the 422s
 * (paths into the condition, type changes), static members by email, live dynamic members, and
 * the delete and cycle refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { segmentWorkflowId } from '../core/workflow-ids.js';
import { expectError } from './support/envelope.js';
import { json, setupTestContext, type TestContext } from './helpers.js';

let ctx: TestContext;
const dynamicIds: string[] = [];

beforeAll(async () => {
  ctx = await setupTestContext();
});
afterAll(async () => {
  // No worker runs here: just leave no refresh workflow waiting on the shared dev server.
  await Promise.all(dynamicIds.map((id) => ctx?.temporal.workflow.getHandle(segmentWorkflowId(id)).terminate('test done').catch(() => {})));
  await ctx?.cleanup();
});

const call = async (method: string, path: string, body?: unknown) => {
  const res = await ctx.request(method, path, body === undefined ? {} : { body });
  return { res, status: res.status, body: await json(res.clone()) };
};
const ok = async (method: string, path: string, body?: unknown) => {
  const r = await call(method, path, body);
  expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
  return r.body.data;
};
const pro = (field = 'data.plan', value: unknown = 'pro') => ({ logic: 'AND', groups: [{ filters: [{ field, operator: 'equals', value }] }] });
const createDynamic = async (name: string, condition: unknown, extra: Record<string, unknown> = {}) => {
  const s = await ok('POST', '/segments', { name, condition, ...extra });
  dynamicIds.push(s.id);
  return s;
};
const contact = (email: string, data: Record<string, unknown> = {}) => ok('POST', '/contacts', { email, data });

describe('dynamic segments', () => {
  it('create, get, list, update; members follow contacts as they change', async () => {
    const a = await contact('dyn-a@example.com', { plan: 'pro', tier: 1 });
    await contact('dyn-b@example.com', { plan: 'free', tier: 1 });
    const s = await createDynamic('Tier 1 pro', { logic: 'AND', groups: [{ filters: [{ field: 'data.tier', operator: 'equals', value: 1 }, { field: 'data.plan', operator: 'equals', value: 'pro' }] }] });
    expect(s).toMatchObject({ name: 'Tier 1 pro', type: 'DYNAMIC', description: null, trackMembership: false, memberCount: 1 });
    expect(s.condition.groups[0].filters).toHaveLength(2);
    expect((await ok('GET', `/segments/${s.id}`)).id).toBe(s.id);
    expect((await ok('GET', '/segments')).items.map((x: any) => x.id)).toContain(s.id);

    const members = async () => (await ok('GET', `/segments/${s.id}/contacts`)).items.map((c: any) => c.email);
    expect(await members()).toEqual(['dyn-a@example.com']);
    await contact('dyn-b@example.com', { plan: 'pro' });
    expect(await members()).toEqual(['dyn-b@example.com', 'dyn-a@example.com']);
    await ok('PATCH', `/contacts/${a.id}`, { data: { plan: 'free' } });
    expect(await members()).toEqual(['dyn-b@example.com']);

    const patched = await ok('PATCH', `/segments/${s.id}`, { name: 'Renamed', description: 'd', condition: pro('data.plan', 'free') });
    expect(patched).toMatchObject({ name: 'Renamed', description: 'd', memberCount: 1 });
    expect(await members()).toEqual(['dyn-a@example.com']);
  });

  it('pages members by keyset like GET /contacts', async () => {
    for (let i = 0; i < 5; i++) await contact(`page-${i}@example.com`, { pager: true });
    const s = await createDynamic('Pager', pro('data.pager', true));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const p: any = await ok('GET', `/segments/${s.id}/contacts?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(p.total).toBe(5);
      seen.push(...p.items.map((c: any) => c.email));
      cursor = p.nextCursor;
      expect(p.hasMore).toBe(cursor !== null);
    } while (cursor);
    expect(seen).toEqual([4, 3, 2, 1, 0].map((i) => `page-${i}@example.com`));
  });

  it('refuses members by email with a 409 that says only STATIC segments take them', async () => {
    const s = await createDynamic('No members', pro());
    for (const method of ['POST', 'DELETE']) {
      const body = await expectError((await call(method, `/segments/${s.id}/members`, { emails: ['a@example.com'] })).res, 409, 'CONFLICT');
      expect(body.error.message).toMatch(/Only STATIC segments take members/);
    }
  });
});

describe('GET /segments', () => {
  it('pages through every segment, newest first, with the cursor in both documented forms', async () => {
    const p = await ctx.newProject('segment paging');
    const get = async (path: string) => {
      const res = await ctx.request('GET', path, { key: p.secretKey });
      expect(res.status).toBe(200);
      return (await json(res)).data;
    };
    const names = Array.from({ length: 5 }, (_, i) => `Page ${i}`);
    for (const name of names) expect((await ctx.request('POST', '/segments', { key: p.secretKey, body: { name, type: 'STATIC' } })).status).toBe(201);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 10; i++) {
      const data: any = await get(`/segments?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(data.total).toBe(i === 0 ? 5 : 6);
      expect(data.items).toEqual(data.segments);
      expect(data.items.length).toBeLessThanOrEqual(2);
      expect(data.nextCursor).toBe(data.cursor);
      expect(data.hasMore).toBe(data.cursor !== null);
      seen.push(...data.items.map((x: any) => x.name));
      // a segment created meanwhile lands before the first page, never inside a later one
      if (i === 0) await ctx.request('POST', '/segments', { key: p.secretKey, body: { name: 'Late', type: 'STATIC' } });
      if (!data.hasMore) break;
      cursor = data.cursor;
    }
    expect(seen).toEqual([...names].reverse());
    const all = await get('/segments?limit=100');
    expect(all).toMatchObject({ total: 6, hasMore: false, nextCursor: null, cursor: null });
    expect(all.items.map((x: any) => x.name)).toEqual(['Late', ...[...names].reverse()]);
    expect((await get('/segments')).items).toHaveLength(6);
  });

  it.each(['0', '101', 'abc', '1.5'])('limit=%s is a 422 naming limit', async (limit) => {
    const body = await expectError((await call('GET', `/segments?limit=${limit}`)).res, 422, 'VALIDATION_ERROR');
    expect(body.error.errors.map((e: any) => e.field)).toContain('limit');
  });

  it('a garbage cursor is a 422 naming cursor', async () => {
    const body = await expectError((await call('GET', '/segments?cursor=zzz')).res, 422, 'VALIDATION_ERROR');
    expect(body.error.errors).toEqual([expect.objectContaining({ field: 'cursor', code: 'invalid_cursor' })]);
  });
});

describe('422s', () => {
  it('name the bad part of the condition with what is allowed there', async () => {
    const r = await call('POST', '/segments', {
      name: 'Bad',
      condition: { logic: 'AND', groups: [{ filters: [{ field: 'data.plan', operator: 'equals', value: 'pro' }] }, { filters: [{ field: 'event.signup', operator: 'greaterThan', value: 1 }, { field: 'createdAt', operator: 'within', value: 3 }] }] },
    });
    const body = await expectError(r.res, 422, 'VALIDATION_ERROR');
    expect(body.error.errors).toEqual([
      { field: 'condition.groups.1.filters.0.operator', code: 'custom', message: expect.stringMatching(/use one of triggered, notTriggered, triggeredWithin, triggeredOlderThan, notTriggeredWithin/) },
      { field: 'condition.groups.1.filters.1.unit', code: 'custom', message: expect.stringMatching(/needs a unit: minutes, hours or days/) },
    ]);
  });

  it('a datetime on a day that does not exist is a 422 naming the value', async () => {
    const condition = { logic: 'AND', groups: [{ filters: [{ field: 'data.plan', operator: 'exists' }, { field: 'createdAt', operator: 'greaterThan', value: '2026-02-31T00:00Z' }] }] };
    const body = await expectError((await call('POST', '/segments', { name: 'Bad date', condition })).res, 422, 'VALIDATION_ERROR');
    expect(body.error.errors).toEqual([{ field: 'condition.groups.0.filters.1.value', code: 'custom', message: expect.stringMatching(/needs an ISO date/) }]);
  });

  it('DYNAMIC needs a condition, STATIC refuses one, PATCH cannot change the type', async () => {
    const noCond = await expectError((await call('POST', '/segments', { name: 'x' })).res, 422, 'VALIDATION_ERROR');
    expect(noCond.error.errors).toEqual([{ field: 'condition', code: 'required', message: 'A DYNAMIC segment needs a condition' }]);
    const staticCond = await expectError((await call('POST', '/segments', { name: 'x', type: 'STATIC', condition: pro() })).res, 422);
    expect(staticCond.error.errors[0].field).toBe('condition');
    const s = await ok('POST', '/segments', { name: 'Static', type: 'STATIC' });
    const typeChange = await expectError((await call('PATCH', `/segments/${s.id}`, { type: 'DYNAMIC' })).res, 422);
    expect(typeChange.error.errors).toEqual([{ field: 'type', code: 'immutable', message: expect.stringMatching(/type cannot change \(this one is STATIC\)/) }]);
    expect((await ok('PATCH', `/segments/${s.id}`, { type: 'STATIC', name: 'Same type is fine' })).name).toBe('Same type is fine');
    await expectError((await call('PATCH', `/segments/${s.id}`, { condition: pro() })).res, 422);
  });

  it('a segment.<id> filter must name a segment of the project', async () => {
    const other = await ctx.newProject('other');
    const res = await ctx.request('POST', '/segments', { key: other.secretKey, body: { name: 'theirs', type: 'STATIC' } });
    const theirs = (await json(res)).data;
    const body = await expectError((await call('POST', '/segments', { name: 'x', condition: pro(`segment.${theirs.id}`, true) })).res, 422);
    expect(body.error.errors).toEqual([{ field: 'condition.groups.0.filters.0.field', code: 'segment_not_found', message: `Segment ${theirs.id} does not exist in this project` }]);
  });
});

describe('static members by email', () => {
  it('adds and removes case-insensitively, counts each contact once, creates no contact, records entry/exit once', async () => {
    await contact('st-a@example.com');
    await contact('st-b@example.com');
    const s = await ok('POST', '/segments', { name: 'VIP', type: 'STATIC' });
    expect(s).toMatchObject({ type: 'STATIC', condition: null, memberCount: 0 });

    expect(await ok('POST', `/segments/${s.id}/members`, { emails: ['ST-A@example.com', 'st-a@EXAMPLE.com', 'nobody@example.com'] })).toEqual({ added: 1, notFound: ['nobody@example.com'] });
    expect(await ok('POST', `/segments/${s.id}/members`, { emails: ['st-a@example.com', 'st-b@example.com'] })).toEqual({ added: 1, notFound: [] });
    expect((await ok('GET', '/contacts?search=nobody')).total).toBe(0);
    expect((await ok('GET', `/segments/${s.id}`)).memberCount).toBe(2);
    expect((await ok('GET', `/segments/${s.id}/contacts`)).items.map((c: any) => c.email)).toEqual(['st-b@example.com', 'st-a@example.com']);
    // A member is the contact as GET /contacts/{id} answers it (its time zone included).
    const zoned = (await ok('GET', '/contacts?search=st-b')).items[0];
    await ok('PATCH', `/contacts/${zoned.id}`, { timezone: 'Europe/Berlin' });
    expect((await ok('GET', `/segments/${s.id}/contacts`)).items[0]).toEqual(await ok('GET', `/contacts/${zoned.id}`));

    expect(await ok('DELETE', `/segments/${s.id}/members`, { emails: ['St-A@Example.com', 'nobody@example.com'] })).toEqual({ removed: 1, notFound: ['nobody@example.com'] });
    expect(await ok('DELETE', `/segments/${s.id}/members`, { emails: ['st-a@example.com'] })).toEqual({ removed: 0, notFound: [] });
    expect((await ok('GET', `/segments/${s.id}/contacts`)).items.map((c: any) => c.email)).toEqual(['st-b@example.com']);
    expect((await ok('GET', '/segments')).items.find((x: any) => x.id === s.id).memberCount).toBe(1);

    const events = async (change: string) => (await ok('GET', `/events?name=segment.${s.id}.${change}`)).items.map((e: any) => e.email).sort();
    expect(await events('entry')).toEqual(['st-a@example.com', 'st-b@example.com']);
    expect(await events('exit')).toEqual(['st-a@example.com']);
  });

  it('a deleted contact leaves its STATIC segments: the count drops and one exit event is recorded', async () => {
    const gone = await contact('st-gone@example.com');
    await contact('st-stays@example.com');
    const a = await ok('POST', '/segments', { name: 'Gone A', type: 'STATIC' });
    const b = await ok('POST', '/segments', { name: 'Gone B', type: 'STATIC' });
    for (const s of [a, b]) await ok('POST', `/segments/${s.id}/members`, { emails: ['st-gone@example.com', 'st-stays@example.com'] });
    expect(await ok('DELETE', `/contacts/${gone.id}`)).toEqual({ id: gone.id, deleted: true });
    const listed = (await ok('GET', '/segments?limit=100')).items;
    for (const s of [a, b]) {
      // The cached count (a list never recounts) moved with the deletion.
      expect(listed.find((x: any) => x.id === s.id).memberCount).toBe(1);
      const exits = (await ok('GET', `/events?name=segment.${s.id}.exit`)).items;
      expect(exits).toEqual([expect.objectContaining({ contactId: null, data: { segmentId: s.id, segmentName: s.name } })]);
      expect((await ok('GET', `/segments/${s.id}/contacts`)).items.map((c: any) => c.email)).toEqual(['st-stays@example.com']);
    }
  });

  it('refuses more than 1,000 addresses and an empty list', async () => {
    const s = await ok('POST', '/segments', { name: 'Big', type: 'STATIC' });
    const tooMany = Array.from({ length: 1001 }, (_, i) => `x${i}@example.com`);
    expect((await expectError((await call('POST', `/segments/${s.id}/members`, { emails: tooMany })).res, 422)).error.errors[0].field).toBe('emails');
    expect((await expectError((await call('POST', `/segments/${s.id}/members`, { emails: [] })).res, 422)).error.errors[0].field).toBe('emails');
  });
});

describe('references between segments', () => {
  it('a referenced segment cannot be deleted (409 naming the user); cycles are refused', async () => {
    const base = await ok('POST', '/segments', { name: 'Base', type: 'STATIC' });
    const mid = await createDynamic('Mid', pro(`segment.${base.id}`, true));
    const top = await createDynamic('Top', { logic: 'OR', groups: [{ filters: [{ field: 'email', operator: 'endsWith', value: '@x.io' }], conditions: pro(`segment.${mid.id}`, true) }] });

    const conflict = await expectError((await call('DELETE', `/segments/${mid.id}`)).res, 409, 'CONFLICT');
    expect(conflict.error.message).toContain(`segment "Top" (${top.id})`);
    await expectError((await call('DELETE', `/segments/${base.id}`)).res, 409, 'CONFLICT');

    const cycle = await expectError((await call('PATCH', `/segments/${mid.id}`, { condition: pro(`segment.${top.id}`, false) })).res, 422);
    expect(cycle.error.errors).toEqual([{ field: 'condition.groups.0.filters.0.field', code: 'segment_cycle', message: `Segments cannot refer to each other in a cycle: this segment -> ${top.id} -> this segment` }]);
    const self = await expectError((await call('PATCH', `/segments/${mid.id}`, { condition: pro(`segment.${mid.id}`, true) })).res, 422);
    expect(self.error.errors[0]).toMatchObject({ field: 'condition.groups.0.filters.0.field', code: 'segment_cycle' });

    expect(await ok('DELETE', `/segments/${top.id}`)).toEqual({ id: top.id, deleted: true });
    expect(await ok('DELETE', `/segments/${mid.id}`)).toEqual({ id: mid.id, deleted: true });
    await ok('DELETE', `/segments/${base.id}`);
    await expectError((await call('GET', `/segments/${base.id}`)).res, 404, 'NOT_FOUND');
  });

  it('a segment an automation workflow uses (trigger or CONDITION step, latest version) cannot be deleted', async () => {
    const entry = await ok('POST', '/segments', { name: 'Entry seg', type: 'STATIC' });
    const checked = await ok('POST', '/segments', { name: 'Checked seg', type: 'STATIC' });
    const byTrigger = await ok('POST', '/workflows', { name: 'On entry', trigger: { type: 'SEGMENT_ENTRY', segmentId: entry.id }, steps: [{ id: 'x', type: 'EXIT' }] });
    const byCondition = await ok('POST', '/workflows', {
      name: 'Checks',
      trigger: { type: 'EVENT', eventName: 'signup' },
      steps: [{ id: 'c', type: 'CONDITION', condition: pro(`segment.${checked.id.toUpperCase()}`, true), branches: {} }],
    });
    const a = await expectError((await call('DELETE', `/segments/${entry.id}`)).res, 409, 'CONFLICT');
    expect(a.error.message).toContain(`workflow "On entry" (${byTrigger.id})`);
    const b = await expectError((await call('DELETE', `/segments/${checked.id}`)).res, 409, 'CONFLICT');
    expect(b.error.message).toContain(`workflow "Checks" (${byCondition.id})`);
    // A new version without the segment frees it (older versions do not hold it, as for templates).
    await ok('PATCH', `/workflows/${byTrigger.id}`, { trigger: { type: 'EVENT', eventName: 'signup' } });
    expect(await ok('DELETE', `/segments/${entry.id}`)).toEqual({ id: entry.id, deleted: true });
    await ok('DELETE', `/workflows/${byCondition.id}`);
    expect(await ok('DELETE', `/segments/${checked.id}`)).toEqual({ id: checked.id, deleted: true });
  });

  it('a segment whose entry or exit event an EVENT trigger or a WAIT_FOR_EVENT step names cannot be deleted either', async () => {
    const listened = await ok('POST', '/segments', { name: 'Listened', type: 'STATIC' });
    const waited = await ok('POST', '/segments', { name: 'Waited', type: 'STATIC' });
    const onEvent = await ok('POST', '/workflows', { name: 'On entry event', trigger: { type: 'EVENT', eventName: `segment.${listened.id}.entry` }, steps: [{ id: 'x', type: 'EXIT' }] });
    const waits = await ok('POST', '/workflows', {
      name: 'Waits for exit',
      trigger: { type: 'EVENT', eventName: 'signup' },
      steps: [{ id: 'w', type: 'WAIT_FOR_EVENT', eventName: `segment.${waited.id}.exit`, timeout: { amount: 1, unit: 'days' }, branches: {} }],
    });
    expect((await expectError((await call('DELETE', `/segments/${listened.id}`)).res, 409, 'CONFLICT')).error.message).toContain(`workflow "On entry event" (${onEvent.id})`);
    expect((await expectError((await call('DELETE', `/segments/${waited.id}`)).res, 409, 'CONFLICT')).error.message).toContain(`workflow "Waits for exit" (${waits.id})`);
    await ok('DELETE', `/workflows/${onEvent.id}`);
    await ok('DELETE', `/workflows/${waits.id}`);
    expect(await ok('DELETE', `/segments/${listened.id}`)).toEqual({ id: listened.id, deleted: true });
  });

  it('a workflow saved while its segment is deleted either names an existing segment or is refused', async () => {
    for (let round = 0; round < 5; round++) {
      const target = await ok('POST', '/segments', { name: `Wf race ${round}`, type: 'STATIC' });
      const [del, named] = await Promise.all([
        call('DELETE', `/segments/${target.id}`),
        call('POST', '/workflows', { name: `Wf race ${round}`, trigger: { type: 'SEGMENT_EXIT', segmentId: target.id }, steps: [{ id: 'x', type: 'EXIT' }] }),
      ]);
      expect([[200, 422], [409, 201]], JSON.stringify([del.body, named.body])).toContainEqual([del.status, named.status]);
    }
  });

  it('concurrent writes store neither a cycle nor a reference to a deleted segment', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await createDynamic(`Race A${round}`, pro());
      const b = await createDynamic(`Race B${round}`, pro());
      const [ab, ba] = await Promise.all([
        call('PATCH', `/segments/${a.id}`, { condition: pro(`segment.${b.id}`, true) }),
        call('PATCH', `/segments/${b.id}`, { condition: pro(`segment.${a.id}`, true) }),
      ]);
      expect([ab.status, ba.status].sort(), JSON.stringify([ab.body, ba.body])).toEqual([200, 422]);
      expect((ab.status === 422 ? ab : ba).body.error.errors[0].code).toBe('segment_cycle');

      const target = await ok('POST', '/segments', { name: `Race target ${round}`, type: 'STATIC' });
      const [del, named] = await Promise.all([
        call('DELETE', `/segments/${target.id}`),
        call('POST', '/segments', { name: `Race user ${round}`, condition: pro(`segment.${target.id}`, true) }),
      ]);
      if (named.status === 201) dynamicIds.push(named.body.data.id);
      // Either the delete went first (the new reference names nothing: 422) or the reference did (the delete is a 409).
      expect([[200, 422], [409, 201]], JSON.stringify([del.body, named.body])).toContainEqual([del.status, named.status]);
    }
  });

  it('a dynamic segment naming another follows it live', async () => {
    await contact('ref-a@example.com', { ref: 'yes' });
    await contact('ref-b@example.com', { ref: 'no' });
    const inner = await createDynamic('Inner', pro('data.ref', 'yes'));
    const outer = await createDynamic('Outer', { logic: 'AND', groups: [{ filters: [{ field: `segment.${inner.id}`, operator: 'equals', value: false }, { field: 'data.ref', operator: 'exists' }] }] });
    expect((await ok('GET', `/segments/${outer.id}/contacts`)).items.map((c: any) => c.email)).toEqual(['ref-b@example.com']);
    await ok('PATCH', `/segments/${inner.id}`, { condition: pro('data.ref', 'no') });
    expect((await ok('GET', `/segments/${outer.id}/contacts`)).items.map((c: any) => c.email)).toEqual(['ref-a@example.com']);
  });

  it('another project sees none of it', async () => {
    const s = await ok('POST', '/segments', { name: 'Mine', type: 'STATIC' });
    const other = await ctx.newProject('nosy');
    const res = await ctx.request('GET', `/segments/${s.id}`, { key: other.secretKey });
    await expectError(res, 404, 'NOT_FOUND');
  });
});

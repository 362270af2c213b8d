import { sqlRows } from '../db/sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productExtensions } from '../core/extensions.js';
import type { TemplateUsageChecker } from '../core/templates/templates.js';
import { json, setupTestContext, type TestContext } from './helpers.js';
import { expectError } from './support/envelope.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupTestContext();
});
afterAll(() => ctx?.cleanup());

const valid = { name: 'Welcome', subject: 'Hello {{name}}', body: '<p>Hi {{name}}</p>', type: 'TRANSACTIONAL' };
const fields = (body: any): string[] => body.error.errors.map((e: any) => e.field);

async function create(body: Record<string, unknown> = valid, key?: string) {
  const res = await ctx.request('POST', '/templates', { body, key });
  expect(res.status).toBe(201);
  return (await json(res)).data;
}

describe('POST /templates', () => {
  it('creates with the required fields; optional sender fields default to null', async () => {
    const t = await create();
    expect(t).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      ...valid,
      from: null,
      fromName: null,
      replyTo: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(new Date(t.createdAt).toISOString()).toBe(t.createdAt);
  });

  it('keeps from, fromName and replyTo (emails normalized)', async () => {
    const t = await create({ ...valid, type: 'MARKETING', from: ' News@Example.com ', fromName: 'Example News', replyTo: 'help@example.com' });
    expect(t).toMatchObject({ type: 'MARKETING', from: 'news@example.com', fromName: 'Example News', replyTo: 'help@example.com' });
  });

  it.each(['name', 'subject', 'body', 'type'])('a missing %s is a 422 naming it', async (field) => {
    const { [field]: _, ...rest } = valid as Record<string, unknown>;
    const body = await expectError(await ctx.request('POST', '/templates', { body: rest }), 422, 'VALIDATION_ERROR');
    expect(fields(body)).toEqual([field]);
  });

  it.each([
    ['type', { type: 'NEWSLETTER' }, 'invalid_value'],
    ['from', { from: 'not-an-email' }, 'invalid_string'],
    ['replyTo', { replyTo: 'nope@' }, 'invalid_string'],
    ['name', { name: '   ' }, 'too_small'],
    ['subject', { subject: '' }, 'too_small'],
    ['body', { body: 42 }, 'invalid_type'],
  ])('a bad %s is a 422', async (field, patch, code) => {
    const body = await expectError(await ctx.request('POST', '/templates', { body: { ...valid, ...patch } }), 422, 'VALIDATION_ERROR');
    expect(body.error.errors).toEqual([expect.objectContaining({ field, code })]);
  });

  it('an empty request lists every required field', async () => {
    const body = await expectError(await ctx.app.request('/templates', { method: 'POST', headers: { authorization: `Bearer ${ctx.project.secretKey}` } }), 422);
    expect(fields(body).sort()).toEqual(['body', 'name', 'subject', 'type']);
  });
});

describe('GET /templates/:id', () => {
  it('gets one; unknown, non-uuid and other-project ids are 404', async () => {
    const t = await create();
    expect((await json(await ctx.request('GET', `/templates/${t.id}`))).data).toEqual(t);
    await expectError(await ctx.request('GET', `/templates/${crypto.randomUUID()}`), 404, 'NOT_FOUND');
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      await expectError(await ctx.request(method, '/templates/not-a-uuid', { body: method === 'PATCH' ? { name: 'x' } : undefined }), 404, 'NOT_FOUND');
    }
    const other = await ctx.newProject('other');
    await expectError(await ctx.request('GET', `/templates/${t.id}`, { key: other.secretKey }), 404, 'NOT_FOUND');
  });
});

describe('GET /templates', () => {
  it('pages newest first with the cursor, in both list forms, and filters by type', async () => {
    const p = await ctx.newProject('paging');
    const names: string[] = [];
    for (let i = 0; i < 5; i++) {
      const name = `T${i}`;
      names.push(name);
      await create({ ...valid, name, type: i % 2 ? 'MARKETING' : 'TRANSACTIONAL' }, p.secretKey);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page++) {
      const res = await ctx.request('GET', `/templates?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { key: p.secretKey });
      expect(res.status).toBe(200);
      const { data } = await json(res);
      expect(data.total).toBe(5);
      expect(data.items).toEqual(data.templates);
      expect(data.nextCursor).toBe(data.cursor);
      expect(data.hasMore).toBe(data.cursor !== null);
      expect(data.items.length).toBeLessThanOrEqual(2);
      seen.push(...data.items.map((t: any) => t.name));
      if (!data.hasMore) break;
      cursor = data.cursor;
    }
    expect(seen).toEqual([...names].reverse());

    const marketing = (await json(await ctx.request('GET', '/templates?type=MARKETING', { key: p.secretKey }))).data;
    expect(marketing.items.map((t: any) => t.name)).toEqual(['T3', 'T1']);
    expect(marketing).toMatchObject({ total: 2, hasMore: false, cursor: null, nextCursor: null });

    const all = (await json(await ctx.request('GET', '/templates', { key: p.secretKey }))).data;
    expect(all.items).toHaveLength(5);
  });

  it.each(['0', '101', '-1', 'ten', '2.5'])('limit=%s is a 422 naming limit', async (limit) => {
    const body = await expectError(await ctx.request('GET', `/templates?limit=${limit}`), 422, 'VALIDATION_ERROR');
    expect(fields(body)).toEqual(['limit']);
  });

  it('limit 1 and 100 are accepted; a garbage cursor or type is a 422', async () => {
    expect((await ctx.request('GET', '/templates?limit=1')).status).toBe(200);
    expect((await ctx.request('GET', '/templates?limit=100')).status).toBe(200);
    expect(fields(await expectError(await ctx.request('GET', '/templates?cursor=abc'), 422))).toEqual(['cursor']);
    expect(fields(await expectError(await ctx.request('GET', '/templates?type=transactional'), 422))).toEqual(['type']);
  });
});

describe('PATCH /templates/:id', () => {
  it('changes only the given fields; null clears from, fromName and replyTo', async () => {
    const t = await create({ ...valid, from: 'a@example.com', fromName: 'A', replyTo: 'r@example.com' });
    const res = await ctx.request('PATCH', `/templates/${t.id}`, { body: { subject: 'New subject', from: null } });
    expect(res.status).toBe(200);
    const u = (await json(res)).data;
    expect(u).toEqual({ ...t, subject: 'New subject', from: null, updatedAt: expect.any(String) });
    expect(new Date(u.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(t.updatedAt).getTime());
    // stored, not just echoed
    expect((await json(await ctx.request('GET', `/templates/${t.id}`))).data).toEqual(u);

    const cleared = (await json(await ctx.request('PATCH', `/templates/${t.id}`, { body: { fromName: null, replyTo: null, type: 'MARKETING' } }))).data;
    expect(cleared).toMatchObject({ fromName: null, replyTo: null, type: 'MARKETING', subject: 'New subject', name: valid.name });

    const same = (await json(await ctx.request('PATCH', `/templates/${t.id}`, { body: {} }))).data;
    expect(same).toMatchObject({ name: valid.name, subject: 'New subject', body: valid.body, type: 'MARKETING' });
  });

  it('required fields cannot be nulled or emptied; bad values are 422', async () => {
    const t = await create();
    for (const [patch, field] of [[{ name: null }, 'name'], [{ body: '' }, 'body'], [{ type: 'OTHER' }, 'type'], [{ from: 'x@' }, 'from']] as const) {
      const body = await expectError(await ctx.request('PATCH', `/templates/${t.id}`, { body: patch }), 422, 'VALIDATION_ERROR');
      expect(fields(body)).toEqual([field]);
    }
    expect((await json(await ctx.request('GET', `/templates/${t.id}`))).data).toEqual(t);
  });

  it('CR/LF in subject or fromName is a 422 on create and PATCH (the /v1/send rule)', async () => {
    for (const bad of [{ subject: 'Hi\r\nBcc: x@example.com' }, { fromName: 'Team\nBcc: x@example.com' }, { subject: 'a\0b' }]) {
      const body = await expectError(await ctx.request('POST', '/templates', { body: { ...valid, ...bad } }), 422, 'VALIDATION_ERROR');
      expect(fields(body)).toEqual(Object.keys(bad));
    }
    const t = await create();
    const body = await expectError(await ctx.request('PATCH', `/templates/${t.id}`, { body: { fromName: 'A\rB' } }), 422, 'VALIDATION_ERROR');
    expect(fields(body)).toEqual(['fromName']);
  });

  it('syntax the renderer does not know is a 422 naming the field and position, on create and PATCH', async () => {
    const res = await ctx.request('POST', '/templates', { body: { ...valid, body: '<p>Hi</p>\n  {{> header}} {{name}}' } });
    const body = await expectError(res, 422, 'VALIDATION_ERROR');
    expect(body.error.errors).toEqual([expect.objectContaining({ field: 'body', code: 'invalid_template', message: expect.stringContaining('{{> header}} at line 2, column 3') })]);
    for (const bad of ['{{#if x}}y{{/if}}', '{{!note}}', '{{}}', '{{{> raw}}}', '{{else}}']) {
      await expectError(await ctx.request('POST', '/templates', { body: { ...valid, subject: bad } }), 422, 'VALIDATION_ERROR');
    }
    const t = await create({ ...valid, body: '{{name}} {{ a.b }} {{x ?? "y"}} {{{raw}}} {{data.plan ?? free}}' });
    const patched = await expectError(await ctx.request('PATCH', `/templates/${t.id}`, { body: { subject: 'Hi {{>x}}' } }), 422, 'VALIDATION_ERROR');
    expect(patched.error.errors[0]).toMatchObject({ field: 'subject', message: expect.stringContaining('line 1, column 4') });
  });

  it("another project's template is a 404 and stays unchanged", async () => {
    const t = await create();
    const other = await ctx.newProject('other');
    await expectError(await ctx.request('PATCH', `/templates/${t.id}`, { key: other.secretKey, body: { name: 'Stolen' } }), 404, 'NOT_FOUND');
    expect((await json(await ctx.request('GET', `/templates/${t.id}`))).data.name).toBe(valid.name);
  });
});

describe('DELETE /templates/:id', () => {
  it('deletes; afterwards it is a 404', async () => {
    const t = await create();
    const res = await ctx.request('DELETE', `/templates/${t.id}`);
    expect(res.status).toBe(200);
    expect((await json(res)).data).toEqual({ id: t.id, deleted: true });
    await expectError(await ctx.request('GET', `/templates/${t.id}`), 404, 'NOT_FOUND');
    await expectError(await ctx.request('DELETE', `/templates/${t.id}`), 404, 'NOT_FOUND');
  });

  it("another project's template is a 404 and is not deleted", async () => {
    const t = await create();
    const other = await ctx.newProject('other');
    await expectError(await ctx.request('DELETE', `/templates/${t.id}`, { key: other.secretKey }), 404, 'NOT_FOUND');
    expect((await ctx.request('GET', `/templates/${t.id}`)).status).toBe(200);
  });

  describe('while something uses it', () => {
    // A stand-in for campaigns/workflows: a real table in this file's database, and a checker
    // that queries it the way those resources will register theirs.
    // Through the em it is given (sqlRows): the delete calls it inside its transaction.
    const checker: TemplateUsageChecker = async (em, projectId, templateId) => {
      const rows = await sqlRows<{ name: string }>(em, 'select name from test_template_users where project_id = ? and template_id = ? order by name', [projectId, templateId]);
      return rows.map((r) => `campaign "${r.name}"`);
    };
    beforeAll(async () => {
      await ctx.orm.em.getConnection().execute('create table test_template_users (name text not null, project_id uuid not null, template_id uuid not null)');
      ctx.deps.extensions = { ...productExtensions, templateUsage: [checker] };
    });
    afterAll(() => {
      ctx.deps.extensions = productExtensions;
    });

    it('is a 409 CONFLICT naming each user; once released it deletes', async () => {
      const t = await create();
      const conn = ctx.orm.em.getConnection();
      await conn.execute('insert into test_template_users values (?, ?, ?), (?, ?, ?)', ['Spring sale', ctx.project.id, t.id, 'Autumn sale', ctx.project.id, t.id]);
      const body = await expectError(await ctx.request('DELETE', `/templates/${t.id}`), 409, 'CONFLICT');
      expect(body.error.message).toContain('campaign "Spring sale"');
      expect(body.error.message).toContain('campaign "Autumn sale"');
      expect(body.error.suggestion).toEqual(expect.any(String));
      expect((await ctx.request('GET', `/templates/${t.id}`)).status).toBe(200);

      // an unused template of the same project is not blocked
      const free = await create();
      expect((await ctx.request('DELETE', `/templates/${free.id}`)).status).toBe(200);

      await conn.execute('delete from test_template_users where template_id = ?', [t.id]);
      expect((await ctx.request('DELETE', `/templates/${t.id}`)).status).toBe(200);
      await expectError(await ctx.request('GET', `/templates/${t.id}`), 404, 'NOT_FOUND');
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../api/app.js';
import type { App } from '../api/types.js';
import { openOrm, type MikroORM } from '../db/orm.js';
import { sendWorkflowId } from '../core/workflow-ids.js';
import { EMBEDDED_POOL_MAX } from '../launcher/embedded-db.js';
import { EMBEDDED_PASS, setupTestContext, type TestContext } from './helpers.js';
import { insertVerifiedDomain } from './support/emails.js';
import { expectError } from './support/envelope.js';

/*
 * One Idempotency-Key, different bodies, sent at once through two app instances that each have
 * their own connection pool on one database (what two API processes are): the database alone
 * decides who wins.
 */

let ctx: TestContext;
let second: MikroORM;
let apps: App[];

beforeAll(async () => {
  ctx = await setupTestContext();
  await insertVerifiedDomain(ctx.orm, ctx.project.id, 'idem.test', ctx.config.secretKey!);
  // On the embedded database too: a second process reaches it through its wire server, with npm start's pool size.
  second = await openOrm(ctx.dbUrl, { poolMax: EMBEDDED_PASS ? EMBEDDED_POOL_MAX : undefined });
  apps = [ctx.app, createApp({ ...ctx.deps, orm: second })];
});
afterAll(async () => {
  if (ctx) {
    const rows = await ctx.orm.em.fork().getConnection().execute<{ id: string }[]>('select id from emails');
    for (const r of rows) await ctx.temporal.workflow.getHandle(sendWorkflowId(r.id)).terminate('test done').catch(() => {});
  }
  await second?.close(true);
  await ctx?.cleanup();
});

const send = (app: App, key: string, subject: string) =>
  app.request('/v1/send', {
    method: 'POST',
    headers: { authorization: `Bearer ${ctx.project.secretKey}`, 'content-type': 'application/json', 'Idempotency-Key': key },
    body: JSON.stringify({ to: 'idem@recipients.test', from: 'hello@idem.test', subject, body: '<p>Hi</p>' }),
  });

describe('Idempotency-Key across two app instances', () => {
  it('same key, different bodies, at once: one wins, the others 409; replays return the winner\'s body', async () => {
    const key = `cross-${Date.now()}`;
    const subjects = Array.from({ length: 8 }, (_, i) => `Body ${i}`);
    const responses = await Promise.all(subjects.map((s, i) => send(apps[i % 2], key, s)));
    const winners = responses.map((r, i) => [r, i] as const).filter(([r]) => r.status === 200);
    expect(winners).toHaveLength(1);
    const [winner, w] = winners[0];
    expect(winner.headers.get('idempotent-replayed')).toBeNull();
    const wonText = await winner.text();
    const won = JSON.parse(wonText);
    for (const [i, r] of responses.entries()) if (i !== w) await expectError(r, 409, undefined, '/v1/send');

    // Only the winner's body was stored and queued.
    const stored = await ctx.orm.em.fork().getConnection().execute<{ subject: string }[]>('select subject from emails where to_email = ?', ['idem@recipients.test']);
    expect(stored).toEqual([{ subject: subjects[w] }]);

    // The winner's body again, on either instance: its exact response; any other body: 409.
    for (const app of apps) {
      const replay = await send(app, key, subjects[w]);
      expect(replay.status).toBe(200);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      // Byte for byte: clients that sign or hash responses see the same body.
      expect(await replay.text()).toBe(wonText);
      const other = await expectError(await send(app, key, subjects[(w + 1) % subjects.length]), 409, undefined, '/v1/send');
      expect(other.message).toMatch(/different request body/);
    }
  });
});

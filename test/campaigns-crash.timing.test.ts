import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTemporalCli, startTemporalDevServer, type DevServer } from '../launcher/temporal-cli.js';
import { json, setupTestContext, type TestContext } from './helpers.js';
import { createCampaign, seedContacts, waitFor, waitForStatus } from './support/campaigns.js';
import { insertVerifiedDomain } from './support/emails.js';
import { TestSmtpServer } from './support/smtp-server.js';
import { FLUSH_ROWS } from '../activities/campaign-sender.js';
import { PAGES_IN_FLIGHT } from '../workflows/campaign.workflow.js';
import { CAMPAIGN_PAGES_PER_WORKER } from '../core/campaigns/campaign-workflow.js';
import { listParam, sqlRows } from '../db/sql.js';
import { startWorkerProcess, workerEnv, type WorkerProcess } from './support/worker-process.js';

const TOTAL = 3000;
const KILLS = 3;
/** Pages one worker process delivers at once: of the campaign's pages in flight, those its pages-queue slots hold. */
const PAGES_PER_PROCESS = Math.min(PAGES_IN_FLIGHT, CAMPAIGN_PAGES_PER_WORKER);
/**
 * What one killed worker can leave sent but unrecorded: per page it delivers, at most FLUSH_ROWS
 * outcomes buffered or being written (activities/campaign-sender.ts), plus the sends on its SMTP
 * connections (SMTP_MAX_CONNECTIONS as that process read it).
 */
const inFlightOf = (w: WorkerProcess) => PAGES_PER_PROCESS * FLUSH_ROWS + w.config.smtpMaxConnections;

let smtp: TestSmtpServer;
let ctx: TestContext;
const workers: WorkerProcess[] = [];
// This file's own Temporal dev server, on a file, so it can be restarted mid-campaign.
const temporalDb = path.join(tmpdir(), `mh-crash-${randomBytes(4).toString('hex')}.db`);
let temporal: DevServer;
const startTemporal = (port?: number) => startTemporalDevServer({ bin: findTemporalCli()!, headless: true, dbFilename: temporalDb, port });

beforeAll(async () => {
  smtp = await TestSmtpServer.start();
  temporal = await startTemporal();
  ctx = await setupTestContext({ SMTP_URL: smtp.url, SEND_RATE_PER_SECOND: '1000', TEMPORAL_ADDRESS: temporal.address });
  await insertVerifiedDomain(ctx.orm, ctx.project.id, 'example.com', ctx.config.secretKey!);
});
afterAll(async () => {
  for (const w of workers) {
    w.kill('SIGKILL');
    await w.exited;
  }
  await ctx?.cleanup();
  await temporal?.stop();
  await smtp?.close();
});

/** Waits until none of these messages' rows is QUEUED (each has its outcome recorded). */
const waitUntilRecorded = (campaignId: string, messageIds: Set<string>) =>
  waitFor(
    `the ${messageIds.size} rows unrecorded at the last kill to be recorded (count still QUEUED)`,
    async () => {
      const [{ n }] = await sqlRows<{ n: number }>(
        ctx.orm.em.fork(),
        `select count(*)::int as n from campaign_recipients where campaign_id = ? and status = 'QUEUED' and message_id = ${listParam()}`,
        [campaignId, JSON.stringify([...messageIds])],
      );
      return n;
    },
    (n) => n === 0,
    300_000,
    200,
  );

describe('a campaign whose worker is SIGKILLed three times and whose Temporal server restarts', () => {
  it(`reaches every contact, stats say 3,000; a repeat is only a message the server took that was unrecorded at a kill (<= ${PAGES_PER_PROCESS * FLUSH_ROWS} + its SMTP connections per killed worker), once, with the same Message-ID`, { timeout: 900_000 }, async () => {
    const env = workerEnv(ctx);
    workers.push(await startWorkerProcess(env, 180_000));
    await seedContacts(ctx.orm, ctx.project.id, 'crash', TOTAL);
    const id = await createCampaign(ctx, ctx.project.secretKey);
    expect((await ctx.request('POST', `/campaigns/${id}/send`)).status).toBe(200);

    // Per kill: the messages the server took before it whose rows were not final at the kill (the
    // 250-to-commit window): the only ones a retry may send again.
    const unrecordedAtKill: { unrecorded: Set<string>; bound: number }[] = [];
    for (let k = 1; k <= KILLS; k++) {
      // The next kill comes once the rows unrecorded at the last one are final again (sent once
      // more and recorded by the retried attempt): killed before that, a retry sends them a third
      // time, the window's repeat of the next kill, not a second repeat of this one.
      if (k > 1) await waitUntilRecorded(id, unrecordedAtKill[k - 2].unrecorded);
      await smtp.waitForCount((k * TOTAL) / (KILLS + 1), 300_000);
      const w = workers[workers.length - 1];
      w.kill('SIGKILL');
      await w.exited;
      const arrived = smtp.messages.length;
      const queued = new Set(
        (await sqlRows<{ message_id: string }>(ctx.orm.em.fork(), `select message_id from campaign_recipients where campaign_id = ? and status = 'QUEUED'`, [id])).map((r) => r.message_id),
      );
      const unrecorded = new Set(smtp.messages.slice(0, arrived).map((m) => m.messageId!).filter((mid) => queued.has(mid)));
      unrecordedAtKill.push({ unrecorded, bound: inFlightOf(w) });
      workers.push(await startWorkerProcess(env, 180_000));
    }
    // Then the Temporal server goes down and comes back (same port, same history file) mid-campaign.
    const port = Number(temporal.address.split(':')[1]);
    await temporal.stop();
    await new Promise((r) => setTimeout(r, 2000));
    temporal = await startTemporal(port);
    expect(temporal.address).toBe(`127.0.0.1:${port}`);
    await waitForStatus(ctx, ctx.project.secretKey, id, 'SENT', 600_000);

    const byRecipient = new Map<string, Set<string | null>>();
    for (const m of smtp.messages) {
      const to = m.recipients[0];
      if (!byRecipient.has(to)) byRecipient.set(to, new Set());
      byRecipient.get(to)!.add(m.messageId);
    }
    const duplicates = smtp.messages.length - byRecipient.size;
    console.log(`[campaign crash] ${smtp.messages.length} messages for ${byRecipient.size} recipients: ${duplicates} duplicates after ${KILLS} SIGKILLs and a Temporal restart`);
    expect(byRecipient.size).toBe(TOTAL);
    expect([...byRecipient.values()].filter((ids) => ids.size !== 1)).toEqual([]);
    const seen = new Set<string>();
    const twice = smtp.messages.map((m) => m.messageId!).filter((mid) => (seen.has(mid) ? true : (seen.add(mid), false)));
    console.log(`[campaign crash] unrecorded at each kill: ${unrecordedAtKill.map((u) => `${u.unrecorded.size} (bound ${u.bound})`).join(', ')}; repeats: ${twice.length}`);
    expect(new Set(twice).size).toBe(twice.length); // a repeat happens once
    const unrecorded = new Set(unrecordedAtKill.flatMap((u) => [...u.unrecorded]));
    expect(twice.filter((mid) => !unrecorded.has(mid))).toEqual([]);
    for (const u of unrecordedAtKill) expect(u.unrecorded.size).toBeLessThanOrEqual(u.bound);
    const stats = (await json(await ctx.request('GET', `/campaigns/${id}/stats`))).data;
    expect(stats).toMatchObject({ totalRecipients: TOTAL, sentCount: TOTAL, failedCount: 0 });
  });
});

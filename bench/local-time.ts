/**
 * Local-time campaign benchmark (`npm run bench:local-time`, issue 26): what sending a campaign
 * in waves by UTC offset costs next to a plain campaign to the same audience, through the real
 * path (core -> Temporal campaign workflow -> worker process -> pooled SMTP with DKIM) into the
 * loopback SMTP sink (bench/smtp-sink.ts).
 *
 * BENCH_TOTAL contacts (100,000 by default) are spread evenly over 24 zones, Etc/GMT+11 to
 * Etc/GMT-12: 24 UTC offsets, whole hours apart. In one run:
 * 1. a plain campaign to all of them (its messages/s is the platform's speed to this sink);
 * 2. a local-time campaign to the same contacts, `localTime` chosen so every wave is in the
 *    future (the first two hours ahead): 24 waves an hour apart.
 * 3. the ceiling: a plain pooled nodemailer loop with DKIM RSA-2048 to the same sink.
 *
 * Time compression. Real waves are an hour apart (offsets differ by whole hours), so a run would
 * take a day. Once the workflow has enlisted every recipient with its real due time and offset
 * (the product's own path) the bench moves each wave's due time, keeping the order and the
 * grouping, to `BENCH_WAVE_SPACING_S` apart (default: 1.5 x a wave's time at the plain
 * campaign's speed, at least 2 s) and sends the workflow its wake signal (what pause/resume
 * send). From there the workflow runs its own loop 24 times: read the next wave, sleep until it
 * on a durable timer, deliver the rows due. So its history holds what 24 real waves cost, plus
 * one signal and one extra read of the next wave.
 *
 * Reports: Temporal history events of both campaigns (every run of each workflow, read with
 * fetchHistory) and their ratio (issue 26: at most 1.2); per wave its size and messages/s (first
 * MAIL FROM to last end-of-DATA at the sink), against the plain campaign's and the ceiling's
 * messages/s; duplicates and recipients reached; the load average. Progress lines go to stderr.
 * Env: BENCH_TOTAL (100000), BENCH_WAVE_SPACING_S, BENCH_TIMEOUT_S (the whole run's limit; on
 * expiry it stops everything and exits 2), BENCH_DB_URL (admin URL), BENCH_WORKER_SOURCE=ts (run
 * the worker from the sources under tsx instead of `npm run build`'s dist/).
 */
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { signingLoop } from './signing-loop.js';
import { createCampaign } from '../core/campaigns/campaigns.js';
import { sendCampaign } from '../core/campaigns/sending.js';
import { createProject } from '../core/projects/keys.js';
import { campaignWorkflowId } from '../core/workflow-ids.js';
import { buildDist } from '../launcher/build.js';
import type { Arrival } from './smtp-sink.js';
import { addVerifiedBenchDomain, insertBenchContacts, startBenchStack } from './stack.js';
import { spawnWorker } from './worker-process.js';

const TOTAL = Number(process.env.BENCH_TOTAL ?? 100_000);
const OFFSETS = 24;
const FROM_SOURCES = process.env.BENCH_WORKER_SOURCE === 'ts';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Zone of contact i: Etc/GMT+11 (UTC-11) ... Etc/GMT-12 (UTC+12); the Etc sign is inverted. */
const zoneOf = (i: number) => {
  const hours = (i % OFFSETS) - 11; // UTC offset in hours, -11..+12
  return hours === 0 ? 'Etc/GMT' : `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
};
const offsetOfEmail = (email: string) => Number(/^lt(\d+)@/.exec(email)?.[1] ?? -1) % OFFSETS - 11;

const progress = (msg: string) => console.error(`[bench:local-time ${new Date().toISOString().slice(11, 19)}] ${msg}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` every 250 ms until it answers true; throws after `ms` naming `what`. */
async function until(what: string, ms: number, check: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out after ${Math.round(ms / 1000)} s waiting for ${what}`);
    await sleep(250);
  }
}

/** `YYYY-MM-DDTHH:MM:SS` of UTC `ms` (a wall time without offset). */
const wallOf = (ms: number) => new Date(ms).toISOString().slice(0, 19);

async function main() {
  const timeoutS = Number(process.env.BENCH_TIMEOUT_S ?? Math.max(600, Math.ceil(TOTAL / 50)));
  let workers: ChildProcess[] = [];
  let stopStack: (() => Promise<void>) | undefined;
  const deadline = setTimeout(() => {
    progress(`BENCH_TIMEOUT_S=${timeoutS} reached: stopping everything`);
    for (const w of workers) w.kill('SIGKILL');
    void Promise.race([stopStack?.(), sleep(15_000)]).finally(() => process.exit(2));
  }, timeoutS * 1000);
  deadline.unref();

  progress(`starting the stack (database, Temporal dev server, SMTP sink); ${TOTAL} contacts over ${OFFSETS} offsets, time limit ${timeoutS} s`);
  const stack = await startBenchStack();
  stopStack = stack.stop;
  const { orm, sink, client, taskQueue } = stack;
  const db = new pg.Client({ connectionString: stack.dbUrl });
  await db.connect();
  const env = { ...stack.workerEnv, SEND_RATE_PER_SECOND: '1000000' };
  if (!FROM_SOURCES) {
    progress('building dist/ (BENCH_WORKER_SOURCE=ts skips this)');
    await buildDist();
  }
  workers = [await spawnWorker(path.join(root, FROM_SOURCES ? 'worker/main.ts' : 'dist/worker/main.js'), { env })];
  try {
    const em = orm.em.fork();
    const { project } = await createProject(em, 'bench-local-time');
    const keys = await addVerifiedBenchDomain(em, project.id);
    await insertBenchContacts(em, project.id, TOTAL, (i) => ({ email: `lt${i}@recipients.test`, timezone: zoneOf(i), data: { first_name: `N${i}` } }));
    progress(`${TOTAL} contacts inserted`);
    const body = '<html><body><p>Hi {{first_name}}, see <a href="https://example.org/x">this</a></p></body></html>';
    const deps = { temporal: client, config: { taskQueue } };
    const status = async (id: string) => (await db.query('select status from campaigns where id = $1', [id])).rows[0]?.status as string;
    /** Events of every run of the campaign's workflow, with the activities and timers among them. */
    const historyEvents = async (id: string) => {
      let events = 0;
      let runs = 0;
      let timers = 0;
      let workflowTasks = 0;
      const activities: Record<string, number> = {};
      for await (const w of client.workflow.list({ query: `WorkflowId = '${campaignWorkflowId(id)}'` })) {
        runs++;
        const history = (await client.workflow.getHandle(w.workflowId, w.runId).fetchHistory()).events ?? [];
        events += history.length;
        for (const e of history) {
          const name = e.activityTaskScheduledEventAttributes?.activityType?.name;
          if (name) activities[name] = (activities[name] ?? 0) + 1;
          if (e.timerStartedEventAttributes) timers++;
          if (e.workflowTaskScheduledEventAttributes) workflowTasks++;
        }
      }
      return { runs, events, activities, timers, workflowTasks };
    };
    const loadAtStart = loadavg()[0];

    // 1. The plain campaign.
    const plain = await createCampaign(em, project.id, { name: 'plain', subject: 'Hello {{first_name}}', from: 'news@example.com', audienceType: 'ALL', body });
    progress('plain campaign: sending');
    let started = Date.now();
    await sendCampaign(em, deps, project.id, plain.id);
    let lastLog = 0;
    const sentYet = (id: string, what: string) => async () => {
      if (Date.now() - lastLog > 10_000) {
        lastLog = Date.now();
        progress(`${what}: ${(await sink.report()).received} of ${TOTAL} at the sink`);
      }
      return (await status(id)) === 'SENT';
    };
    await until('the plain campaign to be SENT', timeoutS * 1000, sentYet(plain.id, 'plain campaign'));
    const plainMs = Date.now() - started;
    const plainRate = (TOTAL * 1000) / plainMs;
    const plainSink = await sink.report();
    progress(`plain campaign: ${TOTAL} in ${plainMs} ms (${plainRate.toFixed(1)}/s), ${plainSink.received} at the sink`);
    await sink.reset();

    // 2. The local-time campaign: every wave in the future, the earliest (UTC+12) two hours ahead.
    const local = await createCampaign(em, project.id, { name: 'local', subject: 'Hello {{first_name}}', from: 'news@example.com', audienceType: 'ALL', body });
    const { rows: [{ now: dbNow }] } = await db.query<{ now: Date }>('select now() as now');
    const localTime = wallOf(new Date(dbNow).getTime() + 14 * 3_600_000);
    progress(`local-time campaign: sending with localTime ${localTime} (waves from 2 h to 25 h ahead)`);
    started = Date.now();
    await sendCampaign(em, deps, project.id, local.id, undefined, localTime);
    await until('every recipient enlisted with its due time', timeoutS * 1000, async () => {
      const r = await db.query<{ n: number; undated: number }>(
        'select count(*)::int as n, (count(*) filter (where due_at is null))::int as undated from campaign_recipients where campaign_id = $1',
        [local.id],
      );
      return r.rows[0].n === TOTAL && r.rows[0].undated === 0;
    });
    const waves = await db.query<{ due_at: Date; utc_offset: number; n: number }>(
      'select due_at, utc_offset, count(*)::int as n from campaign_recipients where campaign_id = $1 group by due_at, utc_offset order by due_at',
      [local.id],
    );
    progress(`enlisted in ${Date.now() - started} ms: ${waves.rows.length} waves, ${waves.rows[0]?.due_at.toISOString()} to ${waves.rows.at(-1)?.due_at.toISOString()}`);
    const waveSize = Math.ceil(TOTAL / OFFSETS);
    const spacingS = Number(process.env.BENCH_WAVE_SPACING_S ?? Math.max(2, Math.ceil((1.5 * waveSize) / plainRate)));
    const firstIn = 3;
    await db.query(
      `with d as (select due_at, dense_rank() over (order by due_at) - 1 as k from (select distinct due_at from campaign_recipients where campaign_id = $1) x)
       update campaign_recipients r set due_at = date_trunc('milliseconds', now()) + make_interval(secs => $2 + d.k * $3) from d where r.campaign_id = $1 and r.due_at = d.due_at`,
      [local.id, firstIn, spacingS],
    );
    await client.workflow.getHandle(campaignWorkflowId(local.id)).signal('campaignWake');
    const compressedAt = Date.now();
    progress(`time compressed: the waves now start in ${firstIn} s, ${spacingS} s apart (last in ${firstIn + spacingS * (waves.rows.length - 1)} s); workflow woken`);
    await until('the local-time campaign to be SENT', timeoutS * 1000, sentYet(local.id, 'local-time campaign'));
    const localMs = Date.now() - compressedAt;
    const localSink = await sink.report();
    const arrivals: Arrival[] = await sink.arrivals();
    await sink.reset();
    progress(`local-time campaign: SENT ${localMs} ms after the compression, ${localSink.received} at the sink`);

    const [plainHistory, localHistory] = [await historyEvents(plain.id), await historyEvents(local.id)];

    // 3. The ceiling.
    progress('ceiling: pooled nodemailer with DKIM to the same sink');
    const { ms: ceilingMs } = await signingLoop(sink.url, TOTAL, keys.privateKeyPem);
    const ceilingRate = (TOTAL * 1000) / ceilingMs;

    const byOffset = new Map<number, Arrival[]>();
    for (const a of arrivals) {
      const o = offsetOfEmail(a.to);
      byOffset.set(o, [...(byOffset.get(o) ?? []), a]);
    }
    const waveRates = [...byOffset.entries()]
      .sort(([a], [b]) => b - a) // UTC+12 goes first
      .map(([offsetHours, got]) => {
        const first = Math.min(...got.map((a) => a.mailFromAt));
        const last = Math.max(...got.map((a) => a.arrivedAt));
        const rate = (got.length * 1000) / Math.max(1, last - first);
        return { offsetHours, messages: got.length, ms: last - first, messagesPerSecond: Number(rate.toFixed(1)), vsPlain: Number((rate / plainRate).toFixed(2)), vsCeiling: Number((rate / ceilingRate).toFixed(2)) };
      });
    const rates = waveRates.map((w) => w.messagesPerSecond).sort((a, b) => a - b);
    console.log(
      JSON.stringify(
        {
          total: TOTAL,
          offsets: OFFSETS,
          worker: FROM_SOURCES ? 'worker/main.ts (tsx)' : 'dist/worker/main.js',
          loadAverageAtStart: Number(loadAtStart.toFixed(2)),
          loadAverageAtEnd: Number(loadavg()[0].toFixed(2)),
          temporal: {
            plain: plainHistory,
            localTime: localHistory,
            ratio: Number((localHistory.events / Math.max(1, plainHistory.events)).toFixed(3)),
            target: 'at most 1.2',
          },
          plain: { ms: plainMs, messagesPerSecond: Number(plainRate.toFixed(1)), received: plainSink.received, duplicates: plainSink.duplicatesSameMessageId + plainSink.duplicatesOtherMessageId },
          localTime: {
            localTime,
            waveSpacingSeconds: spacingS,
            wavesEnlisted: waves.rows.length,
            received: localSink.received,
            distinctRecipients: localSink.distinctRecipients,
            duplicates: localSink.duplicatesSameMessageId + localSink.duplicatesOtherMessageId,
            waveMessagesPerSecond: { min: rates[0], median: rates[Math.floor(rates.length / 2)], max: rates.at(-1) },
            waves: waveRates,
          },
          ceiling: { dkim: 'RSA-2048', ms: ceilingMs, messagesPerSecond: Number(ceilingRate.toFixed(1)) },
        },
        null,
        2,
      ),
    );
  } finally {
    clearTimeout(deadline);
    for (const worker of workers) {
      worker.kill('SIGTERM');
      await Promise.race([new Promise((r) => (worker.exitCode !== null ? r(null) : worker.once('exit', r))), sleep(20_000).then(() => worker.kill('SIGKILL'))]);
    }
    await db.end();
    await stack.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

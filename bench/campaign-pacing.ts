/**
 * Pacing across everything one project sends (`npx tsx bench/campaign-pacing.ts`): two campaigns
 * and /v1/send traffic at once, at the default rate (SEND_RATE_PER_SECOND unset: 14/s), delivered by
 * BENCH_WORKERS (2) built worker processes to an SMTP sink in its own process. The requests go
 * through the real HTTP app (served in this process) with the project's secret key.
 *
 * Reports, at the sink: the busiest 1-second window of MAIL FROMs (target: never above the rate),
 * the span from the first MAIL FROM to the last against the ideal (N - 1) / rate for evenly paced
 * starts (target: within 3%), duplicates. Env: BENCH_PER_CAMPAIGN (500), BENCH_SENDS (200),
 * BENCH_WORKERS (2), BENCH_WARM_UP (40 sends of another project first, not measured), BENCH_DB_URL.
 */
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from '../api/app.js';
import { loadConfig } from '../core/config.js';
import { maxInWindow } from '../core/pacing.js';
import { buildDeps } from '../core/deps.js';
import { generateDkimKeyPair } from '../core/domains/dkim.js';
import { createProject } from '../core/projects/keys.js';
import { newId } from '../db/ids.js';
import { buildDist } from '../launcher/build.js';
import { spawnWorker } from './worker-process.js';
import { addVerifiedBenchDomain, startBenchStack } from './stack.js';

const PER_CAMPAIGN = Number(process.env.BENCH_PER_CAMPAIGN ?? 500);
const SENDS = Number(process.env.BENCH_SENDS ?? 200);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 40);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');


async function main() {
  const stack = await startBenchStack();
  const { orm, sink, client: temporal } = stack;
  const env = { ...stack.workerEnv };
  delete env.SEND_RATE_PER_SECOND;
  const config = loadConfig({ ...env, RATE_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'warn' });
  const rate = config.sendRatePerSecond;
  await buildDist();
  const workers = await Promise.all(Array.from({ length: WORKERS }, () => spawnWorker(path.join(root, 'dist/worker/main.js'), { env })));
  const server = serve({ fetch: createApp({ ...buildDeps(config, orm), temporal }).fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const em = orm.em.fork();
    const keys = await generateDkimKeyPair();
    const newProject = async (name: string, domain: string) => {
      const created = await createProject(em, name);
      await addVerifiedBenchDomain(em, created.project.id, domain, keys);
      const call = async (method: string, p: string, body?: unknown) => {
        const res = await fetch(base + p, { method, headers: { authorization: `Bearer ${created.secretKey}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
        const json = (await res.json()) as { data: Record<string, unknown> };
        if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(json)}`);
        return json.data;
      };
      return { project: created.project, call };
    };
    const finalEmails = async (projectId: string) =>
      Number((await em.fork().getConnection().execute<{ n: number }[]>(`select count(*)::int as n from emails where project_id = ? and status in ('SENT','FAILED','BOUNCED')`, [projectId]))[0].n);

    // Warm-up on another project (as bench/delivery.ts does): the workers' and the sink's first
    // SMTP transactions run cold code (100-200 ms late after their admission); a running service is warm.
    const warm = await newProject('warm-up', 'warm.example.com');
    for (let i = 0; i < WARM_UP; i++) await warm.call('POST', '/v1/send', { to: `w${i}@recipients.test`, from: 'app@warm.example.com', subject: 'Warm-up', body: '<p>w</p>' });
    while ((await finalEmails(warm.project.id)) < WARM_UP) await new Promise((r) => setTimeout(r, 200));
    await sink.reset();

    const { project, call } = await newProject('bench', 'example.com');
    const contacts = ['a', 'b'].flatMap((group) => Array.from({ length: PER_CAMPAIGN }, (_, i) => ({ id: newId(), email: `${group}${i}@recipients.test`, data: { group, first_name: `N${i}` } })));
    await em.getConnection().execute(
      `insert into contacts (id, project_id, email, subscribed, data, created_at, updated_at)
       select v.id, ?, v.email, true, v.data, now(), now() from jsonb_to_recordset(?::jsonb) as v(id uuid, email text, data jsonb)`,
      [project.id, JSON.stringify(contacts)],
    );
    const campaignIds: string[] = [];
    for (const group of ['a', 'b']) {
      const c = await call('POST', '/campaigns', {
        name: `pacing ${group}`, subject: 'Hello {{first_name}}', from: 'news@example.com', body: '<p>Hi {{first_name}}</p>',
        audienceType: 'FILTERED', audienceFilter: { logic: 'AND', groups: [{ filters: [{ field: 'data.group', operator: 'equals', value: group }] }] },
      });
      campaignIds.push(c.id as string);
    }
    const total = 2 * PER_CAMPAIGN + SENDS;
    const load = loadavg()[0];
    const started = Date.now();
    await Promise.all(campaignIds.map((id) => call('POST', `/campaigns/${id}/send`, {})));
    // Transactional sends spread over the campaigns' expected time, so all three compete throughout.
    const spacingMs = ((total / rate) * 1000) / SENDS / 1.5;
    for (let i = 0; i < SENDS; i++) {
      await call('POST', '/v1/send', { to: `t${i}@recipients.test`, from: 'app@example.com', subject: 'Your receipt', body: `<p>Receipt ${i}</p>` });
      await new Promise((r) => setTimeout(r, spacingMs));
    }
    for (;;) {
      const r = await em.fork().getConnection().execute<{ n: number }[]>(
        `select (select count(*) from campaigns where id in (?, ?) and status = 'SENT') + (select count(*) from emails where project_id = ? and status in ('SENT','FAILED','BOUNCED')) as n`,
        [campaignIds[0], campaignIds[1], project.id],
      );
      if (Number(r[0].n) >= 2 + SENDS) break;
      await new Promise((res) => setTimeout(res, 250));
    }
    const wallMs = Date.now() - started;
    const got = await sink.report();
    // Each message's admitted start (database clock, same machine) against its MAIL FROM at the sink.
    const starts = await em.fork().getConnection().execute<{ to_email: string; t: number }[]>(
      `select to_email, extract(epoch from sent_at)::float8 * 1000 as t from campaign_recipients where campaign_id in (?, ?)
       union all select to_email, extract(epoch from sent_at)::float8 * 1000 from emails where project_id = ?`,
      [campaignIds[0], campaignIds[1], project.id],
    );
    const startOf = new Map(starts.map((r) => [r.to_email, Number(r.t)]));
    const arrivals = await sink.arrivals();
    const first = got.firstMailFromAt ?? 0;
    const timed = arrivals.map((a) => ({ at: a.mailFromAt - first, delay: a.mailFromAt - (startOf.get(a.to) ?? NaN) })).filter((x) => Number.isFinite(x.delay));
    const slowest = [...timed].sort((a, b) => b.delay - a.delay).slice(0, 8).map((x) => `${Math.round(x.delay)} ms at +${x.at} ms`);
    const delays = timed.map((x) => x.delay).sort((a, b) => a - b);
    const pct = (q: number) => Math.round(delays[Math.min(delays.length - 1, Math.floor(q * delays.length))]);
    const spanMs = (got.lastMailFromAt ?? 0) - (got.firstMailFromAt ?? 0);
    const idealSpanMs = ((total - 1) / rate) * 1000;
    console.log(
      JSON.stringify(
        {
          rate,
          workers: WORKERS,
          messages: { campaigns: 2 * PER_CAMPAIGN, transactional: SENDS, total },
          loadAverageAtStart: Number(load.toFixed(2)),
          sink: got,
          busiestSecondAtSink: got.busiestSecond,
          busiestSecondOfStarts: maxInWindow([...startOf.values()], 1000),
          // Kept from before the service's own SMTP pool: nodemailer's pool connected after the
          // admission, so the first message on each new connection reached MAIL FROM late.
          busiestSecondAtSinkAfterFirst2s: maxInWindow(arrivals.map((a) => a.mailFromAt).filter((t) => t >= first + 2000), 1000),
          startToMailFromMs: { p50: pct(0.5), p90: pct(0.9), p99: pct(0.99), max: pct(1), slowest },
          neverAboveRate: got.busiestSecond <= rate,
          spanMs,
          idealSpanMs: Math.round(idealSpanMs),
          spanOverIdeal: Number((spanMs / idealSpanMs).toFixed(4)),
          withinThreePercent: spanMs <= idealSpanMs * 1.03,
          wallMs,
        },
        null,
        2,
      ),
    );
  } finally {
    for (const w of workers) w.kill('SIGTERM');
    await Promise.all(workers.map((w) => new Promise((r) => (w.exitCode !== null ? r(null) : w.once('exit', r)))));
    server.close();
    await stack.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

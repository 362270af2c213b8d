/**
 * The worker's SMTP hand-off alone (`npx tsx bench/smtp-send.ts`): BENCH_TOTAL (20,000) messages
 * composed into a campaign's MIME skeleton and sent through the project's pooled mailer
 * (activities/mailer.ts, createSmtpMailer) by 20 lanes, to the loopback sink in its own process.
 * Reports this process's CPU per message (composing and SMTP, no database, no Temporal): what the
 * campaign's worker spends per message on its non-SQL path, measurable without the rest.
 */
import { startSinkProcess } from './smtp-sink.js';
import { createSmtpMailer } from '../activities/mailer.js';
import { mimeSkeleton } from '../activities/delivery/mime.js';
import { newId } from '../db/ids.js';

const TOTAL = Number(process.env.BENCH_TOTAL ?? 20_000);
const LANES = 20;

async function main() {
  const sink = await startSinkProcess();
  const mailer = createSmtpMailer(sink.url);
  const skeleton = mimeSkeleton({ name: 'News', address: 'news@example.com' });
  const compose = (i: number) => {
    const id = newId();
    const wire = skeleton.compose({
      to: `c${i}@recipients.test`,
      subject: `Hello N${i}`,
      messageId: `${id}@example.com`,
      html: `<html><body><p>Hi N${i}, see <a href="https://t.example.org/c/${id}/x">this</a></p><img src="https://t.example.org/o/${id}.gif"></body></html>`,
      text: `Hi N${i}, see this (https://t.example.org/c/${id}/x)`,
      headers: { 'X-Mailhub-Email-ID': id, 'List-Unsubscribe': `<https://t.example.org/u/${id}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      returnPath: `bounces+${id}@example.com`,
    })!;
    return { emailId: id, messageId: `${id}@example.com`, from: { address: 'news@example.com' }, to: `c${i}@recipients.test`, subject: '', html: '', prepared: wire };
  };
  // Warm-up: connections open, code optimized.
  let next = 0;
  const run = async (n: number) => {
    const lane = async () => {
      while (next < n) await mailer.send(compose(next++), { fence: async () => ({ release() {} }) });
    };
    await Promise.all(Array.from({ length: LANES }, lane));
  };
  await run(1000);
  await sink.reset();
  next = 0;
  const cpu0 = process.cpuUsage();
  const t0 = Date.now();
  await run(TOTAL);
  const ms = Date.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const report = await sink.report();
  console.log(JSON.stringify({ total: TOTAL, ms, perSecond: Math.round((TOTAL * 1000) / ms), cpuMsPerMessage: Number(((cpu.user + cpu.system) / 1000 / TOTAL).toFixed(4)), userMsPerMessage: Number((cpu.user / 1000 / TOTAL).toFixed(4)), sysMsPerMessage: Number((cpu.system / 1000 / TOTAL).toFixed(4)), received: report.received }));
  await mailer.close();
  await sink.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

import nodemailer from 'nodemailer';
import { DKIM_HEADER_FIELDS } from '../activities/mailer.js';
import { loadConfig } from '../core/config.js';
import { newId } from '../db/ids.js';

/**
 * The campaign's peer (bench/start.ts, bench/campaign.ts, bench/local-time.ts): one process, pooled
 * nodemailer with the service's pool size, `n` messages like the campaign's, each DKIM-signed with
 * `privateKey` (RSA-2048) unless it is undefined. Returns the milliseconds it took and the CPU
 * milliseconds this process spent meanwhile.
 */
export async function signingLoop(smtpUrl: string, n: number, privateKey: string | undefined): Promise<{ ms: number; cpuMs: number }> {
  // The pool size the benches' workers read: they inherit this process's environment.
  const connections = loadConfig().smtpMaxConnections;
  const transport = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: connections });
  const cpuBefore = process.cpuUsage();
  const started = Date.now();
  let next = 0;
  const lane = async () => {
    while (next < n) {
      const i = next++;
      await transport.sendMail({
        from: 'news@example.com',
        to: `loop-${i}@recipients.test`,
        subject: `Hello N${i}`,
        html: `<html><body><p>Hi N${i}, see <a href="https://example.org/x">this</a></p></body></html>`,
        text: `Hi N${i}`,
        messageId: `<${newId()}@example.com>`,
        dkim: privateKey ? { domainName: 'example.com', keySelector: 'bench', privateKey, headerFieldNames: DKIM_HEADER_FIELDS } : undefined,
      });
    }
  };
  await Promise.all(Array.from({ length: connections }, lane));
  transport.close();
  const cpu = process.cpuUsage(cpuBefore);
  return { ms: Date.now() - started, cpuMs: (cpu.user + cpu.system) / 1000 };
}

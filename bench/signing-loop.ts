import nodemailer from 'nodemailer';
import { DKIM_HEADER_FIELDS, SMTP_POOL_CONNECTIONS } from '../activities/mailer.js';
import { newId } from '../db/ids.js';

/**
 * The campaign's peer (bench/start.ts, bench/campaign.ts, bench/local-time.ts): one process, pooled
 * nodemailer with the service's pool size, `n` messages like the campaign's, each DKIM-signed with
 * `privateKey` (RSA-2048) unless it is undefined. Returns the milliseconds it took and the CPU
 * milliseconds this process spent meanwhile.
 */
export async function signingLoop(smtpUrl: string, n: number, privateKey: string | undefined): Promise<{ ms: number; cpuMs: number }> {
  const transport = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: SMTP_POOL_CONNECTIONS });
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
  await Promise.all(Array.from({ length: SMTP_POOL_CONNECTIONS }, lane));
  transport.close();
  const cpu = process.cpuUsage(cpuBefore);
  return { ms: Date.now() - started, cpuMs: (cpu.user + cpu.system) / 1000 };
}

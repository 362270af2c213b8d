/**
 * A loopback SMTP sink in its own process: accepts every message and discards it, keeping only the
 * recipient, the Message-ID and the time of MAIL FROM. Its own process so that it never shares an
 * event loop with what is measured (the campaign's worker, or the ceiling's nodemailer loop in the
 * bench process): both are measured against the same, separate receiver.
 *
 * `startSinkProcess()` forks it and talks over IPC: `report()` and `arrivals()` answer what arrived
 * since the last `reset()`.
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { maxInWindow } from '../core/pacing.js';

export interface SinkReport {
  received: number;
  distinctRecipients: number;
  /** Extra copies of a recipient's message carrying the same Message-ID (the 250-before-commit window). */
  duplicatesSameMessageId: number;
  /** Extra copies with another Message-ID: a real double send. */
  duplicatesOtherMessageId: number;
  /** Times of MAIL FROM (epoch ms) of the first and the last message. */
  firstMailFromAt: number | null;
  lastMailFromAt: number | null;
  /** Messages whose header carries a DKIM-Signature (a signed run's check that it signed). */
  dkimSigned: number;
  /** The most MAIL FROMs in any 1-second window. */
  busiestSecond: number;
}

export interface Sink {
  url: string;
  /** The sink's process (its CPU is the receiving side's cost: bench/campaign.ts). */
  pid: number;
  report(): Promise<SinkReport>;
  /** Every message since the last reset: recipient, Message-ID, MAIL FROM and end-of-DATA times (epoch ms). */
  arrivals(): Promise<Arrival[]>;
  reset(): Promise<void>;
  close(): Promise<void>;
}

export interface Arrival {
  to: string;
  messageId: string;
  mailFromAt: number;
  arrivedAt: number;
  dkimSigned: boolean;
}

type Request = { type: 'report' | 'reset' | 'arrivals'; id: number };

export async function startSinkProcess(): Promise<Sink> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (m: { url: string }) => resolve(m.url));
    child.once('exit', (code) => reject(new Error(`SMTP sink exited ${code}`)));
  });
  let ids = 0;
  const ask = <T>(type: Request['type']) =>
    new Promise<T>((resolve) => {
      const id = ++ids;
      const on = (m: { id: number; answer: T }) => {
        if (m.id !== id) return;
        child.off('message', on);
        resolve(m.answer);
      };
      child.on('message', on);
      child.send({ type, id } satisfies Request);
    });
  return {
    url,
    pid: child.pid!,
    report: () => ask<SinkReport>('report'),
    arrivals: () => ask<Arrival[]>('arrivals'),
    reset: () => ask<void>('reset'),
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function runSink() {
  let got: Arrival[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    onMailFrom(_address, session, cb) {
      (session as unknown as { mailFromAt: number }).mailFromAt = Date.now();
      cb();
    },
    onData(stream, session, cb) {
      let head = '';
      stream.on('data', (c: Buffer) => (head.length < 4096 ? (head += c.toString('utf8')) : undefined));
      stream.on('end', () => {
        got.push({
          to: session.envelope.rcptTo[0]?.address ?? '',
          messageId: /^Message-ID:\s*(<[^>]+>)/im.exec(head)?.[1] ?? '',
          mailFromAt: (session as unknown as { mailFromAt: number }).mailFromAt,
          arrivedAt: Date.now(),
          dkimSigned: /^DKIM-Signature:/im.test(head),
        });
        cb();
      });
    },
  });
  // A client that dies mid-conversation (a killed worker) is not the sink's failure.
  server.on('error', () => {});
  const report = (): SinkReport => {
    const byRecipient = new Map<string, Set<string>>();
    let same = 0;
    for (const g of got) {
      const ids = byRecipient.get(g.to);
      if (!ids) byRecipient.set(g.to, new Set([g.messageId]));
      else if (ids.has(g.messageId)) same++;
      else ids.add(g.messageId);
    }
    const times = got.map((g) => g.mailFromAt);
    return {
      received: got.length,
      distinctRecipients: byRecipient.size,
      duplicatesSameMessageId: same,
      duplicatesOtherMessageId: got.length - byRecipient.size - same,
      firstMailFromAt: times.length ? times.reduce((a, b) => Math.min(a, b)) : null,
      lastMailFromAt: times.length ? times.reduce((a, b) => Math.max(a, b)) : null,
      busiestSecond: maxInWindow(times, 1000),
      dkimSigned: got.filter((g) => g.dkimSigned).length,
    };
  };
  process.on('message', (m: Request) => {
    if (m.type === 'report') process.send!({ id: m.id, answer: report() });
    if (m.type === 'arrivals') process.send!({ id: m.id, answer: got });
    if (m.type === 'reset') {
      got = [];
      process.send!({ id: m.id, answer: undefined });
    }
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
  server.listen(0, '127.0.0.1', () => process.send!({ url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}` }));
}

if (process.send && process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) runSink();

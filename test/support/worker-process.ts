import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createMailer } from '../../activities/mailer.js';
import { loadConfig, type Config } from '../../core/config.js';
import { openOrm } from '../../db/orm.js';
import { buildDeps } from '../../core/deps.js';
import { isEntrypoint } from '../../core/process.js';
import { createWorker } from '../../worker/create-worker.js';
import type { TestContext } from '../helpers.js';

/*
 * A delivery worker in its own OS process, for tests that need several processes (shared pacing)
 * or one to SIGKILL (crash recovery). Run as a script it reads DATABASE_URL, TEMPORAL_ADDRESS,
 * TEMPORAL_TASK_QUEUE, SMTP_URL, SEND_RATE_PER_SECOND... like the real worker, prints READY once
 * polling, and prints `SENT <emailId> <startedAt> <doneAt>` for each message the SMTP server accepted.
 */

export interface WorkerProcess {
  child: ChildProcess;
  /** Messages this process handed to SMTP successfully (from its stdout): when the send started and ended. */
  sent: { emailId: string; startedAt: number; doneAt: number }[];
  /** The configuration the process loads from its environment (its SMTP pool size, say). */
  config: Config;
  exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): void;
}

const script = fileURLToPath(import.meta.url);

/** The environment of a worker process for a test context: its database, task queue, SMTP server, rate and secret. */
export function workerEnv(ctx: TestContext): Record<string, string> {
  return {
    DATABASE_URL: ctx.dbUrl,
    TEMPORAL_ADDRESS: ctx.config.temporalAddress!,
    TEMPORAL_TASK_QUEUE: ctx.config.taskQueue,
    SMTP_URL: ctx.config.smtpUrl!,
    ...(ctx.config.smtpCaFile ? { SMTP_CA_FILE: ctx.config.smtpCaFile } : {}),
    SMTP_MAX_CONNECTIONS: String(ctx.config.smtpMaxConnections),
    SEND_RATE_PER_SECOND: String(ctx.config.sendRatePerSecond),
    SECRET_KEY: ctx.config.secretKey!,
    DATA_DIR: ctx.config.dataDir,
  };
}

/** Spawns `node --import tsx worker-process.ts` (one process: SIGKILL hits the worker itself) and waits for READY. */
export async function startWorkerProcess(env: Record<string, string>, timeoutMs = 60_000): Promise<WorkerProcess> {
  const childEnv = { ...process.env, TEMPORAL_LOG_LEVEL: 'ERROR', ...env };
  const child = spawn(process.execPath, ['--import', 'tsx', script], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const sent: WorkerProcess['sent'] = [];
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker process not ready in ${timeoutMs} ms: ${stderr}`)), timeoutMs);
    void exited.then((code) => reject(new Error(`worker process exited (${code}) before READY: ${stderr}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line === 'READY') {
        clearTimeout(timer);
        resolve();
      } else if (line.startsWith('SENT ')) {
        const [, emailId, startedAt, doneAt] = line.split(' ');
        sent.push({ emailId, startedAt: Number(startedAt), doneAt: Number(doneAt) });
      }
    });
  });
  return { child, sent, config: loadConfig(childEnv), exited, kill: (signal = 'SIGTERM') => child.kill(signal) };
}

async function main() {
  const config = loadConfig(process.env);
  const orm = await openOrm(config.databaseUrl!, { poolMax: 10 });
  const real = createMailer(config);
  const { worker, connection } = await createWorker({
    address: config.temporalAddress!,
    namespace: config.temporalNamespace,
    taskQueue: config.taskQueue,
    deps: {
      ...buildDeps(config, orm),
      mailer: {
        async send(msg, opts) {
          // When the start was admitted (a connection in hand): the hand-off to the connection.
          let startedAt = Date.now();
          const admit = opts?.admit;
          const timed = admit && (async () => {
            const ok = await admit();
            startedAt = Date.now();
            return ok;
          });
          const info = await real.send(msg, timed ? { admit: timed } : opts);
          process.stdout.write(`SENT ${msg.emailId} ${startedAt} ${Date.now()}\n`);
          return info;
        },
        close: () => real.close(),
      },
    },
    sweeper: false,
  });
  const done = worker.run();
  process.stdout.write('READY\n');
  // The SDK's runtime shuts the worker down on SIGTERM/SIGINT by itself.
  await done;
  await real.close();
  await connection.close();
  await orm.close(true);
  process.exit(0);
}

if (isEntrypoint(import.meta.url)) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}

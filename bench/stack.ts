import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import pg from 'pg';
import type { EntityManager } from '@mikro-orm/postgresql';
import { generateDkimKeyPair, type DkimKeyPair } from '../core/domains/dkim.js';
import { encryptSecret } from '../core/secrets.js';
import { newId } from '../db/ids.js';
import { openOrm } from '../db/orm.js';
import { findTemporalCli, startTemporalDevServer } from '../launcher/temporal-cli.js';
import { startSinkProcess } from './smtp-sink.js';

/** The server the benches create their throw-away databases on (BENCH_DB_URL: an admin URL). */
export const ADMIN_URL = process.env.BENCH_DB_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
/** SECRET_KEY of every bench's workers and app (encrypts the bench's DKIM keys). */
export const BENCH_SECRET = 'bench-secret-key-0123456789abcdef';

async function adminQuery(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  await c.query(sql).finally(() => c.end());
}

/**
 * What the delivery benches run against, all started fresh: a throw-away database (migrated), a
 * headless Temporal dev server with a client, and the SMTP sink in its own process. `workerEnv`
 * points worker processes at all three; `stop()` ends them and drops the database (stop the
 * workers first).
 */
export async function startBenchStack() {
  const bin = findTemporalCli();
  if (!bin) throw new Error('temporal CLI not found: run .ci/run once (it installs it)');
  const dbName = `mh_bench_${randomBytes(5).toString('hex')}`;
  await adminQuery(`create database ${dbName}`);
  const dbUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).toString();
  const orm = await openOrm(dbUrl, { migrate: true });
  const temporalServer = await startTemporalDevServer({ bin, headless: true });
  const sink = await startSinkProcess();
  const connection = await Connection.connect({ address: temporalServer.address });
  const taskQueue = `bench-${randomBytes(4).toString('hex')}`;
  const workerEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: dbUrl,
    TEMPORAL_ADDRESS: temporalServer.address,
    TEMPORAL_TASK_QUEUE: taskQueue,
    SMTP_URL: sink.url,
    SECRET_KEY: BENCH_SECRET,
    DATA_DIR: path.join(tmpdir(), dbName),
  };
  return {
    dbUrl,
    orm,
    sink,
    taskQueue,
    client: new Client({ connection }),
    workerEnv,
    async stop() {
      await connection.close();
      await temporalServer.stop();
      await sink.close();
      await orm.close(true);
      await adminQuery(`drop database if exists ${dbName} with (force)`);
    },
  };
}

/**
 * A bench's sender: `domain` (`example.com` unless given) of `projectId`, VERIFIED, with an RSA-2048
 * DKIM key (selector `bench`, encrypted with BENCH_SECRET as the service stores it): `keys`, or a
 * fresh pair. Returns the key pair.
 */
export async function addVerifiedBenchDomain(em: EntityManager, projectId: string, domain = 'example.com', keys?: DkimKeyPair): Promise<DkimKeyPair> {
  const pair = keys ?? (await generateDkimKeyPair());
  await em.getConnection().execute(
    `insert into domains (id, project_id, domain, status, dkim_selector, dkim_public_key, dkim_private_key_enc, records, verified_at)
     values (?, ?, ?, 'VERIFIED', 'bench', ?, ?, '[]', now())`,
    [newId(), projectId, domain, pair.publicKey, encryptSecret(BENCH_SECRET, pair.privateKeyPem)],
  );
  return pair;
}

/** `total` subscribed contacts of `projectId`, contact i being `contactOf(i)`, 10,000 a statement. */
export async function insertBenchContacts(
  em: EntityManager,
  projectId: string,
  total: number,
  contactOf: (i: number) => { email: string; data: Record<string, unknown>; timezone?: string },
): Promise<void> {
  for (let b = 0; b < total; b += 10_000) {
    const rows = Array.from({ length: Math.min(10_000, total - b) }, (_, i) => ({ id: newId(), timezone: null, ...contactOf(b + i) }));
    await em.getConnection().execute(
      `insert into contacts (id, project_id, email, subscribed, data, timezone, created_at, updated_at)
       select v.id, ?, v.email, true, v.data, v.timezone, now(), now() from jsonb_to_recordset(?::jsonb) as v(id uuid, email text, data jsonb, timezone text)`,
      [projectId, JSON.stringify(rows)],
    );
  }
}

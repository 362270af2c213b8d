import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { findTemporalCli, installTemporalCli, startTemporalDevServer, type DevServer } from '../launcher/temporal-cli.js';

/** The machine's PostgreSQL (trust auth); override with TEST_DATABASE_URL. */
export const ADMIN_DB_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    temporalAddress: string;
    adminDbUrl: string;
  }
}

let server: DevServer | undefined;

/** One real PostgreSQL check and one real Temporal dev server per test run. */
export async function setup(project: TestProject) {
  const client = new pg.Client({ connectionString: ADMIN_DB_URL });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (e) {
    throw new Error(`PostgreSQL is not reachable at ${ADMIN_DB_URL} (run .ci/run, or start it): ${(e as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
  const bin = findTemporalCli() ?? installTemporalCli();
  if (!bin) throw new Error('The temporal CLI is missing and Go is not installed: run .ci/run or install the CLI.');
  server = await startTemporalDevServer({ bin, headless: true });
  project.provide('temporalAddress', server.address);
  project.provide('adminDbUrl', ADMIN_DB_URL);
}

export async function teardown() {
  await server?.stop();
}

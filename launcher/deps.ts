import type { Client } from '@temporalio/client';
import type { ActivityDeps } from '../activities/deps.js';
import type { Config } from '../api/env.js';
import { dnsResolverFromConfig } from '../api/services/dns.js';
import type { AppDeps } from '../api/types.js';
import type { MikroORM } from '../db/orm.js';

/** The parts API and worker share; the worker adds its mailer (createWorker builds and closes it). */
export type SharedDeps = Omit<ActivityDeps, 'mailer' | 'deliveryFaults'>;

/**
 * The one place that turns configuration into the outside-world parts (ORM, DNS resolver, and
 * whatever comes next). `npm run start:api`, `npm run start:worker` and `npm start` all build
 * their dependencies here, so a new part is wired in once.
 */
export function buildDeps(config: Config, orm: MikroORM): SharedDeps {
  return { orm, config, dns: dnsResolverFromConfig(config) };
}

export function buildAppDeps(shared: SharedDeps, temporal: Client): AppDeps {
  return { ...shared, temporal };
}

import type { Client } from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from './config.js';
import { dnsResolverFromConfig, type DnsResolver } from './domains/dns.js';
import { productExtensions, type Extensions } from './extensions.js';

/** The outside-world parts the API and the worker share. */
export interface SharedDeps {
  orm: MikroORM;
  config: Config;
  /** Every DNS lookup of the service (verify, sender domains), pointed at `config.dnsServers`. */
  dns: DnsResolver;
  /** Usage checks and automation matchers of the features that are wired in. */
  extensions: Extensions;
}

/** Shared parts plus a Temporal client: what the rules that start or signal workflows need. */
export interface ServiceDeps extends SharedDeps {
  /** Temporal client (lazy connection: the API starts before Temporal is reachable). */
  temporal: Client;
}

/**
 * The one place that turns configuration into the outside-world parts (ORM, DNS resolver, and
 * whatever comes next). `npm run start:api`, `npm run start:worker` and `npm start` all build
 * their dependencies here, so a new part is wired in once.
 */
export function buildDeps(config: Config, orm: MikroORM, extensions: Extensions = productExtensions): SharedDeps {
  return { orm, config, dns: dnsResolverFromConfig(config), extensions };
}

export function withTemporal(shared: SharedDeps, temporal: Client): ServiceDeps {
  return { ...shared, temporal };
}

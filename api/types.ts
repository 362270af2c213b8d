import type { OpenAPIHono } from '@hono/zod-openapi';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import type { Config } from './env.js';
import type { ApiKey, Project } from '../db/entities.js';
import type { AuthState } from './middleware/auth.js';
import type { DnsResolver } from './services/dns.js';

/** What the app needs from the outside world; tests and the launcher build it with real parts. */
export interface AppDeps {
  orm: MikroORM;
  config: Config;
  /** Temporal client (lazy connection: the API starts before Temporal is reachable). */
  temporal: Client;
  /** Every DNS lookup of the service (verify, sender domains), pointed at `config.dnsServers`. */
  dns: DnsResolver;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    deps: AppDeps;
    auth: AuthState;
    /** Entity manager forked for this request. */
    em: EntityManager;
    /** Set by the auth middleware. */
    project: Project;
    apiKey: ApiKey;
  };
}

export type App = OpenAPIHono<AppEnv>;

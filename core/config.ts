import { isIP } from 'node:net';
import { z } from 'zod';
import { LOG_FORMATS, LOG_LEVELS } from './log.js';

/** `*` (any origin), a list of origins, or null (CORS off). */
export type CorsOrigins = '*' | string[] | null;

const ORIGIN_RE = /^https?:\/\/[^\s/,]+$/;
const corsOriginsEnv = (byDefault: string) => z
  .string()
  .default(byDefault)
  .transform((v) => v.split(',').map((s) => s.trim().replace(/\/+$/, '')).filter(Boolean))
  .refine((list) => list.every((o) => o === '*' || ORIGIN_RE.test(o)), 'a comma-separated list of origins like https://app.example.com, or *')
  .transform((list): CorsOrigins => (list.length === 0 ? null : list.includes('*') ? '*' : list));

/**
 * SMTP_MAX_CONNECTIONS's default. 10, as listmonk's default per server: the rows whose connections
 * are in hand together share one window admission and one fence (activities/delivery/batch.ts), so
 * 10 halve the transactions per message that 5 needed (bench/RESULTS.md, "Quiet re-runs" of
 * 2026-11-26 19:52: campaign +30 %).
 */
export const DEFAULT_SMTP_MAX_CONNECTIONS = 10;

/** Every setting the service reads from the environment, parsed once; a bad value fails fast with a readable message. */
/** A resolver address as Node's Resolver.setServers takes it: an IP, with an optional port (`[v6]:port`). */
function isDnsServer(entry: string): boolean {
  const v6 = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(entry);
  if (v6) return isIP(v6[1]) === 6;
  if (isIP(entry) !== 0) return true;
  const v4 = /^(.+):(\d{1,5})$/.exec(entry);
  return v4 !== null && isIP(v4[1]) === 4;
}

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface the API listens on; unset: 127.0.0.1 for `npm start`, every interface for `start:api`. */
  HOST: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  TEMPORAL_ADDRESS: z.string().optional(),
  TEMPORAL_NAMESPACE: z.string().default('default'),
  TEMPORAL_TASK_QUEUE: z.string().default('mailhub'),
  SMTP_URL: z.string().optional(),
  SMTP_CA_FILE: z.string().optional(),
  /** SMTP connections each worker process keeps open at most: what the relay allows one client. */
  SMTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(100).default(DEFAULT_SMTP_MAX_CONNECTIONS),
  DNS_SERVERS: z
    .string()
    .optional()
    .refine((v) => (v ?? '').split(',').map((s) => s.trim()).filter(Boolean).every(isDnsServer), 'a comma-separated list of IP addresses with an optional port (1.1.1.1, 1.1.1.1:53, [::1]:53); host names are not accepted'),
  PUBLIC_URL: z.string().optional(),
  SECRET_KEY: z.string().optional(),
  /** off: the service does not DKIM-sign (a relay that signs itself: SES, Postmark, a signing MTA). */
  DKIM_SIGNING: z.enum(['on', 'off']).default('on'),
  BOUNCE_ADDRESS: z.string().regex(/^[^@\s+]+@[^@\s]+\.[^@\s]+$/, 'an address like bounces@mail.example.com (no + tag)').optional(),
  /** Sender-domain DNS checks: first wait, cap of the doubling wait, and when to give up (FAILED). */
  DOMAIN_RECHECK_MIN_SECONDS: z.coerce.number().positive().default(60),
  DOMAIN_RECHECK_MAX_SECONDS: z.coerce.number().positive().default(3600),
  DOMAIN_VERIFY_GIVE_UP_SECONDS: z.coerce.number().positive().default(72 * 3600),
  /** Segments: how often each DYNAMIC segment is re-evaluated (membership events, counts), and how old a count may be when read. */
  SEGMENT_REFRESH_INTERVAL_SECONDS: z.coerce.number().positive().default(300),
  SEGMENT_COUNT_TTL_SECONDS: z.coerce.number().min(0).default(60),
  CONDITION_QUERY_TIMEOUT_MS: z.coerce.number().int().min(1).max(3_600_000).default(15_000),
  SEND_RATE_PER_SECOND: z.coerce.number().positive().default(14),
  /** Delivery attempts of one email on transient failures (4xx, no connection), and the doubling wait between them. */
  DELIVERY_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(20),
  DELIVERY_RETRY_INITIAL_SECONDS: z.coerce.number().positive().default(2),
  DELIVERY_RETRY_MAX_SECONDS: z.coerce.number().positive().default(300),
  /** The worker process's CPU priority (nice, 0-19): above 0, the API goes first on a shared machine (worker/priority.ts). */
  WORKER_NICE: z.coerce.number().int().min(0).max(19).default(0),
  /** The longest a burst of tracked events holds back the executions it starts while it lasts (0: never; worker/automation-dispatcher.ts). */
  AUTOMATION_BURST_HOLD_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(1000),
  PUBLIC_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(1000),
  WEBHOOK_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(1000),
  AUTH_CACHE_TTL_MS: z.coerce.number().int().min(0).default(1000),
  /** Tests only: WEBHOOK steps may call this host name when it resolves to a loopback address. */
  WEBHOOK_ALLOW_LOOPBACK_HOST: z.string().optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /** The Temporal SDK's runtime in the worker (worker/create-worker.ts reads it; named here so a bad value stops the start). */
  TEMPORAL_LOG_LEVEL: z.enum(['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR']).default('WARN'),
  /** json: one object per line (production); pretty: `time LEVEL message key=value` (npm start's default). */
  LOG_FORMAT: z.enum(LOG_FORMATS).default('json'),
  /** Browser origins per path scope: `*`, a comma-separated list, or empty (no CORS headers). */
  CORS_TRACK_ORIGINS: corsOriginsEnv('*'),
  CORS_SEND_ORIGINS: corsOriginsEnv('*'),
  CORS_DASHBOARD_ORIGINS: corsOriginsEnv(''),
});

export type Env = z.infer<typeof EnvSchema>;

/** Every environment variable the service reads (the README's configuration table lists them all). */
export const ENV_VARIABLES = Object.keys(EnvSchema.shape) as (keyof Env)[];

export interface DeliveryRetry {
  maximumAttempts: number;
  initialIntervalMs: number;
  maximumIntervalMs: number;
}

export interface Config {
  port: number;
  /** HOST when set; each entrypoint has its own default (see startApi's callers). */
  host?: string;
  dataDir: string;
  databaseUrl?: string;
  temporalAddress?: string;
  temporalNamespace: string;
  taskQueue: string;
  smtpUrl?: string;
  /** PEM file of extra certificate authorities trusted for the SMTP server's TLS (a private CA or a self-signed server). */
  smtpCaFile?: string;
  /**
   * Pooled SMTP connections per worker process (SMTP_MAX_CONNECTIONS): the most sends it has on the
   * wire at once, so also what a killed worker can leave sent but unrecorded on its connections.
   */
  smtpMaxConnections: number;
  /** `host:port` entries for every DNS lookup the service makes; empty = system resolvers. */
  dnsServers: string[];
  publicUrl: string;
  secretKey?: string;
  /**
   * Return path (envelope sender) of outgoing mail, tagged per message: `bounces+<email id>@...`,
   * so a bounce that reaches that mailbox names the message (VERP). Unset: the From address.
   */
  bounceAddress?: string;
  /** Whether mail from a verified domain is DKIM-signed here (DKIM_SIGNING); off when the relay signs. */
  dkimSigning: boolean;
  /** Backoff of the sender-domain verification workflow (ms). */
  domainCheck: { minIntervalMs: number; maxIntervalMs: number; giveUpAfterMs: number };
  /** Wait between passes of a DYNAMIC segment's refresh workflow (membership events, memberCount). */
  segmentRefreshIntervalMs: number;
  /** GET /segments/{id} recounts a memberCount older than this. */
  segmentCountTtlMs: number;
  /** Statement time limit of the queries an API request runs over a condition (segment members and counts). */
  conditionQueryTimeoutMs: number;
  sendRatePerSecond: number;
  /** Retry policy of the delivery activity (read by the workflow through a local activity of the worker). */
  deliveryRetry: DeliveryRetry;
  /** The worker's CPU priority, a nice value (0, the default: as the API; worker/priority.ts). */
  workerNice: number;
  /** AUTOMATION_BURST_HOLD_MS. */
  automationBurstHoldMs: number;
  /**
   * The database is the launcher's embedded PGlite, where all connections share one session (a
   * query on a second connection waits for the first's transaction). Set by the launcher, not by env.
   */
  embeddedDatabase: boolean;
  /**
   * Requests per sliding minute per project, one budget each: secret-key calls, public-key calls
   * (so a leaked pk_ never blocks the secret key) and the bounce webhooks.
   */
  rateLimitPerMinute: number;
  publicRateLimitPerMinute: number;
  webhookRateLimitPerMinute: number;
  authCacheTtlMs: number;
  logLevel: Env['LOG_LEVEL'];
  logFormat: Env['LOG_FORMAT'];
  /** Tests only: the one host name a WEBHOOK step may reach on loopback (never set in production). */
  webhookAllowLoopbackHost?: string;
  /** Allowed browser origins: /v1/track, /v1/send + /v1/verify, every other route. */
  cors: { track: CorsOrigins; send: CorsOrigins; dashboard: CorsOrigins };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST || undefined,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL || undefined,
    temporalAddress: e.TEMPORAL_ADDRESS || undefined,
    temporalNamespace: e.TEMPORAL_NAMESPACE,
    taskQueue: e.TEMPORAL_TASK_QUEUE,
    smtpUrl: e.SMTP_URL || undefined,
    smtpCaFile: e.SMTP_CA_FILE || undefined,
    smtpMaxConnections: e.SMTP_MAX_CONNECTIONS,
    dnsServers: (e.DNS_SERVERS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    publicUrl: (e.PUBLIC_URL || `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    secretKey: e.SECRET_KEY || undefined,
    bounceAddress: e.BOUNCE_ADDRESS || undefined,
    dkimSigning: e.DKIM_SIGNING === 'on',
    domainCheck: {
      minIntervalMs: Math.round(e.DOMAIN_RECHECK_MIN_SECONDS * 1000),
      maxIntervalMs: Math.round(e.DOMAIN_RECHECK_MAX_SECONDS * 1000),
      giveUpAfterMs: Math.round(e.DOMAIN_VERIFY_GIVE_UP_SECONDS * 1000),
    },
    segmentRefreshIntervalMs: Math.round(e.SEGMENT_REFRESH_INTERVAL_SECONDS * 1000),
    segmentCountTtlMs: Math.round(e.SEGMENT_COUNT_TTL_SECONDS * 1000),
    conditionQueryTimeoutMs: e.CONDITION_QUERY_TIMEOUT_MS,
    sendRatePerSecond: e.SEND_RATE_PER_SECOND,
    deliveryRetry: {
      maximumAttempts: e.DELIVERY_MAX_ATTEMPTS,
      initialIntervalMs: Math.round(e.DELIVERY_RETRY_INITIAL_SECONDS * 1000),
      maximumIntervalMs: Math.round(Math.max(e.DELIVERY_RETRY_MAX_SECONDS, e.DELIVERY_RETRY_INITIAL_SECONDS) * 1000),
    },
    workerNice: e.WORKER_NICE,
    automationBurstHoldMs: e.AUTOMATION_BURST_HOLD_MS,
    embeddedDatabase: false,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    publicRateLimitPerMinute: e.PUBLIC_RATE_LIMIT_PER_MINUTE,
    webhookRateLimitPerMinute: e.WEBHOOK_RATE_LIMIT_PER_MINUTE,
    authCacheTtlMs: e.AUTH_CACHE_TTL_MS,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    webhookAllowLoopbackHost: e.WEBHOOK_ALLOW_LOOPBACK_HOST || undefined,
    cors: { track: e.CORS_TRACK_ORIGINS, send: e.CORS_SEND_ORIGINS, dashboard: e.CORS_DASHBOARD_ORIGINS },
  };
}

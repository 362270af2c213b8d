import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../api/env.js';
import type { DnsResolver } from '../api/services/dns.js';
import type { Mailer } from './mailer.js';

/** What activities need from the outside world; the worker builds it with real parts, tests too. */
export interface ActivityDeps {
  orm: MikroORM;
  config: Config;
  /** Cached DNS resolver pointed at `config.dnsServers` (sender-domain checks). */
  dns: DnsResolver;
  /** Pooled SMTP (SMTP_URL) or the DATA_DIR/outbox writer: `createMailer(config)`. */
  mailer: Mailer;
  /** Tests only: fault injection around the SENT write of a delivery (never set in production). */
  deliveryFaults?: {
    beforeRecordSent?(emailId: string): void | Promise<void>;
    afterRecordSent?(emailId: string): void | Promise<void>;
  };
}

import type { SharedDeps } from '../core/deps.js';
import type { Mailer } from './mailer.js';

/** What activities need from the outside world; the worker builds it with real parts, tests too. */
export interface ActivityDeps extends SharedDeps {
  /** Pooled SMTP (SMTP_URL) or the DATA_DIR/outbox writer: `createMailer(config)`. */
  mailer: Mailer;
  /** Tests only: fault injection around the SENT write of a delivery (never set in production). */
  deliveryFaults?: {
    beforeRecordSent?(emailId: string): void | Promise<void>;
    afterRecordSent?(emailId: string): void | Promise<void>;
  };
  /** Tests only: staged records per contact-import batch (default IMPORT_BATCH_ROWS). */
  importBatchRows?: number;
}

import type { EntityManager } from '@mikro-orm/postgresql';

/*
 * The send request as the rules see it: plain types, no HTTP. The route's zod schema
 * (api/routes/send/schema.ts) is checked against these at compile time, so the two cannot drift.
 */

export interface Mailbox {
  name?: string;
  email: string;
}

export interface SendAttachment {
  filename: string;
  /** base64 */
  content: string;
  contentType?: string;
  contentId?: string;
}

export interface SendRequest {
  to: string | Mailbox | (string | Mailbox)[];
  subject?: string;
  body?: string;
  type: 'html' | 'markdown';
  template?: string;
  from?: string | Mailbox;
  name?: string;
  reply?: string;
  subscribed?: boolean;
  data?: Record<string, unknown>;
  headers?: Record<string, string>;
  attachments?: SendAttachment[];
}

export interface SendOutcome {
  emails: { contact: { id: string; email: string }; email: string }[];
  timestamp: string;
}

/** Stores the response inside the caller's transaction (the API's idempotency key); a no-op without one. */
export type SaveResponse = (tx: EntityManager, status: number, response: unknown) => Promise<void>;

import type { components } from './schema.js';

export type ErrorEnvelope = components['schemas']['ErrorEnvelope'];
/** The shape `/v1/send` and `/v1/verify` answer errors with. */
export type AltError = components['schemas']['AltError'];

/** Thrown by `unwrap` and the page helpers: the status and the error body the API sent. */
export class MailhubError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorEnvelope | AltError | unknown,
    readonly requestId: string | null,
  ) {
    super(MailhubError.describe(status, body));
    this.name = 'MailhubError';
  }

  /** The machine-readable code (`VALIDATION_ERROR`, ...) or, in the alternate shape, the status. */
  get code(): string {
    const b = this.body as { error?: { code?: string } | string } | null;
    if (b && typeof b.error === 'object' && b.error.code) return b.error.code;
    return String(this.status);
  }

  private static describe(status: number, body: unknown): string {
    const b = body as { error?: { message?: string } | string; message?: string } | null;
    const message = typeof b?.error === 'object' ? b.error?.message : b?.message;
    return `${status}: ${message ?? 'request failed'}`;
  }
}

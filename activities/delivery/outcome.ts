export type FinalStatus = 'SENT' | 'FAILED' | 'BOUNCED';

export interface DeliveryOutcome {
  emailId: string;
  status: FinalStatus;
  error?: string | null;
  /** The record was already final when this attempt looked: nothing was sent by it. */
  alreadyFinal?: boolean;
}

/** ApplicationFailure types of a permanent SMTP rejection (details[0] is the DeliveryOutcome). */
export const EMAIL_BOUNCED = 'EMAIL_BOUNCED';
export const EMAIL_FAILED = 'EMAIL_FAILED';
export type PermanentFailureType = typeof EMAIL_BOUNCED | typeof EMAIL_FAILED;

export const FINAL_STATUSES: ReadonlySet<string> = new Set<FinalStatus>(['SENT', 'FAILED', 'BOUNCED']);

/*
 * What core and the domain verification workflow (workflows/domain.workflow.ts) agree on. Core may
 * not import workflow code, and workflow code may take only types from outside its folder: so the
 * agreement is types, and the workflow checks itself against them at compile time.
 */

export interface DomainVerificationInput {
  domainId: string;
  /** First wait between checks (default 1 min); doubles after each miss. */
  minIntervalMs?: number;
  /** Cap of the doubling wait (default 1 h). */
  maxIntervalMs?: number;
  /** Checks stop and the domain becomes FAILED this long after the start (default 72 h). */
  giveUpAfterMs?: number;
}

/** GONE: the domain was deleted while being checked. */
export type DomainVerificationResult = 'VERIFIED' | 'FAILED' | 'GONE';

export type DomainVerificationWorkflow = (input: DomainVerificationInput) => Promise<DomainVerificationResult>;

/** The workflow's registered name (its exported function's name). */
export const DOMAIN_VERIFICATION_WORKFLOW = 'domainVerificationWorkflow';

/** Check now instead of at the end of the current wait (sent by POST /domains/{id}/verify). */
export type RecheckSignalName = 'recheck';
export const RECHECK_SIGNAL: RecheckSignalName = 'recheck';

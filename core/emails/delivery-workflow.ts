/*
 * What the senders (core/emails/send.ts, worker/sweeper.ts) and the delivery workflow
 * (workflows/deliver.workflow.ts) agree on: types only, so the workflow checks itself against
 * them at compile time.
 */

export interface DeliverEmailsInput {
  projectId: string;
  /** Email records (QUEUED) to deliver, each by its own idempotent activity. */
  emailIds: string[];
}

/** How the records ended (the workflow returns each outcome too). */
export interface DeliverEmailsSummary {
  sent: number;
  failed: number;
}

export type DeliverEmailsWorkflow = (input: DeliverEmailsInput) => Promise<DeliverEmailsSummary>;

/** The workflow's registered name (its exported function's name). */
export const DELIVER_EMAILS_WORKFLOW = 'deliverEmailsWorkflow';

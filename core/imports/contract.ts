/*
 * What core and the contact import workflow (workflows/contact-import.workflow.ts) agree on: types
 * only, so the workflow checks itself against them at compile time.
 */

export type ImportStatus = 'QUEUED' | 'RUNNING' | 'COMPLETED' | 'FAILED' | 'CANCELLED';

export interface ContactImportInput {
  importId: string;
}

/** What one batch activity did: `done` once the import has left QUEUED/RUNNING. */
export interface ImportBatchResult {
  done: boolean;
  status: ImportStatus | 'GONE';
}

export type ContactImportWorkflow = (input: ContactImportInput) => Promise<ImportStatus | 'GONE'>;

/** The workflow's registered name (its exported function's name). */
export const CONTACT_IMPORT_WORKFLOW = 'contactImportWorkflow';

import { ActivityFailure, continueAsNew, proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import type { ContactImportInput, ContactImportWorkflow, ImportStatus } from '../core/imports/contract.js';

const { importContactsBatch } = proxyActivities<Activities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 20 },
});
const { failContactImport } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});

/** Activity calls per run before continue-as-new keeps the history short. */
const CALLS_PER_RUN = 500;

/**
 * One bulk contact import: batch activities one after the other until the file is done or the
 * import is cancelled (the activity sees the status under the import's row lock). Progress lives
 * in PostgreSQL with each batch, so a retried activity or a replacement worker resumes from the
 * last committed batch. An activity that keeps failing marks the import FAILED.
 */
export const contactImportWorkflow: ContactImportWorkflow = async (input: ContactImportInput) => {
  for (let call = 0; call < CALLS_PER_RUN; call++) {
    try {
      const result = await importContactsBatch({ importId: input.importId });
      if (result.done) return result.status;
    } catch (err) {
      const cause = err instanceof ActivityFailure && err.cause ? err.cause.message : (err as Error).message;
      await failContactImport({ importId: input.importId, reason: `A batch failed: ${cause}` });
      return 'FAILED' as ImportStatus;
    }
    if (workflowInfo().continueAsNewSuggested) break;
  }
  return continueAsNew<ContactImportWorkflow>(input);
};

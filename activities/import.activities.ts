import { Context } from '@temporalio/activity';
import { failImport, importBatch } from '../core/imports/batch.js';
import type { ImportBatchResult } from '../core/imports/contract.js';
import type { ActivityDeps } from './deps.js';
import { withHeartbeat } from './lib/heartbeat.js';

/**
 * Batches committed per activity call at most, and how long one call keeps taking the next: a
 * call is a few hundred thousand rows, so a million-row import is a handful of activities.
 */
const BATCHES_PER_CALL = 50;
const CALL_BUDGET_MS = 10_000;

/** A bulk contact import (core/imports/): batches, each its own transaction with the progress cursor. */
export function createImportActivities(deps: ActivityDeps) {
  return {
    /**
     * Commits batches one after the other for up to ten seconds, heartbeating after each; stops
     * at the end of the file or when the import is no longer QUEUED/RUNNING (cancelled). A crash
     * loses only the batch under way, which the retry (or the next call) does again.
     */
    async importContactsBatch(input: { importId: string }): Promise<ImportBatchResult> {
      const started = Date.now();
      const ctx = Context.current();
      let result: ImportBatchResult = { done: false, status: 'RUNNING' };
      for (let i = 0; i < BATCHES_PER_CALL && !result.done && Date.now() - started < CALL_BUDGET_MS; i++) {
        result = await withHeartbeat(() => importBatch(deps.orm.em.fork(), input.importId, deps.importBatchRows));
        ctx.heartbeat();
      }
      return result;
    },
    async failContactImport(input: { importId: string; reason: string }): Promise<void> {
      await failImport(deps.orm.em.fork(), input.importId, input.reason);
    },
  };
}

import type { MikroORM } from '@mikro-orm/postgresql';
import type { AutomationEngine } from '../core/automations/engine.js';
import { drainAutomationInbox, restartUndispatched } from '../core/automations/dispatch.js';
import { log as logger } from '../core/log.js';

export interface DispatcherOptions {
  orm: MikroORM;
  engine: AutomationEngine;
  /** Wait between passes that found the inbox empty (default 50 ms: an event waits at most this long for its pass); a busy inbox is drained without pause. */
  intervalMs?: number;
  log?: (message: string) => void;
}

const RESTART_EVERY_MS = 10_000;

/**
 * Turns recorded events into automation executions and WAIT_FOR_EVENT signals while the worker
 * runs (core/automations/dispatch.ts), and now and then starts executions whose start failed.
 */
export function startAutomationDispatcher(opts: DispatcherOptions): { stop(): Promise<void> } {
  const log = opts.log ?? ((m: string) => logger.warn(m));
  let stopped = false;
  let wake: (() => void) | undefined;
  let lastRestart = 0;
  const loop = (async () => {
    while (!stopped) {
      try {
        if (Date.now() - lastRestart > RESTART_EVERY_MS) {
          lastRestart = Date.now();
          await restartUndispatched(opts.orm.em.fork(), opts.engine);
        }
        if ((await drainAutomationInbox(opts.orm.em.fork(), opts.engine)) > 0) continue; // more may be waiting
      } catch (e) {
        log(`[automations] dispatch pass failed: ${(e as Error).message}`);
      }
      if (stopped) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, opts.intervalMs ?? 50);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  })();
  return {
    async stop() {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}

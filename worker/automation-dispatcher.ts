import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import type { AutomationEngine } from '../core/automations/engine.js';
import { drainAutomationInbox, restartUndispatched } from '../core/automations/dispatch.js';

export interface DispatcherOptions {
  orm: MikroORM;
  engine: AutomationEngine;
  /** LISTEN on this database for `automation_inbox` notifications (woken at once); without it, polling only. */
  databaseUrl?: string;
  /** Poll anyway this often: a notification can be missed (reconnect) and PGlite may not deliver them. */
  intervalMs?: number;
  log?: (message: string) => void;
}

/**
 * Turns recorded events into automation executions and WAIT_FOR_EVENT signals while the worker
 * runs: drains the inbox whenever the trigger on `events` notifies, and every `intervalMs`.
 */
export function startAutomationDispatcher(opts: DispatcherOptions): { stop(): Promise<void> } {
  const log = opts.log ?? ((m: string) => console.warn(m));
  let stopped = false;
  let wake: (() => void) | undefined;
  let pending = false;
  const notify = () => {
    pending = true;
    wake?.();
  };
  let listener: pg.Client | undefined;
  if (opts.databaseUrl) {
    listener = new pg.Client({ connectionString: opts.databaseUrl });
    listener.on('notification', notify);
    listener.on('error', (e) => log(`[automations] listener: ${e.message}`));
    listener.connect().then(() => listener!.query('listen automation_inbox')).catch((e: Error) => log(`[automations] cannot LISTEN, polling only: ${e.message}`));
  }
  let lastRestart = 0;
  const loop = (async () => {
    while (!stopped) {
      pending = false;
      try {
        if (Date.now() - lastRestart > 10_000) {
          lastRestart = Date.now();
          await restartUndispatched(opts.orm.em.fork(), opts.engine);
        }
        const done = await drainAutomationInbox(opts.orm.em.fork(), opts.engine);
        if (done > 0) continue; // more may be waiting
      } catch (e) {
        log(`[automations] dispatch pass failed: ${(e as Error).message}`);
      }
      if (pending || stopped) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, opts.intervalMs ?? 1000);
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
      await listener?.end().catch(() => {});
    },
  };
}

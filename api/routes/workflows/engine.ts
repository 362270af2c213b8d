import { createAutomationEngine } from '../../../core/automations/engine.js';
import type { AppDeps } from '../../types.js';

/** The app's Temporal client and task queue, as the automation engine the workflow routes use. */
export const engineOf = (deps: AppDeps) => createAutomationEngine(deps.temporal, deps.config.taskQueue);

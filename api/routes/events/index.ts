import type { App } from '../../types.js';
import { registerListEventNames } from './list-event-names.js';
import { registerListEvents } from './list-events.js';

export function registerEventRoutes(app: App) {
  registerListEventNames(app);
  registerListEvents(app);
}

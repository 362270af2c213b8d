import type { App } from '../../types.js';
import { registerTrackEvent } from './track-event.js';

export function registerTrackRoutes(app: App) {
  registerTrackEvent(app);
}

import type { App } from '../../types.js';
import { registerClickRedirect } from './click-redirect.js';
import { registerOpenPixel } from './open-pixel.js';

/** Public endpoints behind the links in sent mail (no API key). */
export function registerTrackingRoutes(app: App) {
  registerOpenPixel(app);
  registerClickRedirect(app);
}

import type { App } from '../../types.js';
import { registerWebhookSecuritySchemes } from './auth.js';
import { registerPostBounces } from './post-bounces.js';
import { registerPostDsn } from './post-dsn.js';

/** Inbound reports from mail providers, authenticated by the project webhook secret (not an API key). */
export function registerWebhookRoutes(app: App) {
  registerWebhookSecuritySchemes(app);
  registerPostBounces(app);
  registerPostDsn(app);
}

import type { App } from '../../types.js';
import { registerSendEmail } from './send-email.js';

export function registerSendRoutes(app: App) {
  registerSendEmail(app);
}

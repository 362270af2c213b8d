import type { App } from '../../types.js';
import { registerVerifyEmail } from './verify-email.js';

export function registerVerifyRoutes(app: App) {
  registerVerifyEmail(app);
}

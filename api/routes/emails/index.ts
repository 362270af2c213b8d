import type { App } from '../../types.js';
import { registerGetEmail } from './get-email.js';

export function registerEmailRoutes(app: App) {
  registerGetEmail(app);
}

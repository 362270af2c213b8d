import type { App } from '../../types.js';
import { registerUnsubscribeOneClick } from './unsubscribe-one-click.js';
import { registerUnsubscribePage } from './unsubscribe-page.js';

/** The unsubscribe link of marketing mail (public, no key): GET shows a form, POST unsubscribes. */
export function registerUnsubscribeRoutes(app: App) {
  registerUnsubscribePage(app);
  registerUnsubscribeOneClick(app);
}

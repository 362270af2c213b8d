import type { App } from '../../types.js';
import { registerCreateSuppression } from './create-suppression.js';
import { registerDeleteSuppression } from './delete-suppression.js';
import { registerListSuppressions } from './list-suppressions.js';

export function registerSuppressionRoutes(app: App) {
  registerListSuppressions(app);
  registerCreateSuppression(app);
  registerDeleteSuppression(app);
}

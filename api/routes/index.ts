import type { App } from '../types.js';
import { registerCampaignRoutes } from './campaigns/index.js';
import { registerContactRoutes } from './contacts/index.js';
import { registerContactImportRoutes } from './imports/index.js';
import { registerDomainRoutes } from './domains/index.js';
import { registerEmailRoutes } from './emails/index.js';
import { registerEventRoutes } from './events/index.js';
import { registerHealthRoutes } from './health/index.js';
import { registerSegmentRoutes } from './segments/index.js';
import { registerSendRoutes } from './send/index.js';
import { registerTemplateRoutes } from './templates/index.js';
import { registerTrackRoutes } from './track/index.js';
import { registerVerifyRoutes } from './verify/index.js';
import { registerProjectRoutes } from './projects/index.js';
import { registerSuppressionRoutes } from './suppressions/index.js';
import { registerTrackingRoutes } from './tracking/index.js';
import { registerUnsubscribeRoutes } from './unsubscribe/index.js';
import { registerWebhookRoutes } from './webhooks/index.js';
import { registerWorkflowRoutes } from './workflows/index.js';

/** Every resource's routes, in the order they appear in the OpenAPI document. */
export function registerRoutes(app: App) {
  registerHealthRoutes(app);
  registerSendRoutes(app);
  registerTrackRoutes(app);
  registerVerifyRoutes(app);
  registerContactImportRoutes(app);
  registerContactRoutes(app);
  registerSegmentRoutes(app);
  registerTemplateRoutes(app);
  registerCampaignRoutes(app);
  registerEmailRoutes(app);
  registerEventRoutes(app);
  registerWorkflowRoutes(app);
  registerDomainRoutes(app);
  registerSuppressionRoutes(app);
  registerWebhookRoutes(app);
  registerProjectRoutes(app);
  registerTrackingRoutes(app);
  registerUnsubscribeRoutes(app);
}

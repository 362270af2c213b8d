import type { App } from '../../types.js';
import { registerCreateCampaign } from './create-campaign.js';
import { registerGetCampaign } from './get-campaign.js';
import { registerListCampaigns } from './list-campaigns.js';
import { registerUpdateCampaign } from './update-campaign.js';
import { registerSendCampaign } from './send-campaign.js';
import { registerCancelCampaign } from './cancel-campaign.js';
import { registerPauseCampaign } from './pause-campaign.js';
import { registerResumeCampaign } from './resume-campaign.js';
import { registerTestCampaign } from './test-campaign.js';
import { registerGetCampaignStats } from './campaign-stats.js';

export function registerCampaignRoutes(app: App) {
  registerListCampaigns(app);
  registerCreateCampaign(app);
  registerGetCampaign(app);
  registerUpdateCampaign(app);
  registerSendCampaign(app);
  registerCancelCampaign(app);
  registerPauseCampaign(app);
  registerResumeCampaign(app);
  registerTestCampaign(app);
  registerGetCampaignStats(app);
}

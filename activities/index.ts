import type { ActivityDeps } from './deps.js';
import { createAutomationActivities } from './automation.activities.js';
import { createDomainActivities } from './domain.activities.js';
import { withDomainFailures } from './lib/domain-failures.js';
import { createMailActivities } from './mail.activities.js';
import { createRenderActivities } from './render.activities.js';
import { createSegmentActivities } from './segment.activities.js';
import { createCampaignActivities } from './campaign.activities.js';
import { createCampaignWaveActivities } from './campaign-waves.activities.js';
import { createSystemActivities } from './system.activities.js';

/** All activities, built from their dependencies (each forks its own entity manager). */
export function createActivities(deps: ActivityDeps) {
  return withDomainFailures({
    ...createSystemActivities(deps),
    ...createDomainActivities(deps),
    ...createMailActivities(deps),
    ...createRenderActivities(deps),
    ...createAutomationActivities(deps),
    ...createSegmentActivities(deps),
    ...createCampaignActivities(deps),
    ...createCampaignWaveActivities(deps),
  });
}

export type Activities = ReturnType<typeof createActivities>;
export type { ActivityDeps };

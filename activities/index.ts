import type { ActivityDeps } from './deps.js';
import { createAutomationActivities } from './automation.activities.js';
import { createDomainActivities } from './domain.activities.js';
import { withDomainFailures } from './lib/domain-failures.js';
import { createMailActivities } from './mail.activities.js';
import { createRenderActivities } from './render.activities.js';
import { createSegmentActivities } from './segment.activities.js';
import { createCampaignActivities } from './campaign.activities.js';
import { createDeliveryEngine } from './delivery/engine.js';
import { createImportActivities } from './import.activities.js';
import { createCampaignWaveActivities } from './campaign-waves.activities.js';
import { createSystemActivities } from './system.activities.js';

/** All activities, built from their dependencies (each forks its own entity manager). */
export function createActivities(deps: ActivityDeps) {
  // One delivery engine per process: /v1/send's deliveries and automation steps share its limits and pacers.
  const delivery = createDeliveryEngine(deps);
  return withDomainFailures({
    ...createSystemActivities(deps),
    ...createDomainActivities(deps),
    ...createMailActivities(deps, delivery),
    ...createRenderActivities(deps),
    ...createAutomationActivities(deps, delivery),
    ...createSegmentActivities(deps),
    ...createCampaignActivities(deps),
    ...createImportActivities(deps),
    ...createCampaignWaveActivities(deps),
  });
}

export type Activities = ReturnType<typeof createActivities>;
export type { ActivityDeps };

import type { AutomationMatcher } from './automations/trigger.js';
import { campaignsUsingDomain } from './campaigns/usage.js';
import type { DomainUsageChecker } from './domains/domains.js';
import type { TemplateUsageChecker } from './templates/templates.js';

/**
 * The collaborators features plug into the shared rules, passed in where the app and the worker
 * are assembled (buildDeps) instead of being pushed onto global registries.
 */
export interface Extensions {
  /** Name what sends from a domain; a domain in use cannot be deleted. */
  domainUsage: readonly DomainUsageChecker[];
  /** Name what refers to a template; a template in use cannot be deleted. */
  templateUsage: readonly TemplateUsageChecker[];
  /** Told about every recorded event; may start automations. */
  automationMatchers: readonly AutomationMatcher[];
}

export const noExtensions: Extensions = { domainUsage: [], templateUsage: [], automationMatchers: [] };

/** What the product's own features plug in; the API and the worker are assembled with these. */
export const productExtensions: Extensions = {
  // A sender domain used by a campaign that still sends cannot be deleted (409).
  domainUsage: [campaignsUsingDomain],
  templateUsage: [],
  automationMatchers: [],
};

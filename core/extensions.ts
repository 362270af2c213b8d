import { workflowsUsingTemplate } from './automations/workflows.js';
import { campaignsUsingDomain } from './campaigns/usage.js';
import type { DomainUsageChecker } from './domains/domains.js';
import type { TemplateUsageChecker } from './templates/templates.js';

/**
 * The collaborators features plug into the shared rules, passed in where the app and the worker
 * are assembled (buildDeps) instead of being pushed onto global registries. (Automations need no
 * hook: a trigger on `events` feeds their inbox, whatever recorded the event.)
 */
export interface Extensions {
  /** Name what sends from a domain; a domain in use cannot be deleted. */
  domainUsage: readonly DomainUsageChecker[];
  /** Name what refers to a template; a template in use cannot be deleted. */
  templateUsage: readonly TemplateUsageChecker[];
}

export const noExtensions: Extensions = { domainUsage: [], templateUsage: [] };

/** What the product's own features plug in; the API and the worker are assembled with these. */
export const productExtensions: Extensions = {
  // A sender domain used by a campaign that still sends cannot be deleted (409).
  domainUsage: [campaignsUsingDomain],
  // A template that an automation's current version sends cannot be deleted (409).
  templateUsage: [workflowsUsingTemplate],
};

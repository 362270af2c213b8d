import { checkDomainRecords, markDomainFailed } from '../core/domains/domains.js';
import type { ActivityDeps } from './deps.js';

/** Sender-domain checks for the verification workflow; DNS failures are results, not errors. */
export function createDomainActivities(deps: ActivityDeps) {
  return {
    /** VERIFIED once DKIM and SPF are published; PENDING otherwise; GONE when the domain was deleted. */
    async checkDomainDns(input: { domainId: string }) {
      const { status } = await checkDomainRecords(deps.orm.em.fork(), deps.dns, input.domainId);
      return { status };
    },
    /** The give-up after the verification window: a still PENDING domain becomes FAILED. */
    async markDomainFailed(input: { domainId: string }) {
      return markDomainFailed(deps.orm.em.fork(), input.domainId);
    },
  };
}

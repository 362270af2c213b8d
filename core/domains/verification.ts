import type { EntityManager } from '@mikro-orm/postgresql';
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { Domain } from '../../db/entities/index.js';
import { domainWorkflowId } from '../workflow-ids.js';
import type { Config } from '../config.js';
import type { DnsResolver } from './dns.js';
import { DOMAIN_VERIFICATION_WORKFLOW, RECHECK_SIGNAL, type DomainVerificationInput, type DomainVerificationWorkflow } from './verification-workflow.js';
import { checkDomainRecords, getDomain, reopenFailedDomain } from './domains.js';
import { log } from '../log.js';

/*
 * The API's side of the domain verification workflow: start it, wake it, stop it. Temporal being
 * unreachable never loses a domain: the row is the truth, and POST /domains/{id}/verify (re)starts
 * the workflow of a domain still PENDING.
 */

export interface VerificationDeps {
  temporal: Client;
  config: Config;
  dns: DnsResolver;
}

const inputOf = (config: Config, domainId: string): DomainVerificationInput => ({ domainId, ...config.domainCheck });

export async function startDomainVerification(deps: Pick<VerificationDeps, 'temporal' | 'config'>, domainId: string): Promise<void> {
  try {
    await deps.temporal.workflow.start<DomainVerificationWorkflow>(DOMAIN_VERIFICATION_WORKFLOW, {
      taskQueue: deps.config.taskQueue,
      workflowId: domainWorkflowId(domainId),
      args: [inputOf(deps.config, domainId)],
    });
  } catch (e) {
    log.warn({ domainId, error: (e as Error).message }, `verification workflow not started; POST /domains/${domainId}/verify starts it`);
  }
}

/** Terminates the domain's workflow; one that already ended (or never started) is fine. */
export async function stopDomainVerification(temporal: Client, domainId: string): Promise<void> {
  try {
    await temporal.workflow.getHandle(domainWorkflowId(domainId)).terminate('domain deleted');
  } catch (e) {
    if (!(e instanceof WorkflowNotFoundError)) {
      // The row is gone already: the workflow ends by itself at its next check (GONE).
      log.warn({ domainId, error: (e as Error).message }, 'verification workflow not terminated');
    }
  }
}

/**
 * POST /domains/{id}/verify: the same check the workflow makes, now. A FAILED domain gets a new
 * checking period; a PENDING one wakes (or restarts) its workflow so the backoff starts over.
 */
export async function verifyDomainNow(deps: VerificationDeps, em: EntityManager, projectId: string, id: string): Promise<Domain> {
  const d = await getDomain(em, projectId, id);
  await reopenFailedDomain(em, d);
  await checkDomainRecords(em, deps.dns, d.id); // same entity manager: updates `d` in place
  try {
    if (d.status === 'PENDING') {
      await deps.temporal.workflow.signalWithStart<DomainVerificationWorkflow, []>(DOMAIN_VERIFICATION_WORKFLOW, {
        taskQueue: deps.config.taskQueue,
        workflowId: domainWorkflowId(d.id),
        args: [inputOf(deps.config, d.id)],
        signal: RECHECK_SIGNAL,
        signalArgs: [],
      });
    } else {
      // VERIFIED: a running workflow sees it at its next check; the signal makes that now.
      await deps.temporal.workflow.getHandle(domainWorkflowId(d.id)).signal(RECHECK_SIGNAL);
    }
  } catch (e) {
    if (!(e instanceof WorkflowNotFoundError)) log.warn({ domainId: d.id, error: (e as Error).message }, 'verification workflow not signalled');
  }
  return d;
}

import { domainToASCII } from 'node:url';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlFirst } from '../../db/sql.js';
import { DomainError } from '../errors.js';

/** The address's domain as domains are stored: lower case, IDN in punycode (xn--...). */
export const domainOf = (email: string) => {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return domainToASCII(domain) || domain;
};

/**
 * The `from` address must be on a domain this project has verified. One raw statement (asked per
 * /v1/send call and per automation batch; the ORM's findOne cost more than the lookup).
 */
export async function assertVerifiedSender(em: EntityManager, projectId: string, fromEmail: string): Promise<void> {
  const domain = domainOf(fromEmail);
  const record = await sqlFirst(em, "select 1 as ok from domains where project_id = ? and domain = ? and status = 'VERIFIED' limit 1", [projectId, domain]);
  if (!record) {
    throw new DomainError('DOMAIN_NOT_VERIFIED', `The sender domain ${domain} is not verified for this project`, {
      suggestion: `Add it with POST /domains {"domain":"${domain}"}, publish the DNS records it returns, and wait until its status is VERIFIED.`,
    });
  }
}

export interface DkimSigning {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/**
 * DKIM signing options for mail from `fromEmail`, or undefined when the project has no verified
 * domain for it. Filled in by the sender-domains work (decrypts the stored private key).
 */
export type DkimLookup = (em: EntityManager, projectId: string, fromEmail: string, secretKey: string | undefined) => Promise<DkimSigning | undefined>;

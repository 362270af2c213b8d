import { domainToASCII } from 'node:url';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Domain } from '../../db/entities/index.js';
import { DomainError } from '../errors.js';

/** The address's domain as domains are stored: lower case, IDN in punycode (xn--...). */
export const domainOf = (email: string) => {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return domainToASCII(domain) || domain;
};

/** The `from` address must be on a domain this project has verified. */
export async function assertVerifiedSender(em: EntityManager, projectId: string, fromEmail: string): Promise<Domain> {
  const domain = domainOf(fromEmail);
  const record = await em.findOne(Domain, { projectId, domain, status: 'VERIFIED' });
  if (!record) {
    throw new DomainError('DOMAIN_NOT_VERIFIED', `The sender domain ${domain} is not verified for this project`, {
      suggestion: `Add it with POST /domains {"domain":"${domain}"}, publish the DNS records it returns, and wait until its status is VERIFIED.`,
    });
  }
  return record;
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

import { EntitySchema } from '@mikro-orm/core';
import { newId } from '../ids.js';
import { timestamps } from './columns.js';

/** The table's check constraint lists the same values (migration 20261123000001); DNS records use them too. */
export const DOMAIN_STATUSES = ['PENDING', 'VERIFIED', 'FAILED'] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

export interface DnsRecord {
  type: 'TXT' | 'MX' | 'CNAME';
  name: string;
  value: string;
  purpose: 'DKIM' | 'SPF' | 'DMARC' | 'RETURN_PATH';
  status: DomainStatus;
}

export class Domain {
  id: string = newId();
  projectId!: string;
  domain!: string;
  status: DomainStatus = 'PENDING';
  dkimSelector!: string;
  dkimPublicKey!: string;
  dkimPrivateKeyEnc!: string;
  records: DnsRecord[] = [];
  verifiedAt?: Date | null;
  lastCheckedAt?: Date | null;
  createdAt = new Date();
  updatedAt = new Date();
}

export const DomainSchema = new EntitySchema<Domain>({
  class: Domain,
  tableName: 'domains',
  properties: {
    id: { type: 'uuid', primary: true },
    projectId: { type: 'uuid' },
    domain: { type: 'text' },
    status: { type: 'text' },
    dkimSelector: { type: 'text' },
    dkimPublicKey: { type: 'text' },
    dkimPrivateKeyEnc: { type: 'text' },
    records: { type: 'json' },
    verifiedAt: { type: 'Date', nullable: true },
    lastCheckedAt: { type: 'Date', nullable: true },
    ...timestamps,
  },
});

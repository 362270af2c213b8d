import { z } from '@hono/zod-openapi';
import { DOMAIN_STATUSES } from '../../../db/entities/index.js';
import { PageQuery, pageOf } from '../../envelope.js';
import { Timestamp } from '../../schemas.js';

export const DomainStatus = z.enum(DOMAIN_STATUSES).openapi('DomainStatus', {
  description: 'PENDING while DNS is re-checked (1 min, 2, 4 ... at most 1 h apart), VERIFIED once DKIM and SPF are published, FAILED when they were not found within 72 h.',
});

export const DomainDnsRecord = z
  .object({
    type: z.enum(['TXT', 'MX', 'CNAME']),
    name: z.string().openapi({ example: 'mh202611-a1b2c3._domainkey.example.com' }),
    value: z.string().openapi({ example: 'v=DKIM1; k=rsa; p=MIIBIjANBgkqh...' }),
    purpose: z.enum(['DKIM', 'SPF', 'DMARC', 'RETURN_PATH']),
    status: z.enum(DOMAIN_STATUSES).openapi({
      description: 'VERIFIED: found as expected. PENDING: nothing published there yet. FAILED: something else is published there (or, once the domain is FAILED, still nothing).',
    }),
  })
  .openapi('DomainDnsRecord');

export const SenderDomain = z
  .object({
    id: z.string(),
    domain: z.string().openapi({ example: 'example.com', description: 'Lower-case ASCII; an internationalised name is stored in punycode (xn--...).' }),
    status: DomainStatus,
    records: z.array(DomainDnsRecord).openapi({
      description:
        'Publish these. Required for VERIFIED: the DKIM TXT (exactly this key) and an SPF TXT at the domain (any `v=spf1` policy; ' +
        '`v=spf1 a mx ~all` is a start, add the `include:` of the SMTP relay you send through). DMARC `p=none` is suggested, not required.',
    }),
    verifiedAt: Timestamp.nullable(),
    lastCheckedAt: Timestamp.nullable(),
    createdAt: Timestamp,
  })
  .openapi('SenderDomain');

export const CreateDomainBody = z
  .object({
    domain: z.string().min(1).max(1024).openapi({ example: 'example.com', description: 'A registrable name (not an IP, not a public suffix such as `co.uk`); IDN is accepted.' }),
  })
  .openapi('CreateDomainBody', { example: { domain: 'mail.example.com' } });

export const ListDomainsQuery = PageQuery.extend({
  status: z.enum(DOMAIN_STATUSES).optional().openapi({
    param: { name: 'status', in: 'query' },
    description: 'Only domains in this status (`VERIFIED`: the ones you can send from); without it every status is listed.',
  }),
});

export const DomainPage = pageOf(SenderDomain, 'domains').openapi('SenderDomainPage');

import { z } from '@hono/zod-openapi';
import { BoolQuery, PageQuery, pageOf } from '../../envelope.js';
import { DataPatch, EmailAddress, TimeZone, Timestamp } from '../../schemas.js';

const CONTACT_TZ_DOC = "The contact's IANA time zone: local-time campaigns and quiet hours read the contact's wall clock in it. Absent or null: the project's `timezone` (PATCH /project/settings, default UTC).";

export const Contact = z
  .object({
    id: z.string(),
    email: z.string().openapi({ format: 'email', example: 'ada@example.com' }),
    subscribed: z.boolean(),
    data: z.record(z.string(), z.unknown()),
    timezone: z.string().nullable().openapi({ description: CONTACT_TZ_DOC, example: 'Europe/Berlin' }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('Contact');

export const ContactWithMeta = Contact.extend({
  _meta: z.object({ isNew: z.boolean(), isUpdate: z.boolean() }),
}).openapi('ContactWithMeta');

export const UpsertContactBody = z
  .object({
    email: EmailAddress,
    subscribed: z.boolean().optional().openapi({
      description:
        'Default true for a new contact; unchanged on update when omitted. When given and it sets the state (a new contact, or a change), ' +
        'the event `contact.subscribed` or `contact.unsubscribed` is recorded (`data.source`: `api`), as `/v1/track` does, so automations see it.',
    }),
    data: DataPatch.optional(),
    timezone: TimeZone.nullable().optional().openapi({ description: `${CONTACT_TZ_DOC} Unchanged on update when omitted; null clears it.` }),
  })
  .openapi('UpsertContactBody', { example: { email: 'ada@example.com', subscribed: true, timezone: 'Europe/Berlin', data: { firstName: 'Ada', plan: 'pro' } } });

export const UpdateContactBody = z
  .object({
    email: EmailAddress.optional(),
    subscribed: z.boolean().optional().openapi({
      description: 'A change records the event `contact.subscribed` or `contact.unsubscribed` (`data.source`: `api`). False is an opt-out a public key cannot undo.',
    }),
    data: DataPatch.optional(),
    timezone: TimeZone.nullable().optional().openapi({ description: `${CONTACT_TZ_DOC} null clears it.` }),
  })
  .openapi('UpdateContactBody', { example: { subscribed: false, data: { plan: null } } });

export const ListContactsQuery = PageQuery.extend({
  subscribed: BoolQuery.optional().openapi({ param: { name: 'subscribed', in: 'query' }, type: 'string', enum: ['true', 'false'], description: 'Only subscribed (`true`) or unsubscribed (`false`) contacts' }),
  search: z.string().trim().min(1).max(254).optional().openapi({ param: { name: 'search', in: 'query' }, description: 'Case-insensitive substring of the email (spaces around it ignored; only spaces is a 422).', example: 'example.com' }),
});

export const ContactPage = pageOf(Contact, 'contacts').openapi('ContactPage');

export type ContactDto = z.infer<typeof Contact>;

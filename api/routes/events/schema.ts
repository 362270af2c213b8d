import { z } from '@hono/zod-openapi';
import { PageQuery, pageOf } from '../../envelope.js';
import { EmailAddress, Id, Timestamp } from '../../schemas.js';
import { TOTAL_COUNT_CAP } from '../../../core/events/events.js';
import { EVENT_NAME_MAX } from '../track/schema.js';

const IdQuery = (name: string, description: string) =>
  Id.openapi({ param: { name, in: 'query' }, example: '0192f5d0-8d4a-7c3e-9b1a-2f4e5d6c7b8a', description });
const DateTimeQuery = (name: string, description: string) =>
  z.string().datetime({ offset: true }).openapi({ param: { name, in: 'query' }, example: '2026-11-23T10:00:00Z', description });

export const Event = z
  .object({
    id: z.string(),
    name: z.string().openapi({ example: 'Signed Up' }),
    contactId: z.string().nullable(),
    email: z.string().nullable().openapi({ description: "The contact's email (null when the event has no contact)" }),
    emailId: z.string().nullable(),
    campaignId: z.string().nullable(),
    data: z.record(z.string(), z.unknown()),
    createdAt: Timestamp,
  })
  .openapi('Event');

export const ListEventsQuery = PageQuery.extend({
  name: z.string().min(1).max(EVENT_NAME_MAX).optional().openapi({ param: { name: 'name', in: 'query' }, example: 'Signed Up', description: 'Events with this name, compared as tracked names are stored (Unicode NFKC, surrounding spaces trimmed)' }),
  contactId: IdQuery('contactId', 'Events of this contact').optional(),
  email: EmailAddress.optional().openapi({ param: { name: 'email', in: 'query' }, description: 'Events of the contact with this email' }),
  campaignId: IdQuery('campaignId', 'Events of this campaign').optional(),
  emailId: IdQuery('emailId', 'Events of this sent email').optional(),
  from: DateTimeQuery('from', 'Events at or after this time (inclusive, ms precision)').optional(),
  to: DateTimeQuery('to', 'Events at or before this time (inclusive, ms precision)').optional(),
});

export const EventPage = pageOf(Event, 'events')
  .extend({
    totalCapped: z.boolean().openapi({
      description: `True when \`total\` stopped counting at ${TOTAL_COUNT_CAP} (there are at least that many). Only for filters other than \`name\`; unfiltered and name-only totals are always exact.`,
    }),
  })
  .openapi('EventPage');

export const EventName = z
  .object({ name: z.string(), count: z.number().int(), lastSeenAt: Timestamp })
  .openapi('EventNameCount');

export const EventNames = z.object({ names: z.array(EventName), items: z.array(EventName) }).openapi('EventNames');

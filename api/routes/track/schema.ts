import { z } from '@hono/zod-openapi';
import { dataRecord, EmailAddress, TimeZone, Timestamp } from '../../schemas.js';
import { EVENT_NAME_HELP } from '../../../core/events/name.js';
import { described, EventNameSchema } from '../../core-schemas.js';

export { EVENT_NAME_MAX } from '../../../core/events/name.js';

/** Event names: the one rule of core/events/name.ts (e.g. "Signed Up"). */
export const EventName = described(EventNameSchema, {
  example: 'Signed Up',
  description:
    `${EVENT_NAME_HELP}. Names starting with \`email.\`, \`contact.\` or \`segment.\` (any case, look-alikes included) are reserved ` +
    'for events the service records itself. In conditions, write a name with spaces as `event."Signed Up"`.',
});

const TrackDataValue = z.unknown().openapi({
  description:
    'A plain value (stored on the contact and the event), `null` (removes the key from the contact), or `{value, persistent}`: ' +
    'with `persistent: false` the value is stored on the event only.',
});

export const TrackBody = z
  .object({
    email: EmailAddress,
    event: EventName,
    subscribed: z.boolean().optional().openapi({
      description:
        'New contacts are subscribed unless this is false; an existing contact changes only when it is given. ' +
        'When it sets the state (a new contact, or a change) the event `contact.subscribed` or `contact.unsubscribed` is recorded too. ' +
        'With a public key, what it may change on an existing contact follows the project setting `publicKey` (PublicKeyPolicy), and `true` never ' +
        'undoes an opt-out made by the unsubscribe link, a complaint, a suppression or the secret key; a refused change is ignored (still 200).',
    }),
    data: dataRecord(TrackDataValue)
      .optional()
      .openapi({ example: { plan: 'pro', orderId: { value: 'A-1001', persistent: false } } }),
    timezone: TimeZone.nullable().optional().openapi({
      description:
        "The contact's IANA time zone (local-time campaigns, quiet hours), e.g. from the browser's `Intl.DateTimeFormat().resolvedOptions().timeZone`; null clears it. " +
        'With a public key whose policy `writeData` is not `all`, it only fills a contact that has none (and null changes nothing).',
    }),
  })
  .openapi('TrackBody', { example: { email: 'ada@example.com', event: 'Signed Up', data: { plan: 'pro' } } });

export const TrackResult = z
  .object({
    contact: z.string().openapi({ description: 'Contact id' }),
    event: z.string().openapi({ description: 'Event id' }),
    timestamp: Timestamp,
  })
  .openapi('TrackResult');

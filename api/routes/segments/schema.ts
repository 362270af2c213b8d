import { z } from '@hono/zod-openapi';
import { ConditionSchema, described } from '../../core-schemas.js';
import { MAX_MEMBER_EMAILS } from '../../../core/segments/members.js';
import { SEGMENT_TYPES } from '../../../db/entities/index.js';
import { pageOf } from '../../envelope.js';
import { Timestamp } from '../../schemas.js';

export const SegmentType = z.enum(SEGMENT_TYPES).openapi('SegmentType', {
  description: 'DYNAMIC: the contacts matching `condition`, evaluated live. STATIC: the contacts added with POST /segments/{id}/members.',
});

const Name = z.string().trim().min(1).max(200).openapi({ example: 'Pro customers' });
const Description = z.string().max(2000).nullable();
const TrackMembership = z.boolean().openapi({
  description:
    'DYNAMIC only: record `segment.<id>.entry` and `segment.<id>.exit` events as contacts come and go (checked every SEGMENT_REFRESH_INTERVAL_SECONDS, ' +
    'default 300; tracking starts from the members at its first check). STATIC segments always record them on add and remove. ' +
    'Enabling an automation workflow triggered by these events turns it on; turning it off is a 422 while such a workflow is enabled.',
});

export const Segment = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    type: SegmentType,
    condition: z.union([ConditionSchema, z.null()]).openapi({ description: 'The condition of a DYNAMIC segment; null for STATIC.' }),
    trackMembership: z.boolean(),
    memberCount: z.number().int().openapi({ description: 'Members when last counted (see memberCountAt): a cache, at most a few minutes old.' }),
    memberCountAt: Timestamp.nullable(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('Segment');

export const CreateSegmentBody = z
  .object({
    name: Name,
    description: Description.optional(),
    type: SegmentType.optional().openapi({ description: 'Default DYNAMIC.' }),
    // Described before made optional: the other order loses the reference to the Condition component.
    condition: described(ConditionSchema, { description: 'Required for DYNAMIC, refused for STATIC.' }).optional(),
    trackMembership: TrackMembership.optional(),
  })
  .openapi('CreateSegmentBody', {
    example: {
      name: 'Pro customers',
      description: 'Contacts on the pro plan who are still subscribed',
      type: 'DYNAMIC',
      condition: {
        logic: 'AND',
        groups: [
          {
            filters: [
              { field: 'data.plan', operator: 'equals', value: 'pro' },
              { field: 'subscribed', operator: 'equals', value: true },
            ],
          },
        ],
      },
      trackMembership: true,
    },
  });

export const UpdateSegmentBody = z
  .object({
    name: Name.optional(),
    description: Description.optional(),
    type: SegmentType.optional().openapi({ description: 'Cannot change: a different type is a 422.' }),
    condition: ConditionSchema.optional(),
    trackMembership: TrackMembership.optional(),
  })
  .openapi('UpdateSegmentBody', {
    example: {
      name: 'Pro and team customers',
      condition: { logic: 'AND', groups: [{ filters: [{ field: 'data.plan', operator: 'in', value: ['pro', 'team'] }] }] },
    },
  });

export const SegmentMembersBody = z
  .object({
    emails: z
      .array(z.string().trim().min(1).max(254))
      .min(1)
      .max(MAX_MEMBER_EMAILS)
      .openapi({ example: ['ada@example.com'], description: `1 to ${MAX_MEMBER_EMAILS} contact addresses (case-insensitive).` }),
  })
  .openapi('SegmentMembersBody', { example: { emails: ['ada@example.com', 'grace@example.com'] } });

export const AddedMembers = z
  .object({
    added: z.number().int().openapi({ description: 'Contacts that joined (already members are not counted).' }),
    notFound: z.array(z.string()).openapi({ description: 'Addresses with no contact in the project (none is created).' }),
  })
  .openapi('AddedSegmentMembers');

export const RemovedMembers = z
  .object({
    removed: z.number().int().openapi({ description: 'Contacts that left (non-members are not counted).' }),
    notFound: z.array(z.string()).openapi({ description: 'Addresses with no contact in the project.' }),
  })
  .openapi('RemovedSegmentMembers');

export const SegmentPage = pageOf(Segment, 'segments').openapi('SegmentPage');

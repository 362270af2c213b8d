import { EntitySchema } from '@mikro-orm/core';
import { newId } from '../ids.js';

export const SEGMENT_TYPES = ['DYNAMIC', 'STATIC'] as const;
export type SegmentType = (typeof SEGMENT_TYPES)[number];

/**
 * A named audience: DYNAMIC segments are a stored condition evaluated live; STATIC ones are the
 * rows of segment_members. `memberCount` is a cache (see core/segments/counts.ts).
 */
export class Segment {
  id: string = newId();
  projectId!: string;
  name!: string;
  description?: string | null = null;
  type: SegmentType = 'DYNAMIC';
  /** The condition (core/segments/condition.ts) of a DYNAMIC segment. */
  condition?: Record<string, unknown> | null = null;
  /** Ids of the segments `condition` names (`segment.<id>` filters): delete and cycle checks. */
  refs: string[] = [];
  /** Record `segment.<id>.entry|exit` events as DYNAMIC members come and go. */
  trackMembership = false;
  /** When the tracking baseline was taken (null: the next evaluation takes it silently). */
  trackedAt?: Date | null = null;
  memberCount = 0;
  memberCountAt?: Date | null = null;
  createdAt = new Date();
  updatedAt = new Date();
}

export const SegmentSchema = new EntitySchema<Segment>({
  class: Segment,
  tableName: 'segments',
  properties: {
    id: { type: 'uuid', primary: true },
    projectId: { type: 'uuid' },
    name: { type: 'text' },
    description: { type: 'text', nullable: true },
    type: { type: 'text' },
    condition: { type: 'json', nullable: true },
    refs: { type: 'json' },
    trackMembership: { type: 'boolean' },
    trackedAt: { type: 'Date', nullable: true },
    memberCount: { type: 'integer' },
    memberCountAt: { type: 'Date', nullable: true },
    createdAt: { type: 'Date', onCreate: () => new Date() },
    // Set by edits only (core/segments), not by count refreshes.
    updatedAt: { type: 'Date', onCreate: () => new Date() },
  },
});

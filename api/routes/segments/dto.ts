import type { Segment } from '../../../db/entities/index.js';
import type { Condition } from '../../../core/segments/condition.js';

export const toSegmentDto = (s: Segment) => ({
  id: s.id,
  name: s.name,
  description: s.description ?? null,
  type: s.type,
  condition: (s.condition ?? null) as Condition | null,
  trackMembership: s.trackMembership,
  memberCount: s.memberCount,
  memberCountAt: s.memberCountAt ? s.memberCountAt.toISOString() : null,
  createdAt: s.createdAt.toISOString(),
  updatedAt: s.updatedAt.toISOString(),
});

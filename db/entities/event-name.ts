import { EntitySchema } from '@mikro-orm/core';

/** Per-project count of each event name (GET /events/names), in up to 8 rows per name summed by readers (core/events/name-counts.ts). */
export class EventName {
  projectId!: string;
  name!: string;
  shard = 0;
  count = 0;
  lastSeenAt = new Date();
}

export const EventNameSchema = new EntitySchema<EventName>({
  class: EventName,
  tableName: 'event_names',
  properties: {
    projectId: { type: 'uuid', primary: true },
    name: { type: 'text', primary: true },
    shard: { type: 'smallint', primary: true },
    count: { type: 'bigint' },
    lastSeenAt: { type: 'Date' },
  },
});

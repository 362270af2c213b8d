import { EntitySchema } from '@mikro-orm/core';

/** Per-project count of each event name (GET /events/names); kept by recordEvent in the same statement. */
export class EventName {
  projectId!: string;
  name!: string;
  count = 0;
  lastSeenAt = new Date();
}

export const EventNameSchema = new EntitySchema<EventName>({
  class: EventName,
  tableName: 'event_names',
  properties: {
    projectId: { type: 'uuid', primary: true },
    name: { type: 'text', primary: true },
    count: { type: 'bigint' },
    lastSeenAt: { type: 'Date' },
  },
});

import { zodToOpenAPIRegistry, type ZodOpenAPIMetadata } from '@asteasolutions/zod-to-openapi';
import type { z } from '@hono/zod-openapi';
import { AutomationConditionSchema } from '../core/automations/condition.js';
import {
  EventTrigger,
  SendEmailStep,
  STEP_PARTS,
  StepSchema,
  StepsSchema,
  TriggerSchema,
  UpdateContactStep,
  WaitForEventStep,
  WaitUntilStep,
  WebhookStep,
} from '../core/automations/definition.js';
import { EVENT_NAME_HELP, EVENT_NAME_MAX, EventNameSchema } from '../core/events/name.js';
import { CONDITION_EXAMPLE, CONDITION_PARTS, ConditionSchema, MAX_CONDITION_DEPTH, MAX_CONDITION_FILTERS } from '../core/segments/condition.js';
import { FIELD_HELP, OPERATORS, SIZE_HELP } from '../core/segments/fields.js';

/*
 * The OpenAPI side of the schemas core validates with. Core writes plain zod (no HTTP library);
 * the component names, descriptions and examples are attached here to core's own schema objects,
 * through the generator's metadata registry, so they show wherever core nests those objects.
 * Routes import these schemas from this module, which puts the metadata in place before any
 * document is generated.
 *
 * Never call `.openapi()` on one of core's schemas: @hono/zod-openapi adds that method to each zod
 * schema as it is built, and core's may be built before it loads (the built server loads core
 * first: "EventNameSchema.openapi is not a function"). `described` gives a use of its own instead.
 */

/** Documents `schema` itself (not a copy, as `.openapi()` would make); `name` makes it a component. */
function document<T extends z.ZodType>(schema: T, metadata: Partial<ZodOpenAPIMetadata>, name?: string): T {
  zodToOpenAPIRegistry.add(schema, { ...metadata, ...(name ? { _internal: { refId: name } } : {}) });
  return schema;
}

/**
 * A copy of one of core's schemas (same validation) with metadata for one use, over the
 * schema's own (a component stays a reference to it): what `.openapi(metadata)` does.
 */
export function described<T extends z.ZodType>(schema: T, metadata: Partial<ZodOpenAPIMetadata>): T {
  const copy = schema.clone() as T; // a clone inherits the original's metadata
  zodToOpenAPIRegistry.add(copy, metadata);
  return copy;
}

// Event names: POST /v1/track, EVENT triggers, WAIT_FOR_EVENT steps.
document(EventNameSchema, { example: 'Signed Up', minLength: 1, maxLength: EVENT_NAME_MAX, description: `An event name: ${EVENT_NAME_HELP}.` });

// The condition language (segments, campaign audiences, CONDITION steps).
const { filter, group, condition } = CONDITION_PARTS;
document(filter.shape.field, { description: `What to test: ${FIELD_HELP}.`, example: 'data.plan' });
document(filter.shape.operator, { enum: [...OPERATORS], example: 'equals' });
document(filter.shape.value, {
  description: 'Compared value: a string, number, boolean or ISO date; an array for `in`/`notIn`; a number of `unit`s for windows.',
});
document(filter.shape.unit, { description: 'Window unit of within, olderThan and the triggered* operators.' });
document(filter, {}, 'ConditionFilter');
document(group, {}, 'ConditionGroup');
document(condition.shape.logic, { description: 'How the groups combine; filters inside a group are AND-ed.' });
document(
  condition,
  {
    description:
      '`logic` (AND|OR) combines `groups`; the filters of a group are AND-ed, and its optional nested `conditions` is AND-ed with them. ' +
      `At most ${MAX_CONDITION_DEPTH} levels and ${MAX_CONDITION_FILTERS} filters. ${SIZE_HELP} (a larger one is a 422 naming the limit). Fields: ${FIELD_HELP}. ` +
      'Dates compare as `YYYY-MM-DD` (the whole UTC day) or ISO datetimes; a missing attribute never matches a negative or comparison operator; ' +
      '`exists`/`notExists` treat JSON null as missing. Event and email-activity fields take triggered, notTriggered, triggeredWithin, ' +
      'triggeredOlderThan and notTriggeredWithin; `segment.<id>` takes equals/notEquals true|false, exists or notExists.',
    example: CONDITION_EXAMPLE,
  },
  'Condition',
);

// Automation workflows: steps and triggers.
document(STEP_PARTS.stepId, { example: 'welcome' });
document(STEP_PARTS.next, { description: 'The following step; absent: the execution ends after this one' });
document(SendEmailStep.shape.body, { description: 'HTML with {{variable}} placeholders; {{event.<path>}} reads the triggering event' });
document(SendEmailStep.shape.from, { description: "Sender; default: the template's" });
document(SendEmailStep.shape.to, { description: 'A fixed recipient; default: the contact' });
document(WaitUntilStep.shape.time, { example: '09:00' });
document(WaitUntilStep.shape.timezone, { example: 'Europe/Berlin' });
document(WaitUntilStep.shape.days, { description: 'Only these weekdays (local); default: any day' });
document(WaitForEventStep.shape.branches, { description: 'Where to go when the event came / the timeout passed (absent: end)' });
document(UpdateContactStep.shape.data, { description: 'Merged into the contact data; null removes a key' });
document(WebhookStep.shape.body, { description: 'JSON body; strings may use {{variables}}' });
document(WebhookStep.shape.failOnError, { description: 'A non-2xx answer fails the execution (default: recorded, not fatal)' });
document(AutomationConditionSchema, {
  type: 'object',
  description: "A Condition (the segments language); fields may also be `event.data.<path>`, the triggering event's data.",
});
document(StepSchema, {}, 'WorkflowStep');
document(EventTrigger.shape.eventName, { description: 'A tracked event or a system event (email.opened, contact.unsubscribed, ...)' });
document(
  TriggerSchema,
  {
    description:
      'EVENT: a tracked or system event of that name. SEGMENT_ENTRY / SEGMENT_EXIT: a contact enters or leaves the segment ' +
      '(`segment.<id>.entry` / `.exit`). A DYNAMIC segment records these only with `trackMembership`: enabling a workflow ' +
      'with such a trigger turns it on for the segment (its next refresh takes the current members as the baseline, so ' +
      'contacts already in do not fire; entries and exits after that do), and turning it off on the segment is refused ' +
      'while an enabled workflow is triggered by it. STATIC segments record them on every member change.',
  },
  'WorkflowTrigger',
);

export { ConditionSchema, EventNameSchema, StepSchema, StepsSchema, TriggerSchema };

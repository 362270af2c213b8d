import { z } from 'zod';
import { AutomationConditionSchema } from './condition.js';
import { EventNameSchema } from '../events/name.js';

/*
 * The automation graph: one zod schema is the validation and, documented by api/core-schemas.ts,
 * the OpenAPI document and the SDK type.
 * The first step is the entry; `next` names the following step (absent: the execution ends);
 * branching nodes name their exits in `branches`. Graph-wide rules (unique ids, transitions,
 * reachability, cycles) are checked by graph.ts, references to templates and segments by references.ts.
 */

export const MAX_STEPS = 100;
export const DURATION_UNITS = ['seconds', 'minutes', 'hours', 'days'] as const;
export const WEEKDAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
const UNIT_MS = { seconds: 1_000, minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;
export const MAX_DURATION_MS = 365 * UNIT_MS.days;

export type DurationUnit = (typeof DURATION_UNITS)[number];
export const durationMs = (d: { amount: number; unit: DurationUnit }) => d.amount * UNIT_MS[d.unit];

const StepId = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only');
const Next = StepId.optional();
/** The shared step pieces, for the API to document (api/core-schemas.ts); the step schemas below are exported for the same reason. */
export const STEP_PARTS = { stepId: StepId, next: Next } as const;
const EventName = EventNameSchema;

const Duration = z
  .object({ amount: z.number().int().positive(), unit: z.enum(DURATION_UNITS) })
  .refine((d) => durationMs(d) <= MAX_DURATION_MS, { message: 'at most 365 days', path: ['amount'] });

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

export const SendEmailStep = z
  .object({
    id: StepId,
    type: z.literal('SEND_EMAIL'),
    // Ids are stored as PostgreSQL prints them (lower case), so an upper-case id names the same template.
    templateId: z.string().trim().toLowerCase().min(1).max(64).optional(),
    subject: z.string().min(1).max(998).optional(),
    body: z.string().min(1).max(1_000_000).optional(),
    from: z.string().trim().toLowerCase().email().max(254).optional(),
    to: z.string().trim().toLowerCase().email().max(254).optional(),
    next: Next,
  })
  .superRefine((s, ctx) => {
    if (s.templateId === undefined && (s.subject === undefined || s.body === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['templateId'], message: 'give templateId, or subject and body' });
    }
  });

const DelayStep = z.object({ id: StepId, type: z.literal('DELAY'), amount: z.number().int().positive(), unit: z.enum(DURATION_UNITS), next: Next }).refine(
  (d) => durationMs(d) <= MAX_DURATION_MS,
  { message: 'at most 365 days', path: ['amount'] },
);

export const WaitUntilStep = z.object({
  id: StepId,
  type: z.literal('WAIT_UNTIL'),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM, 24 hours'),
  timezone: z.string().min(1).max(64).refine(isTimeZone, 'an IANA time zone such as Europe/Berlin'),
  days: z.array(z.enum(WEEKDAYS)).min(1).max(7).optional(),
  next: Next,
});

export const WaitForEventStep = z.object({
  id: StepId,
  type: z.literal('WAIT_FOR_EVENT'),
  eventName: EventName,
  timeout: Duration,
  branches: z.object({ event: StepId.optional(), timeout: StepId.optional() }),
});

const ConditionStep = z.object({
  id: StepId,
  type: z.literal('CONDITION'),
  condition: AutomationConditionSchema,
  branches: z.object({ yes: StepId.optional(), no: StepId.optional() }),
});

export const UpdateContactStep = z.object({
  id: StepId,
  type: z.literal('UPDATE_CONTACT'),
  data: z.record(z.string().min(1).max(200), z.unknown()).optional(),
  subscribed: z.boolean().optional(),
  next: Next,
});

export const WebhookStep = z.object({
  id: StepId,
  type: z.literal('WEBHOOK'),
  url: z.string().max(2048).url().refine((u) => /^https?:\/\//i.test(u), 'http or https only'),
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).default('POST'),
  headers: z.record(z.string().min(1).max(200), z.string().max(4000)).optional(),
  body: z.unknown().optional(),
  failOnError: z.boolean().optional(),
  next: Next,
});

const ExitStep = z.object({ id: StepId, type: z.literal('EXIT'), reason: z.string().max(500).optional() });

export const StepSchema = z.discriminatedUnion('type', [SendEmailStep, DelayStep, WaitUntilStep, WaitForEventStep, ConditionStep, UpdateContactStep, WebhookStep, ExitStep]);
export type Step = z.infer<typeof StepSchema>;
export type StepType = Step['type'];
export type StepOf<T extends StepType> = Extract<Step, { type: T }>;

/** Segment ids are matched as stored (lower case); an upper-case id names the same segment. */
const SegmentId = z.string().trim().toLowerCase().min(1).max(64);

// The trigger's event name is its own copy (same rules) so the API can describe it apart from other event names.
export const EventTrigger = z.object({ type: z.literal('EVENT'), eventName: EventName.clone() });

export const TriggerSchema = z.discriminatedUnion('type', [
  EventTrigger,
  z.object({ type: z.literal('SEGMENT_ENTRY'), segmentId: SegmentId }),
  z.object({ type: z.literal('SEGMENT_EXIT'), segmentId: SegmentId }),
]);
export type Trigger = z.infer<typeof TriggerSchema>;

export const StepsSchema = z.array(StepSchema).min(1).max(MAX_STEPS);

/** The event name a trigger listens for (segment membership events are `segment.<id>.entry|exit`). */
export function triggerEventName(t: Trigger): string {
  switch (t.type) {
    case 'EVENT':
      return t.eventName;
    case 'SEGMENT_ENTRY':
      return `segment.${t.segmentId}.entry`;
    case 'SEGMENT_EXIT':
      return `segment.${t.segmentId}.exit`;
  }
}

/** Every transition out of a step, with the field that names it. */
export function transitionsOf(step: Step): { field: string; target: string }[] {
  const out: { field: string; target: string | undefined }[] = [];
  if ('next' in step) out.push({ field: 'next', target: step.next });
  if (step.type === 'CONDITION') out.push({ field: 'branches.yes', target: step.branches.yes }, { field: 'branches.no', target: step.branches.no });
  if (step.type === 'WAIT_FOR_EVENT') out.push({ field: 'branches.event', target: step.branches.event }, { field: 'branches.timeout', target: step.branches.timeout });
  return out.filter((t): t is { field: string; target: string } => t.target !== undefined);
}

export const WAIT_TYPES: ReadonlySet<StepType> = new Set(['DELAY', 'WAIT_UNTIL', 'WAIT_FOR_EVENT']);

import { z } from 'zod';

/*
 * The one rule for an event name, wherever a name comes in: POST /v1/track, a workflow's EVENT
 * trigger and WAIT_FOR_EVENT step, and `event.<name>` in the condition language.
 *
 * A name is normalised first: Unicode NFKC (a full-width `ｅｍａｉｌ．` is `email.`), format
 * characters removed (category Cf: zero-width spaces and joiners, bidi marks, the BOM), then
 * trimmed. What is left must be 1-255 characters without control characters. So look-alikes of a
 * reserved name are that reserved name, and a name tracked one way matches a trigger or a
 * condition written another way.
 */

export const EVENT_NAME_MAX = 255;

/** Cc: U+0000-U+001F and U+007F-U+009F (no `u` flag: flags would leak into the document's `pattern`). */
const CONTROL_CHARACTERS = /[\x00-\x1f\x7f-\x9f]/;
const FORMAT_CHARACTERS = /\p{Cf}/gu;

/** NFKC, without format characters (Cf), trimmed. */
export const normalizeEventName = (name: string): string => name.normalize('NFKC').replace(FORMAT_CHARACTERS, '').trim();

/** What is wrong with a name once normalised; null when it is a valid event name. */
export function eventNameProblem(normalized: string): string | null {
  if (normalized.length === 0) return 'must not be empty (spaces and invisible characters do not count)';
  if (normalized.length > EVENT_NAME_MAX) return `must be at most ${EVENT_NAME_MAX} characters`;
  if (CONTROL_CHARACTERS.test(normalized)) return 'must not contain control characters (line breaks, tabs, NUL...)';
  return null;
}

export const EVENT_NAME_HELP =
  `1-${EVENT_NAME_MAX} characters without control characters, compared after Unicode NFKC normalisation with format characters ` +
  '(zero-width spaces, bidi marks) removed and surrounding spaces trimmed';

/** An event name in a request: normalised, then checked (the value the handler sees is the normalised name). */
// The bounds are checked once, after normalising (NFKC can lengthen a name); the API's document states them (api/core-schemas.ts).
export const EventNameSchema = z
  .string()
  .overwrite(normalizeEventName)
  .superRefine((name, ctx) => {
    const problem = eventNameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Event names the service records itself; a client may not forge them through /v1/track. */
export const SYSTEM_EVENT_PREFIXES = ['email.', 'contact.', 'segment.'] as const;

/** Whether a name (normalised here too) starts with a reserved prefix, in any case. */
export const isSystemEventName = (name: string) => {
  const lower = normalizeEventName(name).toLowerCase();
  return SYSTEM_EVENT_PREFIXES.some((p) => lower.startsWith(p));
};

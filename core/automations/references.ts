import type { EntityManager } from '@mikro-orm/postgresql';
import type { FieldError } from '../errors.js';
import { isUuid } from '../../db/ids.js';
import { loadSegmentRefs, segmentMentions } from '../segments/refs.js';
import { compiledSize, MAX_COMPILED_PARAMS, SIZE_HELP } from '../segments/size.js';
import type { Step, Trigger } from './definition.js';
import { listParam, sqlRows } from '../../db/sql.js';

interface Reference {
  field: string;
  kind: 'template' | 'segment';
  id: string;
  /** SEND_EMAIL without its own `from`: the template must have one. */
  needsFrom?: boolean;
}

function referencesOf(trigger: Trigger, steps: Step[]): Reference[] {
  const out: Reference[] = [];
  if (trigger.type !== 'EVENT') out.push({ field: 'trigger.segmentId', kind: 'segment', id: trigger.segmentId });
  steps.forEach((s, i) => {
    if (s.type === 'SEND_EMAIL' && s.templateId !== undefined) out.push({ field: `steps.${i}.templateId`, kind: 'template', id: s.templateId, needsFrom: s.from === undefined });
    if (s.type === 'CONDITION') {
      for (const m of segmentMentions(s.condition)) out.push({ field: `steps.${i}.condition.${m.path.join('.')}.field`, kind: 'segment', id: m.segmentId });
    }
  });
  return out;
}

/** Whether the trigger or a CONDITION step names a segment (such writes take the segment-reference lock). */
export const namesSegment = (trigger: Trigger, steps: Step[]) => referencesOf(trigger, steps).some((r) => r.kind === 'segment');

/** Templates and segments named by the graph must exist in the project (one query per kind). */
export async function checkReferences(em: EntityManager, projectId: string, trigger: Trigger, steps: Step[]): Promise<FieldError[]> {
  const refs = referencesOf(trigger, steps);
  const errors: FieldError[] = [];
  steps.forEach((s, i) => {
    if (s.type === 'SEND_EMAIL' && s.templateId === undefined && s.from === undefined) {
      errors.push({ field: `steps.${i}.from`, message: 'is required when the step has no template', code: 'invalid_type' });
    }
  });
  if (refs.length === 0) return errors;
  const ids = (kind: Reference['kind']) => JSON.stringify([...new Set(refs.filter((r) => r.kind === kind && isUuid(r.id)).map((r) => r.id))]);
  // FOR SHARE: a DELETE of one of them (core/templates, deleteTemplate) waits until the workflow
  // naming it has committed, and then sees it in use.
  const templates = await sqlRows<{ id: string; from_email: string | null }>(
    em,
    `select id, from_email from templates where project_id = ? and id = ${listParam('uuid')} for share`,
    [projectId, ids('template')],
  );
  const segments = await sqlRows<{ id: string }>(
    em,
    `select id from segments where project_id = ? and id = ${listParam('uuid')}`,
    [projectId, ids('segment')],
  );
  const templateFrom = new Map(templates.map((t) => [t.id, t.from_email]));
  const segmentIds = new Set(segments.map((s) => s.id));
  for (const r of refs) {
    if (r.kind === 'template' && !templateFrom.has(r.id)) errors.push({ field: r.field, message: `No template ${r.id} in this project`, code: 'not_found' });
    else if (r.kind === 'template' && r.needsFrom && !templateFrom.get(r.id)) {
      errors.push({ field: r.field.replace(/templateId$/, 'from'), message: 'is required: the template has no from address', code: 'invalid_type' });
    } else if (r.kind === 'segment' && !segmentIds.has(r.id)) errors.push({ field: r.field, message: `No segment ${r.id} in this project`, code: 'not_found' });
  }
  if (errors.length === 0) errors.push(...(await conditionSizeErrors(em, projectId, steps)));
  return errors;
}

/** CONDITION steps naming segments must compile within MAX_COMPILED_PARAMS, those segments expanded. */
async function conditionSizeErrors(em: EntityManager, projectId: string, steps: Step[]): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const [i, s] of steps.entries()) {
    if (s.type !== 'CONDITION' || segmentMentions(s.condition).length === 0) continue;
    const size = compiledSize(s.condition, await loadSegmentRefs(em, projectId, s.condition));
    if (size > MAX_COMPILED_PARAMS) errors.push({ field: `steps.${i}.condition`, message: `${SIZE_HELP}; this one holds ${size.toLocaleString('en-US')}`, code: 'too_large' });
  }
  return errors;
}

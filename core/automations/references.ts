import type { EntityManager } from '@mikro-orm/postgresql';
import type { FieldError } from '../errors.js';
import { isUuid } from '../../db/ids.js';
import type { Condition } from '../segments/condition.js';
import type { Step, Trigger } from './definition.js';

interface Reference {
  field: string;
  kind: 'template' | 'segment';
  id: string;
  /** SEND_EMAIL without its own `from`: the template must have one. */
  needsFrom?: boolean;
}

function segmentFilters(c: Condition, field: string, out: Reference[]) {
  c.groups.forEach((g, gi) => {
    g.filters.forEach((f, fi) => {
      const m = /^segment\.([^.]+)/.exec(f.field);
      if (m) out.push({ field: `${field}.groups.${gi}.filters.${fi}.field`, kind: 'segment', id: m[1] });
    });
    g.conditions?.forEach((inner, ci) => segmentFilters(inner, `${field}.groups.${gi}.conditions.${ci}`, out));
  });
}

function referencesOf(trigger: Trigger, steps: Step[]): Reference[] {
  const out: Reference[] = [];
  if (trigger.type !== 'EVENT') out.push({ field: 'trigger.segmentId', kind: 'segment', id: trigger.segmentId });
  steps.forEach((s, i) => {
    if (s.type === 'SEND_EMAIL' && s.templateId !== undefined) out.push({ field: `steps.${i}.templateId`, kind: 'template', id: s.templateId, needsFrom: s.from === undefined });
    if (s.type === 'CONDITION') segmentFilters(s.condition, `steps.${i}.condition`, out);
  });
  return out;
}

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
  const conn = em.getConnection();
  const ids = (kind: Reference['kind']) => JSON.stringify([...new Set(refs.filter((r) => r.kind === kind && isUuid(r.id)).map((r) => r.id))]);
  const templates = await conn.execute<{ id: string; from_email: string | null }[]>(
    'select id, from_email from templates where project_id = ? and id in (select jsonb_array_elements_text(?::jsonb)::uuid)',
    [projectId, ids('template')],
    'all',
  );
  // The segments table comes with the segments feature; until it exists no segment can be named.
  const [{ present }] = await conn.execute<{ present: boolean }[]>(`select to_regclass('segments') is not null as present`, [], 'all');
  const segments = present
    ? await conn.execute<{ id: string }[]>('select id from segments where project_id = ? and id in (select jsonb_array_elements_text(?::jsonb)::uuid)', [projectId, ids('segment')], 'all')
    : [];
  const templateFrom = new Map(templates.map((t) => [t.id, t.from_email]));
  const segmentIds = new Set(segments.map((s) => s.id));
  for (const r of refs) {
    if (r.kind === 'template' && !templateFrom.has(r.id)) errors.push({ field: r.field, message: `No template ${r.id} in this project`, code: 'not_found' });
    else if (r.kind === 'template' && r.needsFrom && !templateFrom.get(r.id)) {
      errors.push({ field: r.field.replace(/templateId$/, 'from'), message: 'is required: the template has no from address', code: 'invalid_type' });
    } else if (r.kind === 'segment' && !segmentIds.has(r.id)) errors.push({ field: r.field, message: `No segment ${r.id} in this project`, code: 'not_found' });
  }
  return errors;
}

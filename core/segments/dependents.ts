import type { EntityManager } from '@mikro-orm/postgresql';
import { validationError, type FieldError } from '../errors.js';
import type { Condition } from './condition.js';
import { loadSegmentRefsOf, segmentIdsOf } from './refs.js';
import { compiledSize, MAX_COMPILED_PARAMS, SIZE_HELP } from './size.js';
import type { SegmentRef } from './sql.js';
import { sqlRows } from '../../db/sql.js';

/** What names the edited segment, directly or through other segments. */
interface Dependent {
  kind: 'segment' | 'campaign' | 'workflow';
  id: string;
  name: string;
  /** Conditions compiled as one statement each (a workflow: one per CONDITION step). */
  conditions: Condition[];
}

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/** Segments whose condition names one of `ids`, and the ones that name those, transitively. */
async function dependentSegments(em: EntityManager, projectId: string, id: string): Promise<Dependent[]> {
  const out = new Map<string, Dependent>();
  let frontier = [id];
  while (frontier.length > 0) {
    const rows = await sqlRows<{ id: string; name: string; condition: Condition | null }>(
      em,
      `select s.id, s.name, s.condition from segments s where s.project_id = ? and s.type = 'DYNAMIC'
       and exists (select 1 from jsonb_array_elements_text(s.refs) r(id) where r.id in (${placeholders(frontier.length)}))`,
      [projectId, ...frontier],
    );
    frontier = [];
    for (const r of rows) {
      if (r.id === id || out.has(r.id) || !r.condition) continue;
      out.set(r.id, { kind: 'segment', id: r.id, name: r.name, conditions: [r.condition] });
      frontier.push(r.id);
    }
  }
  return [...out.values()];
}

/** Campaigns not yet sent whose filter, and workflows whose latest CONDITION steps, name one of `ids` (as usage.ts finds them). */
async function dependentFilters(em: EntityManager, projectId: string, ids: string[]): Promise<Dependent[]> {
  const mentions = ids.map((id) => `"segment.${id.toLowerCase()}"`);
  const anyMention = (col: string) => `(${mentions.map(() => `strpos(lower(${col}::text), ?) > 0`).join(' or ')})`;
  const campaigns = await sqlRows<{ id: string; name: string; audience_filter: Condition }>(
    em,
    `select id, name, audience_filter from campaigns where project_id = ? and status in ('DRAFT','SCHEDULED','SENDING','PAUSED')
     and audience_type = 'FILTERED' and audience_filter is not null and ${anyMention('audience_filter')}`,
    [projectId, ...mentions],
  );
  const workflows = await sqlRows<{ id: string; name: string; steps: { type: string; condition?: Condition }[] }>(
    em,
    `select w.id, w.name, v.steps from workflows w join workflow_versions v on v.workflow_id = w.id and v.version = w.version
     where w.project_id = ? and ${anyMention('v.steps')}`,
    [projectId, ...mentions],
  );
  return [
    ...campaigns.map((c) => ({ kind: 'campaign' as const, id: c.id, name: c.name, conditions: [c.audience_filter] })),
    ...workflows.map((w) => ({
      kind: 'workflow' as const,
      id: w.id,
      name: w.name,
      conditions: w.steps.filter((s) => s.type === 'CONDITION' && s.condition).map((s) => s.condition!),
    })),
  ];
}

/**
 * Before segment `id`'s condition becomes `next`: every segment that names it (transitively),
 * every unsent campaign filter and every workflow CONDITION step that names one of those must
 * still compile within MAX_COMPILED_PARAMS, counted with `next`. A 422 at `condition` names the
 * first that would not.
 */
export async function assertDependentsFit(em: EntityManager, projectId: string, id: string, next: Condition): Promise<void> {
  const segments = await dependentSegments(em, projectId, id);
  const filters = await dependentFilters(em, projectId, [id, ...segments.map((s) => s.id)]);
  const dependents = [...segments, ...filters];
  if (dependents.length === 0) return;
  const named = new Set<string>(segmentIdsOf(next));
  for (const d of dependents) for (const c of d.conditions) for (const s of segmentIdsOf(c)) named.add(s);
  const refs: Map<string, SegmentRef> = await loadSegmentRefsOf(em, projectId, [...named]);
  refs.set(id, { type: 'DYNAMIC', condition: next });
  const memo = new Map<string, number>();
  for (const d of dependents) {
    let size = 0;
    for (const c of d.conditions) size += compiledSize(c, refs, memo);
    if (size > MAX_COMPILED_PARAMS) {
      const error: FieldError = {
        field: 'condition',
        message: `${SIZE_HELP}: with this condition, ${d.kind} "${d.name}" (${d.id}), which names this segment${d.kind === 'segment' ? '' : ' or one that names it'}, would hold ${size.toLocaleString('en-US')}`,
        code: 'too_large',
      };
      throw validationError([error], `The change would make ${d.kind} ${d.id} too large: it would compile to ${size.toLocaleString('en-US')} values, the limit is ${MAX_COMPILED_PARAMS.toLocaleString('en-US')}`);
    }
  }
}

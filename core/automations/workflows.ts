import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound, validationError } from '../errors.js';
import { keysetPage } from '../paging.js';
import { Workflow } from '../../db/entities/workflows.js';
import { isUuid } from '../../db/ids.js';
import { triggerEventName, type Step, type Trigger } from './definition.js';
import { checkGraph } from './graph.js';
import { checkReferences, namesSegment } from './references.js';
import { lockSegmentRefs } from '../segments/segments.js';
import { sqlFirst, sqlRows, sqlRun } from '../../db/sql.js';

export interface WorkflowInput {
  name: string;
  description?: string | null;
  enabled?: boolean;
  allowReentry?: boolean;
  trigger: Trigger;
  steps: Step[];
}

export interface WorkflowDto {
  id: string;
  name: string;
  description: string | null;
  enabled: boolean;
  allowReentry: boolean;
  version: number;
  trigger: Trigger;
  steps: Step[];
  createdAt: string;
  updatedAt: string;
}

/** The graph rules and the project's templates and segments: one 422 listing every problem. */
async function assertValidDefinition(em: EntityManager, projectId: string, trigger: Trigger, steps: Step[]) {
  const errors = checkGraph(steps);
  errors.push(...(await checkReferences(em, projectId, trigger, steps)));
  if (errors.length > 0) throw validationError(errors, 'The workflow definition is invalid');
}

async function insertVersion(em: EntityManager, w: Workflow, trigger: Trigger, steps: Step[]) {
  await sqlRun(
    em,
    'insert into workflow_versions (workflow_id, version, trigger, steps) values (?, ?, ?::jsonb, ?::jsonb)',
    [w.id, w.version, JSON.stringify(trigger), JSON.stringify(steps)],
  );
}

async function loadVersion(em: EntityManager, workflowId: string, version: number): Promise<{ trigger: Trigger; steps: Step[] } | undefined> {
  return sqlFirst<{ trigger: Trigger; steps: Step[] }>(em, 'select trigger, steps from workflow_versions where workflow_id = ? and version = ?', [workflowId, version]);
}

const toDto = (w: Workflow, def: { trigger: Trigger; steps: Step[] }, version = w.version): WorkflowDto => ({
  id: w.id,
  name: w.name,
  description: w.description ?? null,
  enabled: w.enabled,
  allowReentry: w.allowReentry,
  version,
  trigger: def.trigger,
  steps: def.steps,
  createdAt: w.createdAt.toISOString(),
  updatedAt: w.updatedAt.toISOString(),
});

export async function findWorkflow(em: EntityManager, projectId: string, id: string): Promise<Workflow> {
  const w = isUuid(id) ? await em.findOne(Workflow, { id, projectId }) : null;
  if (!w) throw notFound('Workflow');
  return w;
}

export async function createWorkflow(em: EntityManager, projectId: string, input: WorkflowInput): Promise<WorkflowDto> {
  return em.transactional(async (tx) => {
    // Checked under the lock: a segment deleted meanwhile must not end up named by the new workflow.
    if (namesSegment(input.trigger, input.steps)) await lockSegmentRefs(tx, projectId);
    await assertValidDefinition(tx, projectId, input.trigger, input.steps);
    const w = tx.create(Workflow, {
      projectId,
      name: input.name,
      description: input.description ?? null,
      enabled: input.enabled ?? false,
      allowReentry: input.allowReentry ?? false,
      version: 1,
      triggerEvent: triggerEventName(input.trigger),
    } as Workflow);
    await tx.flush();
    await insertVersion(tx, w, input.trigger, input.steps);
    return toDto(w, input);
  });
}

/** The latest version, or `version` when given (older versions stay readable: executions run on them). */
export async function getWorkflow(em: EntityManager, projectId: string, id: string, version?: number): Promise<WorkflowDto> {
  const w = await findWorkflow(em, projectId, id);
  const def = await loadVersion(em, w.id, version ?? w.version);
  if (!def) throw notFound(`Version ${version} of this workflow`);
  return toDto(w, def, version ?? w.version);
}

export async function listWorkflows(em: EntityManager, projectId: string, q: { limit: number; cursor?: string; enabled?: boolean }) {
  const page = await keysetPage(em, Workflow, q.enabled === undefined ? { projectId } : { projectId, enabled: q.enabled }, q);
  const defs = page.items.length
    ? await sqlRows<{ workflow_id: string; trigger: Trigger; steps: Step[] }>(
        em,
        `select v.workflow_id, v.trigger, v.steps from workflow_versions v join workflows w on w.id = v.workflow_id and w.version = v.version
         where v.workflow_id in (select jsonb_array_elements_text(?::jsonb)::uuid)`,
        [JSON.stringify(page.items.map((w) => w.id))],
      )
    : [];
  const byId = new Map(defs.map((d) => [d.workflow_id, d]));
  return { ...page, items: page.items.map((w) => toDto(w, byId.get(w.id)!)) };
}

/**
 * Partial update. A trigger or steps different from the latest version's store a new version:
 * running executions keep theirs, new ones take the new one. Disabling stops new entries only.
 */
export async function updateWorkflow(em: EntityManager, projectId: string, id: string, patch: Partial<WorkflowInput>): Promise<WorkflowDto> {
  const w = await findWorkflow(em, projectId, id);
  const current = (await loadVersion(em, w.id, w.version))!;
  const next = { trigger: patch.trigger ?? current.trigger, steps: patch.steps ?? current.steps };
  const changed = JSON.stringify(next) !== JSON.stringify(current);
  return em.transactional(async (tx) => {
    if (changed && namesSegment(next.trigger, next.steps)) await lockSegmentRefs(tx, projectId);
    if (changed) await assertValidDefinition(tx, projectId, next.trigger, next.steps);
    const locked = await tx.findOneOrFail(Workflow, { id: w.id }, { lockMode: 4 /* PESSIMISTIC_WRITE */ });
    if (patch.name !== undefined) locked.name = patch.name;
    if (patch.description !== undefined) locked.description = patch.description;
    if (patch.enabled !== undefined) locked.enabled = patch.enabled;
    if (patch.allowReentry !== undefined) locked.allowReentry = patch.allowReentry;
    if (changed) {
      locked.version += 1;
      locked.triggerEvent = triggerEventName(next.trigger);
      await insertVersion(tx, locked, next.trigger, next.steps);
    }
    locked.updatedAt = new Date();
    await tx.flush();
    return toDto(locked, next);
  });
}

/** The names of this project's workflows whose latest version sends this template (a template in use cannot be deleted). */
export async function workflowsUsingTemplate(em: EntityManager, projectId: string, templateId: string): Promise<string[]> {
  const rows = await sqlRows<{ name: string }>(
    em,
    `select w.name from workflows w join workflow_versions v on v.workflow_id = w.id and v.version = w.version
     where w.project_id = ? and v.steps @> ?::jsonb`,
    [projectId, JSON.stringify([{ templateId }])],
  );
  return rows.map((r) => `workflow "${r.name}"`);
}

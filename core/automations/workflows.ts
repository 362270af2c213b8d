import type { EntityManager } from '@mikro-orm/postgresql';
import { canonicalJson } from '../canonical-json.js';
import { LockMode } from '@mikro-orm/core';
import { notFound, validationError } from '../errors.js';
import { keysetPage } from '../paging.js';
import { Workflow } from '../../db/entities/workflow.js';
import { isUuid } from '../../db/ids.js';
import { triggerEventName, type Step, type Trigger } from './definition.js';
import { checkGraph } from './graph.js';
import { checkReferences, namesSegment } from './references.js';
import { ensureMembershipTracked, lockSegmentRefs } from '../segments/segments.js';
import { assertVerifiedSenders } from './senders.js';
import { listParam, sqlFirst, sqlRows, sqlRun } from '../../db/sql.js';

export interface WorkflowInput {
  name: string;
  description?: string | null;
  enabled?: boolean;
  allowReentry?: boolean;
  allowPublicKeyTrigger?: boolean;
  trigger: Trigger;
  steps: Step[];
}

export interface WorkflowDto {
  id: string;
  name: string;
  description: string | null;
  enabled: boolean;
  allowReentry: boolean;
  allowPublicKeyTrigger: boolean;
  version: number;
  trigger: Trigger;
  steps: Step[];
  createdAt: string;
  updatedAt: string;
}

/**
 * The graph rules and the project's templates and segments: one 422 listing every problem; then
 * the senders of SEND_EMAIL steps (403 DOMAIN_NOT_VERIFIED, as campaigns).
 */
async function assertValidDefinition(em: EntityManager, projectId: string, trigger: Trigger, steps: Step[]) {
  const errors = checkGraph(steps);
  errors.push(...(await checkReferences(em, projectId, trigger, steps)));
  if (errors.length > 0) throw validationError(errors, 'The workflow definition is invalid');
  await assertVerifiedSenders(em, projectId, steps);
}

/** An enabled workflow triggered by a segment's entries or exits gets them recorded (caller holds lockSegmentRefs). */
async function ensureTriggerRecorded(tx: EntityManager, projectId: string, enabled: boolean, trigger: Trigger) {
  if (enabled && trigger.type !== 'EVENT') await ensureMembershipTracked(tx, projectId, trigger.segmentId);
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
  allowPublicKeyTrigger: w.allowPublicKeyTrigger,
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
      allowPublicKeyTrigger: input.allowPublicKeyTrigger ?? true,
      version: 1,
      triggerEvent: triggerEventName(input.trigger),
    } as Workflow);
    await ensureTriggerRecorded(tx, projectId, w.enabled, input.trigger);
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
         where v.workflow_id = ${listParam('uuid')}`,
        [JSON.stringify(page.items.map((w) => w.id))],
      )
    : [];
  const byId = new Map(defs.map((d) => [d.workflow_id, d]));
  return { ...page, items: page.items.map((w) => toDto(w, byId.get(w.id)!)) };
}

/**
 * Partial update. A trigger or steps different from the latest version's store a new version:
 * running executions keep theirs, new ones take the new one. Disabling stops new entries only.
 * The latest version is read under the workflow's row lock (a waiting one: `for update`, not skip
 * locked), so two concurrent PATCHes apply one after the other (one changing the trigger, the
 * other the steps: the last version has both).
 */
export async function updateWorkflow(em: EntityManager, projectId: string, id: string, patch: Partial<WorkflowInput>): Promise<WorkflowDto> {
  if (!isUuid(id)) throw notFound('Workflow');
  return em.transactional(async (tx) => {
    const locked = await tx.findOne(Workflow, { id, projectId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!locked) throw notFound('Workflow');
    const current = (await loadVersion(tx, locked.id, locked.version))!;
    const next = { trigger: patch.trigger ?? current.trigger, steps: patch.steps ?? current.steps };
    // Compared key order aside: the stored version comes back from jsonb with its keys re-ordered.
    const changed = canonicalJson(next.trigger) !== canonicalJson(current.trigger) || canonicalJson(next.steps) !== canonicalJson(current.steps);
    const enabled = patch.enabled ?? locked.enabled;
    const segmentTrigger = enabled && next.trigger.type !== 'EVENT';
    if ((changed && namesSegment(next.trigger, next.steps)) || segmentTrigger) await lockSegmentRefs(tx, projectId);
    if (changed) await assertValidDefinition(tx, projectId, next.trigger, next.steps);
    await ensureTriggerRecorded(tx, projectId, enabled, next.trigger);
    if (patch.name !== undefined) locked.name = patch.name;
    if (patch.description !== undefined) locked.description = patch.description;
    if (patch.enabled !== undefined) locked.enabled = patch.enabled;
    if (patch.allowReentry !== undefined) locked.allowReentry = patch.allowReentry;
    if (patch.allowPublicKeyTrigger !== undefined) locked.allowPublicKeyTrigger = patch.allowPublicKeyTrigger;
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

/**
 * What keeps a template from being deleted: this project's workflows whose latest version sends
 * it (the next executions would), and every older version that a RUNNING or WAITING execution
 * still runs (it would reach the step without its template). Named with the versions concerned.
 */
export async function workflowsUsingTemplate(em: EntityManager, projectId: string, templateId: string): Promise<string[]> {
  const rows = await sqlRows<{ name: string; versions: number[]; latest: number }>(
    em,
    `select w.name, w.version as latest, array_agg(v.version order by v.version) as versions
     from workflows w join workflow_versions v on v.workflow_id = w.id
     where w.project_id = ?
       and exists (select 1 from jsonb_array_elements(v.steps) s where s->>'type' = 'SEND_EMAIL' and lower(s->>'templateId') = lower(?))
       and (v.version = w.version or exists (
         select 1 from workflow_executions x where x.workflow_id = w.id and x.version = v.version and x.status in ('RUNNING', 'WAITING')))
     group by w.id, w.name, w.version order by w.name`,
    [projectId, templateId],
  );
  return rows.map((r) => {
    const older = r.versions.filter((v) => v !== r.latest);
    if (older.length === 0) return `workflow "${r.name}"`;
    const running = `version${older.length > 1 ? 's' : ''} ${older.join(', ')}, which running or waiting executions still use`;
    return `workflow "${r.name}" (${r.versions.includes(r.latest) ? `its latest version and ${running}` : running})`;
  });
}

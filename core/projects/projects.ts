import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { Project, type ProjectSettings } from '../../db/entities/index.js';
import type { Config } from '../config.js';
import { notFound } from '../errors.js';
import { sqlFirst } from '../../db/sql.js';
import { sendRateOf } from '../pacing.js';
import { publicKeyPolicy } from '../consent/public-key-policy.js';
import { timingSettings } from '../schedule/settings.js';

/** A settings patch: a value sets it, `null` returns it to the default. */
export type SettingsPatch = { [K in keyof ProjectSettings]?: ProjectSettings[K] | null };

/** `lock`: read FOR UPDATE (the caller's transaction holds the row until it ends). */
export async function getProject(em: EntityManager, projectId: string, opts: { lock?: boolean } = {}): Promise<Project> {
  const project = await em.findOne(Project, { id: projectId }, opts.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
  if (!project) throw notFound('Project');
  return project;
}

/**
 * The project's settings alone, by one raw statement: what a delivery needs per batch (pacing,
 * tracking), without an ORM entity (a findOne cost several times the lookup in the worker's profile).
 */
export async function projectSettings(em: EntityManager, projectId: string): Promise<ProjectSettings> {
  const row = await sqlFirst<{ settings: ProjectSettings | null }>(em, 'select settings from projects where id = ?', [projectId]);
  if (!row) throw notFound('Project');
  return row.settings ?? {};
}

/**
 * Merges `patch` into the settings under the project row's lock: two PATCHes of different settings
 * at once both land (each reads what the other wrote, instead of both merging into the same old
 * settings and the later write dropping the other's change).
 */
export async function updateProjectSettings(em: EntityManager, projectId: string, patch: SettingsPatch): Promise<Project> {
  return em.transactional(async (tx) => {
    const project = await getProject(tx, projectId, { lock: true });
    const next: Record<string, unknown> = { ...project.settings };
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) delete next[k];
      // Nested settings change field by field.
      else if (k === 'publicKey') next[k] = { ...(next[k] as object | undefined), ...(v as object) };
      else if (v !== undefined) next[k] = v;
    }
    // A new object, so the ORM sees the JSON column change.
    project.settings = next as ProjectSettings;
    return project;
  });
}

/** Settings with their defaults filled in, as the delivery and tracking code applies them. */
export const effectiveSettings = (project: Project, config: Config) => ({
  trackMarketing: project.settings?.trackMarketing !== false,
  trackTransactional: project.settings?.trackTransactional === true,
  sendRatePerSecond: sendRateOf(project.settings, config.sendRatePerSecond),
  publicKey: publicKeyPolicy(project.settings),
  ...timingSettings(project.settings),
});

export const toProjectDto = (project: Project, config: Config) => ({
  id: project.id,
  name: project.name,
  settings: effectiveSettings(project, config),
  webhookSecret: project.webhookSecret,
  createdAt: project.createdAt.toISOString(),
});

import type { EntityManager } from '@mikro-orm/postgresql';
import { trustDomain } from '../core/domains/domains.js';
import { createKey, createProject, revokeKey, setProjectDisabled } from '../core/projects/keys.js';
import { Project, type KeyKind } from '../db/entities/index.js';

/** What a command prints: `json` with --json, `text` lines otherwise. */
export interface Output {
  json: unknown;
  text: string[];
}

export async function projectsCreate(em: EntityManager, name: string): Promise<Output> {
  const { project, secretKey, publicKey } = await createProject(em, name);
  return {
    json: { projectId: project.id, secretKey, publicKey },
    text: [
      `Created project "${project.name}" (id ${project.id}). The keys are shown only now:`,
      `  Secret key  ${secretKey}`,
      `  Public key  ${publicKey}`,
    ],
  };
}

export async function projectsList(em: EntityManager): Promise<Output> {
  const projects = await em.find(Project, {}, { orderBy: { createdAt: 'asc', id: 'asc' } });
  const rows = projects.map((p) => ({ id: p.id, name: p.name, disabled: p.disabled, createdAt: p.createdAt.toISOString() }));
  return {
    json: rows,
    text: rows.length
      ? rows.map((r) => `${r.id}  ${r.disabled ? 'disabled' : 'enabled '}  ${r.createdAt}  ${r.name}`)
      : ['No projects yet: npm run cli -- projects create --name NAME'],
  };
}

export async function projectsSetDisabled(em: EntityManager, id: string, disabled: boolean): Promise<Output> {
  const project = await setProjectDisabled(em, id, disabled);
  return {
    json: { projectId: project.id, disabled: project.disabled },
    text: [`Project ${project.id} ("${project.name}") is now ${disabled ? 'disabled: its keys get 403 PROJECT_DISABLED' : 'enabled'}.`],
  };
}

export async function keysCreate(em: EntityManager, projectId: string, kind: KeyKind): Promise<Output> {
  const { raw } = await createKey(em, projectId, kind);
  return {
    json: { projectId, kind, key: raw },
    text: [`Created a ${kind} key for project ${projectId} (shown only now):`, `  ${raw}`],
  };
}

export async function keysRevoke(em: EntityManager, raw: string): Promise<Output> {
  const key = await revokeKey(em, raw);
  return {
    json: { revoked: true, projectId: key.projectId, kind: key.kind, keyPrefix: key.keyPrefix },
    text: [`Revoked ${key.kind} key ${key.keyPrefix}... of project ${key.projectId} (a running API honours it within AUTH_CACHE_TTL_MS).`],
  };
}

export async function domainsTrust(em: EntityManager, projectId: string, domain: string, secretKey: string | undefined): Promise<Output> {
  const d = await trustDomain(em, projectId, domain, secretKey);
  return {
    json: { domainId: d.id, domain: d.domain, status: d.status },
    text: [
      `${d.domain} is VERIFIED for project ${projectId} without DNS checks: /v1/send accepts it as a sender.`,
      'Mail from it is DKIM-signed; publish its records (GET /domains) before real recipients see it.',
    ],
  };
}

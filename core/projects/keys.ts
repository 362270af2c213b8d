import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiKey, Project, type KeyKind } from '../../db/entities/index.js';
import { isUuid } from '../../db/ids.js';
import { DomainError, notFound } from '../errors.js';

/** Keys are `sk_` / `pk_` + 32 random bytes (base64url); only their SHA-256 is stored. */
export const KEY_PREFIX: Record<KeyKind, string> = { secret: 'sk_', public: 'pk_' };
const KEY_RE = /^(sk|pk)_[A-Za-z0-9_-]{43}$/;

export const hashKey = (raw: string) => createHash('sha256').update(raw).digest('hex');
export const isWellFormedKey = (raw: string) => KEY_RE.test(raw);

export function generateKey(kind: KeyKind): string {
  return KEY_PREFIX[kind] + randomBytes(32).toString('base64url');
}

export async function createKey(em: EntityManager, projectId: string, kind: KeyKind): Promise<{ key: ApiKey; raw: string }> {
  const project = isUuid(projectId) ? await em.findOne(Project, { id: projectId }) : null;
  if (!project) throw notFound('Project');
  const raw = generateKey(kind);
  const key = em.create(ApiKey, { projectId, kind, keyHash: hashKey(raw), keyPrefix: raw.slice(0, 10) } as ApiKey);
  await em.flush();
  return { key, raw };
}

export async function createProject(em: EntityManager, name: string) {
  const project = em.create(Project, { name, webhookSecret: randomBytes(24).toString('base64url') } as Project);
  await em.flush();
  const secret = await createKey(em, project.id, 'secret');
  const pub = await createKey(em, project.id, 'public');
  return { project, secretKey: secret.raw, publicKey: pub.raw };
}

export async function setProjectDisabled(em: EntityManager, projectId: string, disabled: boolean): Promise<Project> {
  const project = isUuid(projectId) ? await em.findOne(Project, { id: projectId }) : null;
  if (!project) throw notFound('Project');
  project.disabled = disabled;
  await em.flush();
  return project;
}

export async function revokeKey(em: EntityManager, raw: string): Promise<ApiKey> {
  const key = await em.findOne(ApiKey, { keyHash: hashKey(raw.trim()) });
  if (!key) throw notFound('Key');
  if (!key.revokedAt) {
    key.revokedAt = new Date();
    await em.flush();
  }
  return key;
}

export interface ResolvedKey {
  key: ApiKey;
  project: Project;
}

/** Finds an active key and its project; null for unknown or revoked keys. */
export async function resolveKey(em: EntityManager, raw: string): Promise<ResolvedKey | null> {
  if (!isWellFormedKey(raw)) return null;
  const key = await em.findOne(ApiKey, { keyHash: hashKey(raw), revokedAt: null });
  if (!key) return null;
  const project = await em.findOne(Project, { id: key.projectId });
  if (!project) return null;
  return { key, project };
}

export function assertKeyKind(resolved: ResolvedKey, allowed: readonly KeyKind[]) {
  if (resolved.project.disabled) {
    throw new DomainError('PROJECT_DISABLED', 'This project is disabled', { suggestion: 'Ask an administrator to enable the project.' });
  }
  if (!allowed.includes(resolved.key.kind)) {
    throw new DomainError('FORBIDDEN', 'A public key can only be used with POST /v1/track', {
      suggestion: 'Use a secret key (sk_...) for this endpoint.',
    });
  }
}

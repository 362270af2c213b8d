import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SaveResponse } from '../core/emails/send-request.js';
import { canonicalJson } from '../core/canonical-json.js';
import { DomainError } from '../core/errors.js';
import { sqlFirst, sqlRows, sqlRun } from '../db/sql.js';

/*
 * `Idempotency-Key`: the first request claims the key with an insert (the primary key makes a
 * concurrent duplicate wait, then see the claim), does its work and stores its 2xx response in
 * the same transaction as that work, so "work done" and "response stored" commit together.
 * A failure releases the claim. Keys live 24 h; a claim left unfinished by a crashed process is
 * taken over after CLAIM_STALE_AFTER.
 */
export const IDEMPOTENCY_TTL = '24 hours';
export const CLAIM_STALE_AFTER = '5 minutes';

export const requestHash = (body: unknown) => createHash('sha256').update(canonicalJson(body)).digest('hex');

const CLAIM_SQL = `
insert into idempotency_keys as k (project_id, key, request_hash, created_at)
values (?, ?, ?, now())
on conflict (project_id, key) do update set request_hash = excluded.request_hash, status_code = null, response = null, created_at = now()
  where k.created_at < now() - interval '${IDEMPOTENCY_TTL}'
     or (k.status_code is null and k.created_at < now() - interval '${CLAIM_STALE_AFTER}')
returning k.created_at::text as claimed_at`;

const FIND_SQL = `select request_hash, status_code, response from idempotency_keys
where project_id = ? and key = ? and created_at >= now() - interval '${IDEMPOTENCY_TTL}'`;

/** `token` is the claim's created_at: a save or release only touches the claim it made (not one taken over since). */
export type Claim = { claimed: true; token: string } | { claimed: false; status: number; response: unknown };

/** Claims the key, or returns the stored response to replay; a conflict or a running original is a 409. */
export async function claimIdempotencyKey(em: EntityManager, projectId: string, key: string, hash: string): Promise<Claim> {
  // A claim released between our insert and our select makes the select empty: try again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const claimed = await sqlRows<{ claimed_at: string }>(em, CLAIM_SQL, [projectId, key, hash]);
    if (claimed.length > 0) return { claimed: true, token: claimed[0].claimed_at };
    const row = await sqlFirst<{ request_hash: string; status_code: number | null; response: unknown }>(em, FIND_SQL, [projectId, key]);
    if (!row) continue;
    if (row.request_hash !== hash) {
      throw new DomainError('IDEMPOTENCY_CONFLICT', `Idempotency-Key "${key}" was already used with a different request body`, {
        suggestion: 'Use a new Idempotency-Key for a different request, or resend the original body unchanged.',
      });
    }
    if (row.status_code === null) {
      throw new DomainError('IDEMPOTENCY_CONFLICT', `A request with Idempotency-Key "${key}" is still in progress`, {
        suggestion: 'Retry after the original request has finished to get its response.',
      });
    }
    return { claimed: false, status: row.status_code, response: row.response };
  }
  throw new DomainError('IDEMPOTENCY_CONFLICT', `Idempotency-Key "${key}" is being claimed by concurrent requests`, {
    suggestion: 'Retry in a moment.',
  });
}

/**
 * Stores the successful response; call inside the transaction of the work it describes. If the
 * claim was taken over meanwhile (stale), it throws, so that work rolls back instead of doubling.
 */
export async function saveIdempotentResponse(em: EntityManager, projectId: string, key: string, token: string, status: number, response: unknown) {
  const updated = await sqlRun(em, 'update idempotency_keys set status_code = ?, response = ?::json where project_id = ? and key = ? and created_at = ?::timestamptz and status_code is null', [status, JSON.stringify(response), projectId, key, token]);
  if (updated !== 1) {
    throw new DomainError('IDEMPOTENCY_CONFLICT', `Idempotency-Key "${key}" was taken over by another request`, { suggestion: 'Retry to get its response.' });
  }
}

/** Gives up an unfinished claim so the same key can be retried (after a failed request). */
export async function releaseIdempotencyKey(em: EntityManager, projectId: string, key: string, token: string) {
  await sqlRun(em, 'delete from idempotency_keys where project_id = ? and key = ? and created_at = ?::timestamptz and status_code is null', [projectId, key, token]);
}

/** Stores a response inside the work's transaction (no-op without a key). */
export type { SaveResponse };

export type IdempotentOutcome<T> = { replayed: false; response: T } | { replayed: true; status: number; response: unknown };

/**
 * Runs `work` at most once per (project, key, body) within 24 h. `work` must call `save` inside the
 * transaction that commits its effects; without a key it just runs.
 */
export async function runIdempotent<T>(
  em: EntityManager,
  projectId: string,
  key: string | undefined,
  body: unknown,
  work: (save: SaveResponse) => Promise<T>,
): Promise<IdempotentOutcome<T>> {
  if (!key) return { replayed: false, response: await work(async () => {}) };
  const claim = await claimIdempotencyKey(em, projectId, key, requestHash(body));
  if (!claim.claimed) return { replayed: true, status: claim.status, response: claim.response };
  try {
    const response = await work((tx, status, value) => saveIdempotentResponse(tx, projectId, key, claim.token, status, value));
    return { replayed: false, response };
  } catch (err) {
    // Deletes only an unfinished claim: a response that did commit stays replayable.
    await releaseIdempotencyKey(em, projectId, key, claim.token).catch(() => {});
    throw err;
  }
}

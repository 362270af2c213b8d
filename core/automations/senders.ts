import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../errors.js';
import { assertVerifiedSender } from '../domains/sender-domains.js';
import { listParam, sqlRows } from '../../db/sql.js';
import type { Step } from './definition.js';

/**
 * Every SEND_EMAIL step sends from a domain this project has verified: its own `from`, or its
 * template's. The same 403 DOMAIN_NOT_VERIFIED campaigns answer (a domain of another project, or
 * one not verified yet, would fail every run of the step), with the step's field in `errors`.
 * Runs after the reference checks (the templates exist).
 */
export async function assertVerifiedSenders(em: EntityManager, projectId: string, steps: Step[]): Promise<void> {
  const sends = steps.flatMap((s, i) => (s.type === 'SEND_EMAIL' ? [{ s, i }] : []));
  const templateIds = [...new Set(sends.filter(({ s }) => s.from === undefined && s.templateId).map(({ s }) => s.templateId!))];
  const templateFrom = new Map(
    templateIds.length === 0
      ? []
      : (
          await sqlRows<{ id: string; from_email: string | null }>(
            em,
            `select id, from_email from templates where project_id = ? and id = ${listParam('uuid')}`,
            [projectId, JSON.stringify(templateIds)],
          )
        ).map((t) => [t.id, t.from_email]),
  );
  const checked = new Set<string>();
  for (const { s, i } of sends) {
    const from = s.from ?? (s.templateId ? templateFrom.get(s.templateId) : undefined);
    if (!from || checked.has(from)) continue;
    checked.add(from);
    try {
      await assertVerifiedSender(em, projectId, from);
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      const field = s.from !== undefined ? `steps.${i}.from` : `steps.${i}.templateId`;
      const message = s.from !== undefined ? err.message : `${err.message} (the template's from address ${from})`;
      throw new DomainError(err.code, err.message, { suggestion: err.suggestion, errors: [{ field, message, code: 'domain_not_verified' }] });
    }
  }
}

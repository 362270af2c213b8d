import type { EntityManager } from '@mikro-orm/postgresql';
import { Template, type TemplateType } from '../../db/entities/index.js';
import { isUuid } from '../../db/ids.js';
import { sqlFirst, sqlRows, sqlRun } from '../../db/sql.js';
import { DomainError, notFound } from '../errors.js';
import { keysetPage } from '../paging.js';
import { assertKnownTemplateSyntax } from './syntax.js';

export interface TemplateInput {
  name?: string;
  subject?: string;
  body?: string;
  type?: TemplateType;
  from?: string | null;
  fromName?: string | null;
  replyTo?: string | null;
}

/**
 * Whatever refers to a template (automation workflows; campaigns hold their own content) gives a checker that names its
 * users (wired in deps.extensions); a template in use cannot be deleted.
 */
export type TemplateUsageChecker = (em: EntityManager, projectId: string, templateId: string) => Promise<string[]>; // called inside the delete's transaction: query through `em`

function apply(t: Template, input: TemplateInput) {
  assertKnownTemplateSyntax({ subject: input.subject, body: input.body });
  if (input.name !== undefined) t.name = input.name;
  if (input.subject !== undefined) t.subject = input.subject;
  if (input.body !== undefined) t.body = input.body;
  if (input.type !== undefined) t.type = input.type;
  if (input.from !== undefined) t.fromEmail = input.from;
  if (input.fromName !== undefined) t.fromName = input.fromName;
  if (input.replyTo !== undefined) t.replyTo = input.replyTo;
}

export async function createTemplate(em: EntityManager, projectId: string, input: Required<Pick<TemplateInput, 'name' | 'subject' | 'body' | 'type'>> & TemplateInput) {
  const t = em.create(Template, { projectId } as Template);
  apply(t, input);
  await em.flush();
  return t;
}

export async function getTemplate(em: EntityManager, projectId: string, id: string): Promise<Template> {
  const t = isUuid(id) ? await em.findOne(Template, { id, projectId }) : null;
  if (!t) throw notFound('Template');
  return t;
}

/** What sending with a template reads (its content, type and sender fields). */
export type TemplateContent = Pick<Template, 'id' | 'type' | 'subject' | 'body' | 'fromEmail' | 'fromName' | 'replyTo'>;

/**
 * The template's content by one raw statement, or null when this project has no such template: the
 * automation's SEND_EMAIL step reads it for every batch round (an ORM findOne cost several times the
 * lookup in the worker's profile, issue 20).
 */
export async function templateContent(em: EntityManager, projectId: string, id: string): Promise<TemplateContent | null> {
  if (!isUuid(id)) return null;
  const row = await sqlFirst<{ id: string; type: TemplateType; subject: string; body: string; from_email: string | null; from_name: string | null; reply_to: string | null }>(
    em,
    'select id, type, subject, body, from_email, from_name, reply_to from templates where id = ? and project_id = ?',
    [id, projectId],
  );
  return row ? { id: row.id, type: row.type, subject: row.subject, body: row.body, fromEmail: row.from_email, fromName: row.from_name, replyTo: row.reply_to } : null;
}

export async function updateTemplate(em: EntityManager, projectId: string, id: string, input: TemplateInput) {
  const t = await getTemplate(em, projectId, id);
  apply(t, input);
  await em.flush();
  return t;
}

/**
 * Deletes a template no workflow uses. The row is locked first: a workflow being created or changed
 * that names it holds it FOR SHARE until it commits (checkReferences), so the usage check sees it.
 */
export async function deleteTemplate(em: EntityManager, projectId: string, id: string, usage: readonly TemplateUsageChecker[]) {
  await getTemplate(em, projectId, id); // 404
  await em.transactional(async (tx) => {
    const locked = await sqlRows(tx, 'select id from templates where id = ? and project_id = ? for update', [id, projectId]);
    if (locked.length === 0) throw notFound('Template');
    const users = (await Promise.all(usage.map((check) => check(tx, projectId, id)))).flat();
    if (users.length > 0) {
      throw new DomainError('CONFLICT', `Template is in use by ${users.join(', ')}`, {
        suggestion: 'Remove the template from these first, then delete it.',
      });
    }
    await sqlRun(tx, 'delete from templates where id = ? and project_id = ?', [id, projectId]);
  });
}

export const listTemplates = (em: EntityManager, projectId: string, q: { limit: number; cursor?: string; type?: TemplateType }) =>
  keysetPage(em, Template, q.type ? { projectId, type: q.type } : { projectId }, q);

export const toTemplateDto = (t: Template) => ({
  id: t.id,
  name: t.name,
  subject: t.subject,
  body: t.body,
  type: t.type,
  from: t.fromEmail ?? null,
  fromName: t.fromName ?? null,
  replyTo: t.replyTo ?? null,
  createdAt: t.createdAt.toISOString(),
  updatedAt: t.updatedAt.toISOString(),
});

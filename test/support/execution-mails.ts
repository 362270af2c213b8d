import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlRows, sqlRun } from '../../db/sql.js';

/** An email record of an execution, as the automation hand-off fence takes it. */
export interface ExecutionMail {
  id: string;
  execution_id: string;
}

/**
 * `count` more contacts of the project, each with a RUNNING execution of `workflowId` and one
 * QUEUED email record (rows written straight, as a burst's batch writes them); answers the new mails.
 */
export async function seedExecutionMails(em: EntityManager, projectId: string, workflowId: string, count: number): Promise<ExecutionMail[]> {
  await sqlRun(em, `insert into contacts (id, project_id, email) select gen_random_uuid(), ?, 'c' || gen_random_uuid() || '@example.com' from generate_series(1, ?) g`, [projectId, count]);
  await sqlRun(
    em,
    `insert into workflow_executions (id, project_id, workflow_id, version, contact_id, seq, status, current_step)
     select gen_random_uuid(), c.project_id, ?, 1, c.id, 1, 'RUNNING', 'mark' from contacts c
     where c.project_id = ? and not exists (select 1 from workflow_executions x where x.contact_id = c.id)`,
    [workflowId, projectId],
  );
  return sqlRows<ExecutionMail>(
    em,
    `insert into emails (id, project_id, contact_id, to_email, from_email, subject, html, message_id, status, dispatched_at)
     select gen_random_uuid(), x.project_id, x.contact_id, 'to@example.com', 'hi@example.com', 's', '<p>x</p>', '<' || x.id || '@example.com>', 'QUEUED', now()
     from workflow_executions x where x.workflow_id = ? and not exists (select 1 from emails e where e.contact_id = x.contact_id)
     returning id, (select x2.id from workflow_executions x2 where x2.contact_id = emails.contact_id and x2.workflow_id = ?) as execution_id`,
    [workflowId, workflowId],
  );
}

/** The hand-off fence (fence_execution_mails) of `mails`, the first `admitted` of them counted. */
export const fenceExecutionMails = (em: EntityManager, projectId: string, mails: ExecutionMail[], admitted: number) =>
  sqlRows<{ email_id: string; attempts: number | null }>(em, 'select * from fence_execution_mails(?, ?::uuid[], ?::uuid[], ?)', [
    projectId, mails.map((m) => m.id), mails.map((m) => m.execution_id), admitted,
  ]);

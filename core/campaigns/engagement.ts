import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlRun } from '../../db/sql.js';

export type Engagement = 'opened' | 'clicked' | 'unsubscribed' | 'complained' | 'bounced';

/** The recipient row's first-time column and the campaign counter each kind moves (`only`: a further row condition). */
const COLUMNS: Record<Engagement, { at: string; counter: string; only?: string }> = {
  opened: { at: 'opened_at', counter: 'opened_count' },
  clicked: { at: 'clicked_at', counter: 'clicked_count' },
  unsubscribed: { at: 'unsubscribed_at', counter: 'unsubscribed_count' },
  // Only a SENT row can be complained about or bounce late: a late bounce turns a delivered row
  // into a bounced one (stats: delivered = sent - late bounced); one bounced at send time is
  // counted already, and skipped, capped or failed ones were never delivered.
  complained: { at: 'complained_at', counter: 'complained_count', only: `and status = 'SENT'` },
  bounced: { at: 'bounced_at', counter: 'late_bounced_count', only: `and status = 'SENT'` },
};

/**
 * Counts an open, click, unsubscribe, complaint or late bounce (the last two of a delivered row only) of
 * a campaign recipient once: the first one sets the row's timestamp and bumps the campaign's
 * counter in the same statement, so the stats count unique contacts (one row per contact) and read
 * one row. Any other id (an `emails` record, e.g. a test send) changes nothing.
 */
export async function noteCampaignEngagement(em: EntityManager, recipientId: string, kind: Engagement): Promise<void> {
  const { at, counter, only = '' } = COLUMNS[kind];
  await sqlRun(
    em,
    `with r as (update campaign_recipients set ${at} = now() where id = ? and ${at} is null ${only} returning campaign_id)
     update campaigns set ${counter} = ${counter} + 1 where id = (select campaign_id from r)`,
    [recipientId],
  );
}

/**
 * The campaign recipient behind a tracking token or a bounce, in the shape of an email record
 * reference (its contact null once the contact is deleted). Used next to the `emails` lookup.
 */
export const RECIPIENT_REF_SQL = `
select r.id, r.project_id, (select id from contacts where id = r.contact_id) as contact_id, r.campaign_id, r.to_email, p.name as project_name
from campaign_recipients r join projects p on p.id = r.project_id where r.id = ?`;

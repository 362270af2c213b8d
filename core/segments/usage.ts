import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlRows } from '../../db/sql.js';

export interface SegmentUser {
  kind: 'segment' | 'campaign' | 'workflow';
  id: string;
  name: string;
}

/**
 * What keeps a segment from being deleted: other segments whose condition names it, campaigns
 * that are DRAFT, SCHEDULED, SENDING or PAUSED with it as audience (or named in their filter), and
 * automation workflows whose latest version is triggered by it or names it in a CONDITION step
 * (as for templates: a deleted segment would fail their next execution).
 */
export async function segmentUsers(em: EntityManager, projectId: string, segmentId: string): Promise<SegmentUser[]> {
  const rows = await sqlRows<{ id: string; name: string }>(
    em,
    'select id, name from segments where project_id = ? and refs @> ?::jsonb and id <> ? order by name',
    [projectId, JSON.stringify([segmentId]), segmentId],
  );
  const mention = `"segment.${segmentId.toLowerCase()}"`;
  // Campaigns not yet finished whose audience is the segment, or whose filter names it: a stored
  // filter keeps the id as it was written, and `segment.<ID>` names the segment in any case.
  const campaigns = await sqlRows<{ id: string; name: string }>(
    em,
    `select id, name from campaigns where project_id = ? and status in ('DRAFT','SCHEDULED','SENDING','PAUSED')
     and (segment_id = ?::uuid or (audience_type = 'FILTERED' and strpos(lower(audience_filter::text), ?) > 0)) order by name`,
    [projectId, segmentId, mention],
  );
  // Workflows triggered by it (SEGMENT_ENTRY/EXIT, or an EVENT trigger on `segment.<id>.entry|exit`),
  // or whose steps name it (a CONDITION on `segment.<id>`, a WAIT_FOR_EVENT on its entries or exits).
  const eventOf = `"segment.${segmentId.toLowerCase()}.`;
  const workflows = await sqlRows<{ id: string; name: string }>(
    em,
    `select w.id, w.name from workflows w join workflow_versions v on v.workflow_id = w.id and v.version = w.version
     where w.project_id = ? and (lower(v.trigger->>'segmentId') = ? or strpos(lower(v.steps::text), ?) > 0
       or strpos(lower(v.trigger::text || v.steps::text), ?) > 0) order by w.name`,
    [projectId, segmentId.toLowerCase(), mention, eventOf],
  );
  return [
    ...rows.map((r) => ({ kind: 'segment' as const, id: r.id, name: r.name })),
    ...campaigns.map((r) => ({ kind: 'campaign' as const, id: r.id, name: r.name })),
    ...workflows.map((r) => ({ kind: 'workflow' as const, id: r.id, name: r.name })),
  ];
}

/** Enabled automation workflows whose latest trigger is this segment's entries or exits. */
export async function workflowsTriggeredBy(em: EntityManager, projectId: string, segmentId: string): Promise<{ id: string; name: string }[]> {
  const id = segmentId.toLowerCase();
  return sqlRows<{ id: string; name: string }>(
    em,
    'select id, name from workflows where project_id = ? and enabled and trigger_event in (?, ?) order by name',
    [projectId, `segment.${id}.entry`, `segment.${id}.exit`],
  );
}

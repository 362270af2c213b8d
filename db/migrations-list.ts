// The migration classes, and @mikro-orm/migrations that each of them imports, are loaded only by a
// process that migrates (db/orm.ts imports this module when asked to): the API and worker that
// `npm start` runs with --no-migrate keep ~6 MB less each.
import { Migration20261123000001 } from './migrations/Migration20261123000001.js';
import { Migration20261123120000_events } from './migrations/Migration20261123120000_events.js';
import { Migration20261123130000_webhooks } from './migrations/Migration20261123130000_webhooks.js';
import { Migration20261123140000_send_starts } from './migrations/Migration20261123140000_send_starts.js';
import { Migration20261123150000_rate_windows } from './migrations/Migration20261123150000_rate_windows.js';
import { Migration20261123160000_opt_outs } from './migrations/Migration20261123160000_opt_outs.js';
import { Migration20261123170000_dispatched } from './migrations/Migration20261123170000_dispatched.js';
import { Migration20261124090000_consent } from './migrations/Migration20261124090000_consent.js';
import { Migration20261124090100_rate_buckets } from './migrations/Migration20261124090100_rate_buckets.js';
import { Migration20261124090200_to_name } from './migrations/Migration20261124090200_to_name.js';
import { Migration20261124100000_segments } from './migrations/Migration20261124100000_segments.js';
import { Migration20261124110000_campaigns } from './migrations/Migration20261124110000_campaigns.js';
import { Migration20261124120000_automations } from './migrations/Migration20261124120000_automations.js';
import { Migration20261124140000_idempotency_json } from './migrations/Migration20261124140000_idempotency_json.js';
import { Migration20261125090000_send_starts_batch } from './migrations/Migration20261125090000_send_starts_batch.js';
import { Migration20261125100000_release_send_starts } from './migrations/Migration20261125100000_release_send_starts.js';
import { Migration20261126120000_campaign_fence } from './migrations/Migration20261126120000_campaign_fence.js';
import { Migration20261126140000_public_key_starts } from './migrations/Migration20261126140000_public_key_starts.js';
import { Migration20261126160000_contact_imports } from './migrations/Migration20261126160000_contact_imports.js';
import { Migration20261126170000_timing } from './migrations/Migration20261126170000_timing.js';
import { Migration20261126180000_marketing_sends_sent_at } from './migrations/Migration20261126180000_marketing_sends_sent_at.js';
import { Migration20261126190000_contact_import_parsed } from './migrations/Migration20261126190000_contact_import_parsed.js';
import { Migration20261127100000_automation_start_rule } from './migrations/Migration20261127100000_automation_start_rule.js';
import { Migration20261128100000_execution_batches } from './migrations/Migration20261128100000_execution_batches.js';
import { Migration20261129200000_campaign_admit } from './migrations/Migration20261129200000_campaign_admit.js';
import { Migration20261130100000_execution_mail_admit } from './migrations/Migration20261130100000_execution_mail_admit.js';
import { Migration20261201200100_recipients_fillfactor } from './migrations/Migration20261201200100_recipients_fillfactor.js';
import { Migration20261202100000_executions_fillfactor } from './migrations/Migration20261202100000_executions_fillfactor.js';
import { Migration20261203200000_execution_fence_by_key } from './migrations/Migration20261203200000_execution_fence_by_key.js';
import { Migration20261205100000_execution_fence_pk_only } from './migrations/Migration20261205100000_execution_fence_pk_only.js';
import { Migration20261206100000_execution_batch_heads } from './migrations/Migration20261206100000_execution_batch_heads.js';
import { Migration20261206110000_inbox_trigger_unsorted } from './migrations/Migration20261206110000_inbox_trigger_unsorted.js';
import { Migration20261201200000_event_trigger_per_statement } from './migrations/Migration20261201200000_event_trigger_per_statement.js';
import { Migration20261130400000_event_name_shards } from './migrations/Migration20261130400000_event_name_shards.js';
import { Migration20261201100000_pacing_slots } from './migrations/Migration20261201100000_pacing_slots.js';

/** Migrations are listed here (not globbed) so tsx, vitest and bundled builds all find them. */
export const migrationsList = [
  { name: 'Migration20261123000001', class: Migration20261123000001 },
  { name: 'Migration20261123120000_events', class: Migration20261123120000_events },
  { name: 'Migration20261123130000_webhooks', class: Migration20261123130000_webhooks },
  { name: 'Migration20261123140000_send_starts', class: Migration20261123140000_send_starts },
  { name: 'Migration20261123150000_rate_windows', class: Migration20261123150000_rate_windows },
  { name: 'Migration20261123160000_opt_outs', class: Migration20261123160000_opt_outs },
  { name: 'Migration20261123170000_dispatched', class: Migration20261123170000_dispatched },
  { name: 'Migration20261124090000_consent', class: Migration20261124090000_consent },
  { name: 'Migration20261124090100_rate_buckets', class: Migration20261124090100_rate_buckets },
  { name: 'Migration20261124090200_to_name', class: Migration20261124090200_to_name },
  { name: 'Migration20261124100000_segments', class: Migration20261124100000_segments },
  { name: 'Migration20261124110000_campaigns', class: Migration20261124110000_campaigns },
  { name: 'Migration20261124120000_automations', class: Migration20261124120000_automations },
  { name: 'Migration20261124140000_idempotency_json', class: Migration20261124140000_idempotency_json },
  { name: 'Migration20261125090000_send_starts_batch', class: Migration20261125090000_send_starts_batch },
  { name: 'Migration20261125100000_release_send_starts', class: Migration20261125100000_release_send_starts },
  { name: 'Migration20261126120000_campaign_fence', class: Migration20261126120000_campaign_fence },
  { name: 'Migration20261126140000_public_key_starts', class: Migration20261126140000_public_key_starts },
  { name: 'Migration20261126160000_contact_imports', class: Migration20261126160000_contact_imports },
  { name: 'Migration20261126170000_timing', class: Migration20261126170000_timing },
  { name: 'Migration20261126180000_marketing_sends_sent_at', class: Migration20261126180000_marketing_sends_sent_at },
  { name: 'Migration20261126190000_contact_import_parsed', class: Migration20261126190000_contact_import_parsed },
  { name: 'Migration20261127100000_automation_start_rule', class: Migration20261127100000_automation_start_rule },
  { name: 'Migration20261128100000_execution_batches', class: Migration20261128100000_execution_batches },
  { name: 'Migration20261129200000_campaign_admit', class: Migration20261129200000_campaign_admit },
  { name: 'Migration20261130100000_execution_mail_admit', class: Migration20261130100000_execution_mail_admit },
  { name: 'Migration20261130400000_event_name_shards', class: Migration20261130400000_event_name_shards },
  { name: 'Migration20261201100000_pacing_slots', class: Migration20261201100000_pacing_slots },
  { name: 'Migration20261201200000_event_trigger_per_statement', class: Migration20261201200000_event_trigger_per_statement },
  { name: 'Migration20261201200100_recipients_fillfactor', class: Migration20261201200100_recipients_fillfactor },
  { name: 'Migration20261202100000_executions_fillfactor', class: Migration20261202100000_executions_fillfactor },
  { name: 'Migration20261203200000_execution_fence_by_key', class: Migration20261203200000_execution_fence_by_key },
  { name: 'Migration20261205100000_execution_fence_pk_only', class: Migration20261205100000_execution_fence_pk_only },
  { name: 'Migration20261206100000_execution_batch_heads', class: Migration20261206100000_execution_batch_heads },
  { name: 'Migration20261206110000_inbox_trigger_unsorted', class: Migration20261206110000_inbox_trigger_unsorted },
];

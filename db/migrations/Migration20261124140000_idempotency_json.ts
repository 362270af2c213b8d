import { Migration } from '@mikro-orm/migrations';

/**
 * Stored idempotent responses as `json`, which keeps the text as written: a replay returns the
 * original body byte for byte (`jsonb` re-orders object keys).
 */
export class Migration20261124140000_idempotency_json extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table idempotency_keys alter column response type json using response::json;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table idempotency_keys alter column response type jsonb using response::jsonb;`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/** The recipient's display name from the send request (`to: {name, email}`), for the To: header. */
export class Migration20261124090200_to_name extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table emails add column if not exists to_name text;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table emails drop column if exists to_name;`);
  }
}

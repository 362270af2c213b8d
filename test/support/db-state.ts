import type { MikroORM } from '../../db/orm.js';

/**
 * Tables a refused request may still write: the API rate limiter counts every authenticated hit
 * (synced in the background), and the migration bookkeeping. Everything else must stay as it was.
 */
const VOLATILE = ['api_rate_buckets', 'mikro_orm_migrations'];

/**
 * A digest of every row of every table (row count and the sum of the rows' text hashes, per table), so "this
 * request changed nothing stored" is one comparison; tables added later are covered without edits.
 * With `projectId`, only that project's rows of tables that have a project_id (and its projects row).
 */
export async function databaseState(orm: MikroORM, projectId?: string): Promise<Record<string, string>> {
  const conn = orm.em.fork().getConnection();
  const skip = VOLATILE.map((t) => `'${t}'`).join(', ');
  const tables = await conn.execute<{ name: string; scoped: boolean }[]>(
    `select t.tablename as name,
            exists(select 1 from information_schema.columns c where c.table_schema = t.schemaname and c.table_name = t.tablename and c.column_name = 'project_id') as scoped
     from pg_tables t where t.schemaname = current_schema() and t.tablename not in (${skip}) order by 1`,
  );
  const params: unknown[] = [];
  const parts = tables.map(({ name, scoped }) => {
    let where = '';
    if (projectId && (scoped || name === 'projects')) {
      where = ` where x.${scoped ? 'project_id' : 'id'} = ?`;
      params.push(projectId);
    }
    return `select '${name}' as t, count(*) || ':' || coalesce(sum(hashtext(x::text)::numeric), 0) as h from "${name}" x${where}`;
  });
  const rows = await conn.execute<{ t: string; h: string }[]>(parts.join(' union all '), params);
  return Object.fromEntries(rows.map((r) => [r.t, r.h]));
}

/** The tables whose digest differs between two states (empty: nothing changed). */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => before[n] !== after[n]).sort();
}

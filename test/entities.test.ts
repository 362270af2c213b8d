import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLES_WITHOUT_ENTITY } from '../db/entities/index.js';
import { openOrm } from '../db/orm.js';
import { createTestDatabase } from './helpers.js';

/*
 * The entities against the schema the migrations build: every table has exactly one entity or a
 * reason in TABLES_WITHOUT_ENTITY, and every entity names its table's columns with the column's
 * type and nullability. Columns an entity leaves out are allowed only when they have a default
 * or are nullable (the ORM could not insert a row otherwise).
 */

interface Column {
  type: string;
  nullable: boolean;
  hasDefault: boolean;
}

/** The ORM's column type in the database's spelling (information_schema udt_name). */
const DB_TYPE: Record<string, string> = {
  uuid: 'uuid',
  text: 'text',
  smallint: 'int2',
  integer: 'int4',
  int: 'int4',
  bigint: 'int8',
  boolean: 'bool',
  jsonb: 'jsonb',
  json: 'json',
  timestamptz: 'timestamptz',
  'double precision': 'float8',
  'double precision[]': '_float8',
  'text[]': '_text',
};
const dbType = (columnType: string) => DB_TYPE[columnType.replace(/\(\d+\)$/, '')] ?? columnType;

let orm: MikroORM;
let drop: () => Promise<void>;
let tables: Map<string, Map<string, Column>>;

beforeAll(async () => {
  const db = await createTestDatabase();
  drop = db.drop;
  orm = await openOrm(db.url, { migrate: true, poolMax: 1 });
  const rows = await orm.em.fork().getConnection().execute<{ table_name: string; column_name: string; udt_name: string; is_nullable: string; column_default: string | null }[]>(
    `select c.table_name, c.column_name, c.udt_name, c.is_nullable, c.column_default
     from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
     where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.table_name <> 'mikro_orm_migrations'`,
  );
  tables = new Map();
  for (const r of rows) {
    if (!tables.has(r.table_name)) tables.set(r.table_name, new Map());
    tables.get(r.table_name)!.set(r.column_name, { type: r.udt_name, nullable: r.is_nullable === 'YES', hasDefault: r.column_default !== null });
  }
}, 120_000);

afterAll(async () => {
  await orm?.close(true);
  await drop?.();
});

const mapped = () => Object.values(orm.getMetadata().getAll()).filter((m) => !m.embeddable && !m.virtual);

describe('db/entities against the migrated schema', () => {
  it('every table has one entity or is listed in TABLES_WITHOUT_ENTITY, and no table is both', () => {
    const byTable = new Map<string, string[]>();
    for (const m of mapped()) byTable.set(m.tableName, [...(byTable.get(m.tableName) ?? []), m.className]);
    const problems: string[] = [];
    for (const table of [...tables.keys()].sort()) {
      const names = byTable.get(table) ?? [];
      const listed = table in TABLES_WITHOUT_ENTITY;
      if (names.length > 1) problems.push(`${table}: ${names.length} entities (${names.join(', ')})`);
      if (names.length === 0 && !listed) problems.push(`${table}: no entity and not in TABLES_WITHOUT_ENTITY`);
      if (names.length > 0 && listed) problems.push(`${table}: has an entity but is listed in TABLES_WITHOUT_ENTITY`);
    }
    for (const table of Object.keys(TABLES_WITHOUT_ENTITY)) if (!tables.has(table)) problems.push(`${table}: listed in TABLES_WITHOUT_ENTITY but no such table`);
    for (const table of byTable.keys()) if (!tables.has(table)) problems.push(`${table}: an entity's table that the migrations do not create`);
    expect(problems).toEqual([]);
  });

  it("every entity property is a column of its table with the column's type and nullability, and every column it leaves out has a default or is nullable", () => {
    const problems: string[] = [];
    for (const m of mapped()) {
      const columns = tables.get(m.tableName);
      if (!columns) continue; // reported by the test above
      const named = new Set<string>();
      for (const p of Object.values(m.properties)) {
        const [field] = p.fieldNames ?? [];
        const column = columns.get(field);
        named.add(field);
        if (!column) {
          problems.push(`${m.className}.${p.name}: no column ${m.tableName}.${field}`);
          continue;
        }
        const type = dbType(p.columnTypes?.[0] ?? '');
        if (type !== column.type) problems.push(`${m.className}.${p.name}: type ${p.columnTypes?.[0]} (${type}), column ${m.tableName}.${field} is ${column.type}`);
        const nullable = Boolean(p.nullable);
        if (nullable !== column.nullable) problems.push(`${m.className}.${p.name}: nullable ${nullable}, column ${m.tableName}.${field} ${column.nullable ? 'is' : 'is not'} nullable`);
      }
      for (const [name, column] of columns) {
        if (!named.has(name) && !column.nullable && !column.hasDefault) problems.push(`${m.className}: column ${m.tableName}.${name} (not null, no default) is not mapped`);
      }
    }
    expect(problems).toEqual([]);
  });
});

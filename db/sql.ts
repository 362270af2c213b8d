import type { EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';

/*
 * The one way raw SQL runs. `?` placeholders go to PostgreSQL as bind parameters: no value is ever
 * pasted into the text (MikroORM's Connection.execute inlines them, one escaped character at a
 * time: ~9 s for 10 MB of attachments, ~0.1 s bound). A statement joins the caller's transaction
 * when its entity manager is in one (em.getTransactionContext()), else takes a pooled connection.
 */

export type SqlParams = readonly unknown[];

interface PgResult<T> {
  rows: T[];
  rowCount: number | null;
}

/** undefined is not a value PostgreSQL knows; knex refuses it. */
const bindable = (params: SqlParams) => params.map((p) => (p === undefined ? null : p));

interface PgConnection {
  query(q: { name?: string; text: string; values?: unknown[] }): Promise<PgResult<Record<string, unknown>>>;
}
interface KnexPoolClient {
  acquireConnection(): Promise<PgConnection>;
  releaseConnection(conn: PgConnection): Promise<unknown>;
}
/** What MikroORM's transaction context is: a knex transaction, whose client answers its one connection. */
interface KnexTransaction {
  client: KnexPoolClient;
  isCompleted(): boolean;
}

/** A statement's text as the protocol wants it (`$1, $2 ...`) and how many values it binds. */
interface Positional {
  text: string;
  count: number;
}

/**
 * `?` -> `$n`, once per distinct text. Every `?` is a placeholder, as knex.raw has it (inside a
 * string literal too; a jsonb `?` operator has to be written `jsonb_exists(...)`); a text with
 * knex's other forms (`\?`, an escaped question mark; `??`, an identifier binding) is answered
 * null and goes through knex.raw, which gives them their meaning.
 */
const positionalTexts = new Map<string, Positional | null>();
/** Texts built per call (one `?` per id of a list) vary: the cache starts over past this many. */
const POSITIONAL_CACHE_MAX = 2000;

export function positional(sql: string): Positional | null {
  let p = positionalTexts.get(sql);
  if (p !== undefined) return p;
  if (/\\\?|\?\?/.test(sql)) p = null;
  else {
    let count = 0;
    p = { text: sql.replace(/\?/g, () => `$${++count}`), count };
  }
  if (positionalTexts.size >= POSITIONAL_CACHE_MAX) positionalTexts.clear();
  positionalTexts.set(sql, p);
  return p;
}

/** The knex.raw way, for the texts `positional` leaves to it. */
async function runThroughKnex<T>(em: EntityManager, sql: string, params: SqlParams): Promise<PgResult<T>> {
  const query = em.getConnection().getKnex().raw(sql, bindable(params) as never[]);
  const trx = em.getTransactionContext();
  if (trx) void query.transacting(trx);
  return (await query) as PgResult<T>;
}

/**
 * On the pg connection itself: the transaction's when the entity manager is in one, else one of
 * the pool's (the pool knex owns for MikroORM). What knex.raw did, without building a query
 * object per call: the same placeholders, the same checks (the count of values, an empty
 * statement, a finished transaction), the same error (node-postgres's, its message prefixed
 * with the statement as knex prefixes it).
 */
async function run<T>(em: EntityManager, sql: string, params: SqlParams): Promise<PgResult<T>> {
  const p = positional(sql);
  if (!p) return runThroughKnex<T>(em, sql, params);
  if (p.count !== params.length) throw new Error(`Expected ${params.length} bindings, saw ${p.count}`);
  if (!sql) throw new Error('The query is empty');
  return onEmConnection<T>(em, { text: p.text, values: bindable(params) });
}

/** A query (named: a prepared statement) on the transaction's connection when the entity manager is in one, else on one of the pool's. */
async function onEmConnection<T>(em: EntityManager, query: StatementQuery): Promise<PgResult<T>> {
  const trx = em.getTransactionContext<KnexTransaction>();
  if (trx) {
    if (trx.isCompleted()) throw new Error('Transaction query already complete, run with DEBUG=knex:tx for more info');
    return onConnection<T>(await trx.client.acquireConnection(), query);
  }
  const pool = em.getConnection().getKnex().client as KnexPoolClient;
  const conn = await pool.acquireConnection();
  try {
    return await onConnection<T>(conn, query);
  } finally {
    await pool.releaseConnection(conn);
  }
}

/** What node-postgres's `query` takes: a statement's text, its values, and a name when it is prepared. */
interface StatementQuery {
  name?: string;
  text: string;
  values: unknown[];
}

async function onConnection<T>(conn: PgConnection, query: StatementQuery): Promise<PgResult<T>> {
  try {
    return (await conn.query(query)) as PgResult<T>;
  } catch (err) {
    if (err instanceof Error) err.message = `${query.text} - ${err.message}`;
    throw err;
  }
}

/**
 * A list bound as one JSON array parameter, for `column = ${listParam('uuid')}`: matched value by
 * value (an index probe each), whatever the table's size and statistics. `column in (select
 * jsonb_array_elements_text(...))` is a set the planner takes for its default 100 rows, and over a
 * young, never-analyzed table (a burst's executions and email records, contacts just imported) it
 * hash-joined that set to a Sequential Scan of the whole table: each batch read every row written
 * so far (bench/RESULTS.md, campaign-pg and auto-pg). The value is `JSON.stringify(list)`.
 */
export const listParam = (type?: 'uuid' | 'bigint') => `any(array(select jsonb_array_elements_text(?::jsonb)${type ? `::${type}` : ''}))`;

/** Every row of the result. */
export async function sqlRows<T = Record<string, unknown>>(em: EntityManager, sql: string, params: SqlParams = []): Promise<T[]> {
  return (await run<T>(em, sql, params)).rows;
}

/** The first row, or undefined. */
export async function sqlFirst<T = Record<string, unknown>>(em: EntityManager, sql: string, params: SqlParams = []): Promise<T | undefined> {
  return (await run<T>(em, sql, params)).rows[0];
}

/** The row a statement always returns (an `insert ... returning`, an aggregate); none is a bug. */
export async function sqlOne<T = Record<string, unknown>>(em: EntityManager, sql: string, params: SqlParams = []): Promise<T> {
  const row = (await run<T>(em, sql, params)).rows[0];
  if (row === undefined) throw new Error(`Expected a row from: ${sql.slice(0, 120)}`);
  return row;
}

/** Runs a statement for its effect; returns the number of rows it touched. */
export async function sqlRun(em: EntityManager, sql: string, params: SqlParams = []): Promise<number> {
  return (await run(em, sql, params)).rowCount ?? 0;
}

/** A statement PostgreSQL may parse and plan once per connection (a hot path's CTE). */
export interface PreparedStatement {
  name: string;
  /** With `?` placeholders, as for the other helpers. */
  sql: string;
  /** The same with `$1, $2 ...`, as the protocol wants it. */
  text: string;
}

export function preparedStatement(name: string, sql: string): PreparedStatement {
  let n = 0;
  return { name, sql, text: sql.replace(/\?/g, () => `$${++n}`) };
}

/**
 * Rows of a named prepared statement: planned once per connection instead of on every call, on
 * the transaction's connection when the entity manager is in one, else on one of the pool's.
 */
export async function sqlPreparedRows<T = Record<string, unknown>>(em: EntityManager, stmt: PreparedStatement, params: SqlParams): Promise<T[]> {
  return (await onEmConnection<T>(em, { name: stmt.name, text: stmt.text, values: bindable(params) })).rows;
}

/** A statement's rows with its transaction still open, and the commit that ends it. */
export interface HeldRows<T> {
  rows: T[];
  /** Commits and returns the connection to the pool (once; later calls of either answer the same promise). */
  commit(): Promise<void>;
  /** Rolls back instead (nothing the statement did remains) and returns the connection. */
  rollback(): Promise<void>;
}

/** What node-postgres's Query hands its prepare step: the extended-protocol messages it sends. */
interface PgExtendedProtocol {
  parse(q: { text: string; name: string }): void;
  bind(b: { portal: string; statement: string; values: unknown[] }): void;
  execute(e: { portal: string; rows: number }): void;
}

/** node-postgres's record, per connection, of the named statements parsed (or being parsed) on it. */
interface PgStatementBook {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
}

interface PgQuery {
  name?: string;
  text: string;
  prepare(connection: PgExtendedProtocol): void;
  handleCommandComplete(msg: unknown, connection: PgExtendedProtocol): void;
  hasBeenParsed(connection: PgExtendedProtocol): boolean;
  handleError(err: Error, connection: PgExtendedProtocol): void;
}

/**
 * node-postgres's prepared query with a BEGIN before it in the same pipeline (Parse/Bind/Execute
 * of BEGIN, then the statement's, one Sync): the transaction opens and the statement runs in one
 * round trip instead of two. Its result is the BEGIN's and then the statement's.
 * node-postgres marks a named query's statement as parsed on the connection at the first
 * ParseComplete of the query, which here is BEGIN's: a statement whose own Parse then failed (a
 * function a migration has not created yet) would stay marked, and every later use of that
 * connection would bind a statement the server does not have. So the mark is taken back when
 * BEGIN completes, and set again only by the statement's own ParseComplete.
 */
class BeginThenQuery extends (pg.Query as unknown as new (config: object) => PgQuery) {
  /** Set when this query sends the statement's Parse and BEGIN has not completed yet. */
  private parseAfterBegin = false;
  private begun = false;

  override prepare(connection: PgExtendedProtocol): void {
    this.parseAfterBegin = !!this.name && !this.hasBeenParsed(connection);
    connection.parse({ text: 'begin', name: '' });
    connection.bind({ portal: '', statement: '', values: [] });
    connection.execute({ portal: '', rows: 0 });
    super.prepare(connection);
  }

  override handleCommandComplete(msg: unknown, connection: PgExtendedProtocol): void {
    if (!this.begun && this.parseAfterBegin && this.name) {
      // BEGIN's ParseComplete marked the statement parsed: it is only submitted so far.
      const book = connection as unknown as PgStatementBook;
      delete book.parsedStatements[this.name];
      book.submittedNamedStatements[this.name] = this.text;
    }
    this.begun = true;
    super.handleCommandComplete(msg, connection);
  }

  override handleError(err: Error, connection: PgExtendedProtocol): void {
    // BEGIN itself failed: the statement's Parse was skipped by the server.
    if (!this.begun && this.parseAfterBegin && this.name) delete (connection as unknown as PgStatementBook).parsedStatements[this.name];
    super.handleError(err, connection);
  }
}

/** Runs `stmt` after a BEGIN, in one round trip on `conn` (see BeginThenQuery): the statement's rows. */
function beginThen<T>(conn: PgConnection, stmt: PreparedStatement, params: SqlParams): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const query = new BeginThenQuery({
      name: stmt.name,
      text: stmt.text,
      values: bindable(params),
      callback: (err: Error | null, results: PgResult<T> | PgResult<T>[]) =>
        err ? reject(err) : resolve(Array.isArray(results) ? results[results.length - 1].rows : results.rows),
    });
    (conn as unknown as { query(q: object): unknown }).query(query);
  });
}

/**
 * A named prepared statement in a transaction of its own on a pooled connection, left open (its
 * locks held) until `commit()`: for locks that must outlive the statement (a hand-off fence held
 * until MAIL FROM is written) at the cost of two round trips (BEGIN with the statement, COMMIT),
 * without the ORM's transaction machinery. Never joins the caller's transaction. On an error
 * nothing stays held.
 */
export async function sqlHeldRows<T = Record<string, unknown>>(em: EntityManager, stmt: PreparedStatement, params: SqlParams): Promise<HeldRows<T>> {
  const pool = em.getConnection().getKnex().client as KnexPoolClient;
  const conn = await pool.acquireConnection();
  let ended: Promise<void> | undefined;
  const end = (sql: 'commit' | 'rollback') =>
    (ended ??= (async () => {
      try {
        await conn.query({ text: sql });
      } finally {
        await pool.releaseConnection(conn);
      }
    })());
  try {
    const rows = await beginThen<T>(conn, stmt, params);
    return { rows, commit: () => end('commit'), rollback: () => end('rollback') };
  } catch (err) {
    await end('rollback').catch(() => {});
    throw err;
  }
}

/** What node-postgres hands a custom ("submittable") query: the protocol connection. */
interface PgProtocol {
  query(text: string): void;
  endCopyFrom(): void;
  /** The socket the protocol writes to (what its own sendCopyFromChunk writes to). */
  stream: { writable: boolean; write(chunk: Buffer, done?: (err?: Error | null) => void): boolean };
}

/** CopyData ('d'): the message's header, then the bytes as they are. */
const copyDataHeader = (bytes: number) => {
  const header = Buffer.allocUnsafe(5);
  header[0] = 0x64;
  header.writeInt32BE(bytes + 4, 1);
  return header;
};

/**
 * `COPY ... FROM STDIN` of `data` (COPY text format) on a connection of the pool, through
 * node-postgres's submittable query interface (what pg-copy-streams builds on): the statement,
 * then the data once the server asks for it; settled at ReadyForQuery. Its own pooled connection:
 * it does not join the caller's transaction (a COPY stages rows that commit on their own).
 * `data` goes to the socket as it is (node-postgres's sendCopyFromChunk would copy it into a new
 * buffer 1.5 times its size, per statement: tens of MB of external memory until V8 collects them),
 * and it is not read any more once this settles: the caller may refill it.
 */
export async function sqlCopyIn(em: EntityManager, statement: string, data: Buffer): Promise<void> {
  const knex = em.getConnection().getKnex();
  const client = (await knex.client.acquireConnection()) as { query(q: object): unknown };
  let written: Promise<void> = Promise.resolve();
  try {
    await new Promise<void>((resolve, reject) => {
      let failure: Error | null = null;
      client.query({
        submit: (connection: PgProtocol) => connection.query(statement),
        handleCopyInResponse: (connection: PgProtocol) => {
          const { stream } = connection;
          if (stream.writable) {
            stream.write(copyDataHeader(data.length));
            written = new Promise<void>((done) => stream.write(data, () => done()));
          }
          connection.endCopyFrom();
        },
        handleCommandComplete: () => {},
        handleRowDescription: () => {},
        handleDataRow: () => {},
        handleEmptyQuery: () => {},
        handleError: (err: Error) => {
          failure = err;
        },
        handleReadyForQuery: () => (failure ? reject(failure) : resolve()),
      });
    });
  } finally {
    // Written before ReadyForQuery, unless the server refused the COPY early: the socket may still hold it.
    await written;
    await knex.client.releaseConnection(client);
  }
}

/** SQLSTATEs of a transaction PostgreSQL aborted to let another go on: deadlock victim, serialization failure. */
const RETRYABLE_TX = new Set(['40P01', '40001']);

/**
 * Runs `fn` in a transaction of `em`, again (up to `attempts` times in all) when PostgreSQL aborts
 * it as a deadlock victim or a serialization failure: the other transaction went on, and this one,
 * rolled back whole, can simply run again. `fn` must be safe to re-run (it writes only through
 * the transaction it is given).
 */
export async function transactionRetried<T>(em: EntityManager, fn: (tx: EntityManager) => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await em.transactional(fn);
    } catch (err) {
      if (attempt >= attempts || !RETRYABLE_TX.has((err as { code?: string }).code ?? '')) throw err;
    }
  }
}

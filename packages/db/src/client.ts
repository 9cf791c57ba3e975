import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type ExtractTablesWithRelations, eq, getTableColumns, type SQLWrapper, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { AnyPgColumn, PgDatabase, PgQueryResultHKT, PgTable, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { trackCommits } from './after-commit.ts';
import { isDatabaseBusy } from './connection-errors.ts';
import { compileEngine, startPgliteThread, type TPgliteThreadClient } from './pglite-thread.ts';
import * as schema from './schema.ts';

export type TSchema = typeof schema;
/** The one database type repositories accept: the same code runs on PGlite and node-postgres. */
export type TDatabase = PgDatabase<PgQueryResultHKT, TSchema>;
export type TTransaction = PgTransaction<PgQueryResultHKT, TSchema, ExtractTablesWithRelations<TSchema>>;
/** Either the database or an open transaction: repositories take whichever the service holds. */
export type TExecutor = TDatabase | TTransaction;

/**
 * Runs several writes as one statement (`with w0 as (…), w1 as (…) <last>`): atomic like a
 * transaction, in one round trip instead of one per write plus BEGIN and COMMIT. For writes that
 * do not read each other's results (each sees the database as it was before the statement).
 */
export async function writeInOneStatement(db: TExecutor, writes: readonly SQLWrapper[]): Promise<void> {
  const last = writes.at(-1);
  if (!last) return;
  const steps = writes.slice(0, -1).map((write, index) => sql`${sql.raw(`w${index}`)} as (${write.getSQL()})`);
  await db.execute(steps.length === 0 ? last.getSQL() : sql`with ${sql.join(steps, sql`, `)} ${last.getSQL()}`);
}

/** Rows for one table, to be inserted with others in one statement (writeRowsInOneStatement). */
export type TInsertRows = { readonly table: PgTable; readonly rows: readonly object[] };

/** `rows` of `table`, typed by the table's insert shape, not yet written. */
export function insertRows<TTable extends PgTable>(
  table: TTable,
  rows: readonly TTable['$inferInsert'][],
): TInsertRows {
  return { table, rows };
}

/**
 * A repository's update of one row of `table`, found by `key`: sets the values, stamps `updatedAt`
 * with the caller's clock and answers the row as it now is. Written once for the tables that keep
 * `updatedAt` (`export const updateLead = stampedUpdate(orderLeads, orderLeads.id)`); the table-owner
 * check reads `stampedUpdate(X, …)` as a write of X.
 */
export function stampedUpdate<TTable extends PgTable & { updatedAt: AnyPgColumn }>(table: TTable, key: AnyPgColumn) {
  return async (
    tx: TExecutor,
    id: string,
    values: Partial<TTable['$inferInsert']>,
    now: Date,
  ): Promise<TTable['$inferSelect']> => {
    const [row] = await tx
      .update(table as PgTable)
      .set({ ...values, updatedAt: now })
      .where(eq(key, id))
      .returning();
    return row as TTable['$inferSelect'];
  };
}

/** A value as json_populate_recordset reads it for its column (a timestamp from ISO text). */
function jsonColumnValue(value: unknown) {
  return value instanceof Date ? value.toISOString() : value;
}

/**
 * Inserts rows of several tables as one statement: one insert per table whose rows travel as a
 * single JSON parameter read by `json_populate_recordset`. The statement's text depends only on
 * the tables and columns, however many rows, and building it costs the server's thread a
 * JSON.stringify instead of one placeholder per value (decision 166). Columns no row names get
 * their defaults; rows of one table must name the same columns. Like writeInOneStatement, for
 * rows that do not depend on each other's writes.
 */
export async function writeRowsInOneStatement(db: TExecutor, inserts: readonly TInsertRows[]): Promise<void> {
  const rowsByTable = new Map<PgTable, object[]>();
  for (const { table, rows } of inserts) {
    const list = rowsByTable.get(table) ?? [];
    list.push(...rows);
    rowsByTable.set(table, list);
  }
  const writes = [...rowsByTable].map(([table, rows]) => {
    const columns = Object.entries(getTableColumns(table)).filter(([key]) =>
      rows.some((row) => (row as Record<string, unknown>)[key] !== undefined),
    );
    const records = rows.map((row) => {
      const record: Record<string, unknown> = {};
      for (const [key, column] of columns) record[column.name] = jsonColumnValue((row as Record<string, unknown>)[key]);
      return record;
    });
    const names = sql.join(
      columns.map(([, column]) => sql.identifier(column.name)),
      sql`, `,
    );
    return sql`insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${table}, ${JSON.stringify(records)}::json)`;
  });
  await writeInOneStatement(db, writes);
}

/** Writes one set of row inserts atomically (see writeRowsInOneStatement); resolves once committed. */
export type TWriteSets = { write(inserts: readonly TInsertRows[]): Promise<void> };

/**
 * Group commit for independent sets of rows (decision 166): a set that arrives while `maxInFlight`
 * statements of this kind are already running waits for one of them, and every set waiting by
 * then goes to the database together as one statement (one round trip, one commit, one disk
 * sync for all). An idle database gets each set at once, so a lone write waits for nothing.
 *
 * Sets must be unrelated to each other (each sees the database as before the statement). When a
 * grouped statement fails nothing of it was written, and each of its sets is written again on
 * its own, so each caller gets the answer it would have had alone: its own unique violation
 * (an idempotent replay), its own constraint error, or success.
 */
export function createWriteSets(db: TDatabase, options: { maxInFlight: number; maxSetsPerStatement: number }) {
  type TPending = { inserts: readonly TInsertRows[]; resolve: () => void; reject: (error: unknown) => void };
  const waiting: TPending[] = [];
  let inFlight = 0;

  async function run(group: TPending[]) {
    try {
      await writeRowsInOneStatement(
        db,
        group.flatMap((set) => set.inserts),
      );
      for (const set of group) set.resolve();
    } catch (error) {
      // A statement refused for waiting too long (decision 184) would only wait again alone.
      if (group.length === 1 || isDatabaseBusy(error)) for (const set of group) set.reject(error);
      else {
        // Rare (a repeated Idempotency-Key, a constraint): each set again alone, side by side.
        await Promise.all(group.map((set) => writeRowsInOneStatement(db, set.inserts).then(set.resolve, set.reject)));
      }
    }
  }

  function startNext() {
    while (inFlight < options.maxInFlight && waiting.length > 0) {
      const group = waiting.splice(0, options.maxSetsPerStatement);
      inFlight++;
      void run(group).finally(() => {
        inFlight--;
        startNext();
      });
    }
  }

  const sets: TWriteSets = {
    write(inserts) {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ inserts, resolve, reject });
        startNext();
      });
    },
  };
  return sets;
}

export type TDatabaseHandle = {
  readonly db: TDatabase;
  readonly kind: 'pglite' | 'postgres';
  /** Most statements that may run at once; PGlite runs one at a time. */
  readonly maxConcurrency: number;
  /** Applies pending migrations (see migrateDatabase). */
  migrate(migrationsFolder?: string): Promise<void>;
  close(): Promise<void>;
  /**
   * Tells `listener` of every connection that failed (dropped link, ended session); the pool
   * replaces it on the next query. PostgreSQL only: PGlite has no connection to lose.
   */
  onConnectionError?(listener: (error: Error) => void): void;
  /**
   * The pool's connections: all it holds, the idle ones, and the queries waiting for one.
   * PostgreSQL only: PGlite runs in the process and has no pool.
   */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * Disk syncs the database has made so far. Embedded database in its own thread only (it syncs
   * there); PostgreSQL syncs in its own process.
   */
  diskSyncs?(): Promise<number>;
  /**
   * Work that has waited this long for the database without starting is refused (DATABASE_BUSY_CODE,
   * answered 503 with Retry-After; decision 184). Embedded database in its own thread only:
   * PostgreSQL's pool bounds the wait for a connection itself (connectionTimeoutMillis).
   */
  setQueueDeadline?(maxQueueWaitMs: number | undefined): Promise<void>;
};

/** Arbitrary but fixed key of the advisory lock that serialises migrations between instances. */
const MIGRATION_LOCK_KEY = 727_310_551;

/**
 * The migrations folder: beside the bundled server (`dist/migrations`) or, when running from
 * source, the package's own `migrations` folder.
 */
export function findMigrationsFolder(): string {
  for (const relative of ['./migrations', '../migrations']) {
    const folder = fileURLToPath(new URL(relative, import.meta.url));
    if (existsSync(`${folder}/meta/_journal.json`)) return folder;
  }
  throw new Error('Database migrations folder not found next to the server or in packages/db.');
}

/**
 * Error handling for a pool and every connection it makes. node-postgres emits `error` on a
 * connection whose link drops or whose session the server ends; on a connection that is checked
 * out (a transaction, the migration lock) nothing else listens, and an unhandled `error` event
 * ends the process. With these, the query in progress fails instead (the API answers 503), the
 * pool drops the broken connection and opens a new one for the next query.
 */
export function handleConnectionErrors(pool: pg.Pool, onError: (error: Error) => void) {
  pool.on('connect', (client) => {
    client.on('error', onError);
  });
  // Idle connections report to the pool as well; the connection's own handler has logged it.
  pool.on('error', () => undefined);
  // Drizzle's transaction checks a connection out and sends `begin` outside its try/finally: a
  // link that drops right then would keep the connection checked out for good (the pool shrinks
  // by one each time and end() never returns). So a connection checked out with `await connect()`
  // goes back to the pool as soon as it breaks, and its holder's own release does nothing.
  // (`pool.query` checks out with a callback and releases a broken connection itself.)
  const connect = pool.connect.bind(pool);
  pool.connect = ((callback?: Parameters<typeof connect>[0]) => {
    if (callback) return connect(callback);
    return connect().then((client) => {
      releaseWhenBroken(client);
      return client;
    });
  }) as typeof pool.connect;
}

function releaseWhenBroken(client: pg.PoolClient) {
  const release = client.release;
  let released = false;
  const releaseBroken = (error: Error) => {
    if (released) return;
    released = true;
    release(error);
  };
  client.once('error', releaseBroken);
  client.release = (error?: Error | boolean) => {
    client.removeListener('error', releaseBroken);
    if (released) return;
    released = true;
    release(error);
  };
}

export async function openPostgres(url: string, options: { poolSize?: number } = {}): Promise<TDatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    // An unreachable server fails a request after this long instead of leaving it waiting.
    connectionTimeoutMillis: 5_000,
    // Notice a peer that vanished without closing the connection (a network partition).
    keepAlive: true,
  });
  const errorListeners = new Set<(error: Error) => void>();
  handleConnectionErrors(pool, (error) => {
    for (const listener of errorListeners) listener(error);
  });
  const db = trackCommits(drizzleNodePg(pool, { schema }) as unknown as TDatabase);
  const migrate = async (migrationsFolder = findMigrationsFolder()) => {
    // One dedicated connection holds a session advisory lock, so instances starting together
    // migrate one after the other; the lock goes with the connection if this process dies.
    const connection = await pool.connect();
    try {
      await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      try {
        await migrateNodePg(drizzleNodePg(connection), { migrationsFolder });
      } finally {
        await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      }
    } finally {
      connection.release();
    }
  };
  return {
    db,
    kind: 'postgres',
    maxConcurrency: options.poolSize ?? 10,
    migrate,
    close: () => pool.end(),
    onConnectionError: (listener) => errorListeners.add(listener),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

export async function openPglite(
  dataDir: string | undefined,
  options: Pick<PGliteOptions, 'loadDataDir' | 'fs' | 'startParams'> = {},
): Promise<TDatabaseHandle & { client: PGlite }> {
  // pg_trgm backs the admin lists' case-insensitive search (trigram indexes, migration 0003).
  const engine = await compileEngine();
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    extensions: { pg_trgm },
    pgliteWasmModule: engine.pglite,
    initdbWasmModule: engine.initdb,
    ...options,
  });
  const pgliteDb = trackCommits(drizzlePglite({ client, schema }));
  const migrate = async (migrationsFolder = findMigrationsFolder()) => {
    await migratePglite(pgliteDb, { migrationsFolder });
  };
  return {
    db: pgliteDb as unknown as TDatabase,
    client,
    kind: 'pglite',
    maxConcurrency: 1,
    migrate,
    close: () => client.close(),
  };
}

/**
 * PGlite in a thread of its own (decision 110): the same database as openPglite, but its
 * statements run beside the server's event loop instead of blocking it. `durable` syncs every
 * commit to disk (decision 074; needs `dataDir`); `loadDataDir` starts from a dump.
 */
export async function openPgliteThread(
  options: { dataDir?: string; durable?: boolean; loadDataDir?: Blob } = {},
): Promise<TDatabaseHandle & { client: TPgliteThreadClient }> {
  const client = await startPgliteThread({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.durable ? { durable: true } : {}),
    ...(options.loadDataDir ? { loadDataDir: await options.loadDataDir.arrayBuffer() } : {}),
  });
  // drizzle's PGlite driver uses only `query` and `transaction`, which the thread's client has.
  const pgliteDb = trackCommits(drizzlePglite({ client: client as unknown as PGlite, schema }));
  return {
    db: pgliteDb as unknown as TDatabase,
    client,
    kind: 'pglite',
    maxConcurrency: 1,
    migrate: async (migrationsFolder = findMigrationsFolder()) => {
      await migratePglite(pgliteDb, { migrationsFolder });
    },
    close: () => client.close(),
    diskSyncs: () => client.diskSyncs(),
    setQueueDeadline: (maxQueueWaitMs) => client.setQueueDeadline(maxQueueWaitMs),
  };
}

export { schema };

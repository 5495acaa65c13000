import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataDirectory } from './data-dir-lock';
import { secureDataDirectory } from './data-dir-modes';
import { startPgliteServer } from './pglite-server';
import * as schema from './schema';

/** The Drizzle database, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The connection pool's figures now (a PostgreSQL server only), for the metrics. */
export interface PoolStats {
  /** Connections open, of which idle; queries waiting for one; the most it opens. */
  readonly total: number;
  readonly idle: number;
  readonly waiting: number;
  readonly max: number;
}

/** An open database and how to close it. */
export interface Database {
  readonly db: Db;
  /** `embedded` (PGlite in a directory or in memory) or `server` (PostgreSQL via a URL). */
  readonly kind: 'embedded' | 'server';
  /** The pool's figures; absent for PGlite (one connection to its thread). */
  readonly poolStats?: () => PoolStats;
  close(): Promise<void>;
}

/** Where the data lives: a PostgreSQL URL, a PGlite directory, or (tests) PGlite in memory. */
export type DatabaseLocation = { url: string } | { dataDir: string } | { memory: true };

/** Options for tests and diagnostics. */
export interface OpenOptions {
  /** Called with the text of every statement Drizzle sends (to count queries per request). */
  readonly onQuery?: (query: string) => void;
  /**
   * A PostgreSQL server's bounds for the portal's requests (the server passes them; the admin
   * tool and the bench, whose work may be long, do not): a connection not made within
   * `connectMs` fails, and a statement running longer than `statementMs` is cancelled by the
   * server, so that a request during a failover is answered 503 instead of waiting.
   */
  readonly timeouts?: { readonly connectMs: number; readonly statementMs: number };
}

/** The server's bounds ({@link OpenOptions.timeouts}): a request ends well within 10 s. */
export const SERVER_DATABASE_TIMEOUTS = { connectMs: 3000, statementMs: 8000 } as const;

/** Opens the database named by `location`. */
export async function openDatabase(
  location: DatabaseLocation,
  options: OpenOptions = {},
): Promise<Database> {
  const logger = options.onQuery
    ? { logQuery: (query: string) => options.onQuery!(query) }
    : undefined;
  if ('url' in location) {
    const max = 10;
    // No JIT: the portal's queries are short, and on a large table (the audit trail's monthly
    // partitions) the planner's estimates pass jit_above_cost, so compiling them took several
    // times what running them takes (figures in docs/performance.md, "The audit trail at
    // scale"). PGlite is built without it.
    const timeouts = options.timeouts;
    const pool = new pg.Pool({
      connectionString: location.url,
      max,
      options: timeouts ? `-c jit=off -c statement_timeout=${timeouts.statementMs}` : '-c jit=off',
      // Also bounds the wait for a free connection of the pool. A connection that died (a
      // failover) is dropped by the pool when its query fails, and the next opens a new one.
      ...(timeouts ? { connectionTimeoutMillis: timeouts.connectMs } : {}),
      // The operating system notices a server that vanished without closing the connection.
      keepAlive: true,
    });
    // An idle connection the server ends (a restart, a failover, a dropped database) is removed
    // by the pool, and the next query opens another; unheard, the event would end the process.
    pool.on('error', () => {});
    // The same for a connection lost while a request holds it between two statements (a
    // transaction, the primary killed): the client is marked unusable, the request's next
    // statement fails (answered 503) and the pool drops the client when it is released.
    pool.on('connect', (client) => client.on('error', () => {}));
    // A server that is not there should fail the start, not the first request.
    await pool.query('select 1');
    return {
      db: drizzleNodePg({ client: pool, schema, logger }) as unknown as Db,
      kind: 'server',
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max,
      }),
      close: () => pool.end(),
    };
  }
  // Private before anything is written in it (startServer has already repaired and said so;
  // the admin tool and the bench open it here).
  if ('dataDir' in location) secureDataDirectory(location.dataDir);
  const unlock = 'dataDir' in location ? lockDataDirectory(location.dataDir) : () => {};
  let server: Awaited<ReturnType<typeof startPgliteServer>> | undefined;
  try {
    // PGlite runs in a worker thread and is reached through node-postgres (pglite-server.ts).
    // PGlite is one PostgreSQL session, so the pool holds one connection: a transaction keeps
    // it until it ends and every other query waits its turn, as they did in-process.
    server = await startPgliteServer('dataDir' in location ? location.dataDir : undefined);
    const pool = new pg.Pool({
      host: server.socketDir,
      port: 5432,
      user: 'postgres',
      database: 'template1',
      max: 1,
      idleTimeoutMillis: 0,
      // Every connection to PGlite reaches the same session, so the statements an earlier
      // connection prepared are still there; a new client (the pool replaces one after any
      // query error) knows none of them and would prepare them again (42P05). The pool hands
      // a new client out only once it has forgotten them. (pg-pool awaits the promise this
      // returns; @types/pg still declares the hook as returning void.)
      // eslint-disable-next-line @typescript-eslint/no-misused-promises
      onConnect: async (client) => {
        await client.query('deallocate all');
      },
    });
    pool.on('error', () => {});
    await pool.query('select 1');
    const running = server;
    return {
      db: drizzleNodePg({ client: pool, schema, logger }) as unknown as Db,
      kind: 'embedded',
      close: async () => {
        try {
          await pool.end();
          await running.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    await server?.close().catch(() => {});
    unlock();
    throw error;
  }
}

/**
 * Runs a raw query and returns its rows. The two drivers answer `execute` with different
 * result types that both carry `rows`; this is the one place that knows it.
 */
export async function queryRows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute<Record<string, unknown>>(query)) as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * Runs `work` in a read-only transaction whose prepared statements ({@link preparedRows}) run on
 * their generic plan from the first call on each connection. For statements over the audit
 * trail's monthly partitions: planning one of them costs more than running it (every
 * partition's indexes are considered, for every CTE), the plan does not depend on the values
 * (the partitions' GIN indexes find a record's events whatever the id; run-time pruning picks
 * the months), and PostgreSQL's own choice keeps planning afresh because the generic plan's
 * estimate is the higher. A generic plan guesses how many events a record has (a fixed share
 * of each partition); at a hundred million events that guess could make a sequential scan of
 * a month look cheaper than its index, which for a record with few events would read the whole
 * month, so sequential scans are off too: every statement run here reads through an index.
 * The same guess, hundreds of thousands of events a record in a month of a hundred million,
 * made PostgreSQL start two parallel workers to read a record's few hundred (their start cost
 * more than the read: 7.4 → 2.5 ms for the log's page), so parallel plans are off as well.
 * The settings are local to the transaction, so no other statement, a search above all, is
 * planned this way. Figures: docs/performance.md.
 */
export function withGenericPlans<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(
    async (tx) => {
      // The settings end with the transaction (set_config's third argument: is_local).
      await tx.execute(
        sql`select set_config('plan_cache_mode', 'force_generic_plan', true),
                 set_config('enable_seqscan', 'off', true),
                 set_config('max_parallel_workers_per_gather', '0', true)`,
      );
      return work(tx);
    },
    { accessMode: 'read only' },
  );
}

/**
 * Like {@link queryRows}, as a named prepared statement: each connection parses and plans the
 * statement once, and after five runs PostgreSQL keeps a generic plan instead of planning every
 * call (planning cost the record read more than running it: docs/performance.md). The name is a
 * hash of the text, so a statement's name never stands for two texts.
 *
 * Only for statements whose text is fixed (values as parameters) and whose best plan does not
 * depend on the values: an id or key compared for equality. Never for a search: a generic plan
 * cannot use an index for `like $1`, and PostgreSQL could settle on it.
 */
export async function preparedRows<T>(db: Pick<Db, '_'>, query: SQL): Promise<T[]> {
  const compiled = dialect.sqlToQuery(query);
  const name = `q_${createHash('sha1').update(compiled.sql).digest('base64url').slice(0, 20)}`;
  const result = (await db._.session.prepareQuery(compiled, undefined, name, false).execute()) as {
    rows: T[];
  };
  return result.rows;
}

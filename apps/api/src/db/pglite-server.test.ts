/**
 * The embedded database runs on its own thread (pglite-server.ts): while slow queries run, the
 * server's event loop stays free. Bounded, not a tight timing test: the loop's worst delay
 * during four slow queries must stay far below the time one of them takes.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from './database';

describe('the embedded database off the main thread', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ memory: true });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('keeps the event loop responsive while four slow queries run', async () => {
    const slow = async () => {
      const started = performance.now();
      await queryRows(
        database.db,
        sql`select count(*) from generate_series(1, 2000000) g where md5(g::text) like 'ab%'`,
      );
      return performance.now() - started;
    };
    // A first run warms PGlite up; the second is the time of one query alone.
    await slow();
    const lone = await slow();
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const started = performance.now();
    await Promise.all([slow(), slow(), slow(), slow()]);
    const total = performance.now() - started;
    delay.disable();
    const worstMs = delay.max / 1e6;
    // The four queries took longer than one (they share PGlite's one session; about four
    // times as long on a quiet machine, less on a loaded one, where one alone is slower) ...
    expect(total).toBeGreaterThan(lone);
    // ... and the loop was never held for anything like one of them.
    expect(worstMs).toBeLessThan(lone / 2);
  }, 120_000);

  it('runs transactions through the one connection without mixing them', async () => {
    await database.db.execute(sql`create table if not exists t_counter (n int not null)`);
    await database.db.execute(sql`insert into t_counter values (0)`);
    await Promise.all(
      Array.from({ length: 5 }, () =>
        database.db.transaction(async (tx) => {
          const [row] = await queryRows<{ n: number }>(tx, sql`select n from t_counter`);
          await tx.execute(sql`update t_counter set n = ${row!.n + 1}`);
        }),
      ),
    );
    const [row] = await queryRows<{ n: number }>(database.db, sql`select n from t_counter`);
    expect(row!.n).toBe(5);
  });
});

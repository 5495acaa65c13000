import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/database';

/** One throttled key (an account or an address) and how many failures block it. */
export interface ThrottleKey {
  readonly key: string;
  readonly maxFailures: number;
}

/** The failure counts of the keys, and how long the longest block still runs (seconds, 0 if none). */
export async function readThrottle(db: Db, keys: readonly string[]) {
  const rows = await queryRows<{ key: string; failures: number; blockedFor: number }>(
    db,
    sql`select key, failures,
          greatest(0, coalesce(extract(epoch from blocked_until - now()), 0))::float8 as "blockedFor"
        from login_throttle where key in (${sql.join(
          keys.map((k) => sql`${k}`),
          sql`, `,
        )})`,
  );
  return {
    failures: new Map(rows.map((r) => [r.key, r.failures])),
    blockedForSeconds: Math.max(0, ...rows.map((r) => r.blockedFor)),
  };
}

/**
 * Counts one failure against each key within a sliding window, and blocks a key for
 * `blockSeconds` once it reaches its maximum. Two statements, whatever the number of keys.
 */
export async function recordFailure(
  db: Db,
  keys: readonly ThrottleKey[],
  windowSeconds: number,
  blockSeconds: number,
): Promise<void> {
  const values = sql.join(
    keys.map((k) => sql`(${k.key}, 1, now())`),
    sql`, `,
  );
  await db.execute(sql`insert into login_throttle as t (key, failures, window_started_at) values ${values}
    on conflict (key) do update set
      failures = case when t.window_started_at < now() - make_interval(secs => ${windowSeconds}) then 1 else t.failures + 1 end,
      window_started_at = case when t.window_started_at < now() - make_interval(secs => ${windowSeconds}) then now() else t.window_started_at end`);
  const reached = sql.join(
    keys.map((k) => sql`(key = ${k.key} and failures >= ${k.maxFailures})`),
    sql` or `,
  );
  await db.execute(sql`update login_throttle set blocked_until = now() + make_interval(secs => ${blockSeconds}),
      failures = 0, window_started_at = now()
    where ${reached}`);
}

/** Forgets the failures of a key (an account after a successful login). */
export async function clearThrottle(db: Db, key: string): Promise<void> {
  await db.execute(
    sql`delete from login_throttle where key = ${key} and (blocked_until is null or blocked_until <= now())`,
  );
}

import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/database';

/** One throttled key (an account or an address) and how many attempts it may have in a window. */
export interface ThrottleKey {
  readonly key: string;
  readonly maxFailures: number;
}

/** The window and the block of the throttle, in seconds. */
export interface ThrottleTimes {
  readonly windowSeconds: number;
  readonly blockSeconds: number;
}

/** What reserving an attempt found. */
export type Reservation =
  | {
      readonly allowed: true;
      /** Per key, the attempts counted in its window, this one included. */
      readonly attempts: ReadonlyMap<string, number>;
    }
  | { readonly allowed: false; readonly retryAfterSeconds: number };

/** The rows of these keys, locked in key order (see throttleRepository.reserveAttempt), as a subquery. */
function lockedInOrder(keys: readonly string[]) {
  return sql`select key from login_throttle where key in (${sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  )}) order by key for update`;
}

/** The throttle data: each call takes the database (or a transaction) first. */
export const throttleRepository = {
  /**
   * Reserves one attempt on every key, before the password or code is checked, in one statement
   * (so it holds across instances, whatever the concurrency). Per key, in its window:
   * - while a key is blocked the attempt is refused and not counted;
   * - a key whose window (or block) is over starts counting afresh;
   * - a key whose count has reached its maximum refuses the attempt and is blocked from now on;
   * - otherwise the count goes up by one and the attempt may go ahead.
   * So at most `maxFailures` attempts per key are ever in flight or failed within a window.
   * An attempt refused by one key is released on the keys that had counted it. The count only
   * goes down by `throttleRepository.releaseAttempt` (an attempt that did not really happen, or succeeded) or
   * `throttleRepository.clearAccount` (a successful login).
   */
  async reserveAttempt(
    db: Db,
    keys: readonly ThrottleKey[],
    times: ThrottleTimes,
  ): Promise<Reservation> {
    // Rows are locked in key order by every statement that touches several, so two requests
    // never wait for each other's rows (no deadlock on a PostgreSQL server).
    const sorted = [...keys].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const input = sql.join(
      sorted.map((k) => sql`(${k.key}::text, ${k.maxFailures}::int)`),
      sql`, `,
    );
    const blocked = sql`t.blocked_until > now()`;
    const restart = sql`(t.blocked_until is not null
      or t.window_started_at <= now() - make_interval(secs => ${times.windowSeconds}))`;
    const full = sql`t.failures >= (select i.max_failures from input i where i.key = t.key)`;
    const rows = await queryRows<{ key: string; failures: number; retryAfter: number | null }>(
      db,
      sql`with input (key, max_failures) as (values ${input})
        insert into login_throttle as t (key, failures, window_started_at)
        select key, 1, now() from input order by key
        on conflict (key) do update set
          failures = case when ${blocked} then t.failures when ${restart} then 1
            when ${full} then t.failures else t.failures + 1 end,
          window_started_at = case when ${blocked} then t.window_started_at
            when ${restart} then now() else t.window_started_at end,
          blocked_until = case when ${blocked} then t.blocked_until when ${restart} then null
            when ${full} then now() + make_interval(secs => ${times.blockSeconds}) else null end
        returning t.key, t.failures,
          extract(epoch from t.blocked_until - now())::float8 as "retryAfter"`,
    );
    const refused = rows.filter((r) => r.retryAfter !== null && r.retryAfter > 0);
    if (refused.length === 0) {
      return { allowed: true, attempts: new Map(rows.map((r) => [r.key, r.failures])) };
    }
    const counted = rows.filter((r) => !refused.includes(r)).map((r) => r.key);
    await throttleRepository.releaseAttempt(db, counted);
    return { allowed: false, retryAfterSeconds: Math.max(...refused.map((r) => r.retryAfter!)) };
  },

  /**
   * Gives back a reserved attempt on each key: it was not a failed guess (a success, a weak
   * password refused before any check, a busy hashing pool, an error of the server).
   */
  async releaseAttempt(db: Db, keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await db.execute(sql`update login_throttle set failures = greatest(failures - 1, 0)
      where key in (${lockedInOrder(keys)})`);
  },

  /**
   * A reserved attempt failed: it stays counted, and a key whose count has reached its maximum
   * is blocked from now on (the block lasts `blockSeconds`; the count restarts after it).
   * `attempts` are the counts the reservation answered: keys that were below their maximum then
   * need no statement, so a failure usually costs none.
   */
  async recordFailure(
    db: Db,
    keys: readonly ThrottleKey[],
    attempts: ReadonlyMap<string, number>,
    times: ThrottleTimes,
  ): Promise<void> {
    const full = keys.filter((k) => (attempts.get(k.key) ?? 0) >= k.maxFailures);
    if (full.length === 0) return;
    const reached = sql.join(
      full.map((k) => sql`(key = ${k.key} and failures >= ${k.maxFailures})`),
      sql` or `,
    );
    await db.execute(sql`update login_throttle
      set blocked_until = now() + make_interval(secs => ${times.blockSeconds})
      where key in (${lockedInOrder(full.map((k) => k.key))})
        and (${reached}) and (blocked_until is null or blocked_until <= now())`);
  },

  /**
   * Forgets an account's count after a successful login. A block already in force stays: it was
   * set by attempts refused while this one was being checked, and ends at its time.
   */
  async clearAccount(db: Db, key: string): Promise<void> {
    await db.execute(
      sql`delete from login_throttle where key = ${key} and (blocked_until is null or blocked_until <= now())`,
    );
  },
};

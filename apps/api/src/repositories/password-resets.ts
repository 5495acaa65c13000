import { sql } from 'drizzle-orm';
import { normaliseUsername } from '@portal/contract';
import { type Db, queryRows } from '../db/database';

/** Where a reset link goes: the record's e-mail, in the account's language. */
export interface ResetRecipient {
  readonly userId: string;
  readonly username: string;
  readonly email: string;
  readonly locale: string | null;
  readonly displayName: string;
}

/** The password reset links (only their tokens' SHA-256 hashes are kept). */
export const passwordResetsRepository = {
  /**
   * Stores a link for the account with this username, when there is one that may sign in (not
   * locked, not a leaver), and answers where to send it; undefined otherwise. One statement
   * either way, so an unknown name costs the same work as a known one.
   */
  async create(
    db: Db,
    username: string,
    tokenHash: string,
    expiresAt: Date,
  ): Promise<ResetRecipient | undefined> {
    const [row] = await queryRows<ResetRecipient>(
      db,
      sql`with account as (
            select u.id, u.username, u.locale,
              coalesce(p.email, e.email) as email,
              coalesce(p.first_name || ' ' || p.last_name, e.first_name || ' ' || e.last_name) as name
            from app_user u
              left join patient p on p.id = u.patient_id
              left join employee e on e.id = u.employee_id
            where u.username = ${normaliseUsername(username)} and u.locked_at is null
              and (e.id is null or e.work_status = 'yes')
          ), created as (
            insert into password_reset (user_id, token_hash, expires_at)
            select id, ${tokenHash}, ${expiresAt.toISOString()}::timestamptz from account
            returning user_id
          )
          select a.id as "userId", a.username, a.email, a.locale, a.name as "displayName"
          from account a join created c on c.user_id = a.id`,
    );
    return row;
  },

  /** The account a link is for, while it is unused and before its end (`now`); else undefined. */
  async findValid(
    db: Db,
    tokenHash: string,
    now: Date,
  ): Promise<{ userId: string; username: string } | undefined> {
    const [row] = await queryRows<{ userId: string; username: string }>(
      db,
      sql`select r.user_id as "userId", u.username from password_reset r
            join app_user u on u.id = r.user_id
          where r.token_hash = ${tokenHash} and r.used_at is null
            and r.expires_at > ${now.toISOString()}::timestamptz`,
    );
    return row;
  },

  /**
   * Uses the link up, with every other unused link of its account; whether it was still valid
   * (of two requests with the same link at once, one wins).
   */
  async consume(db: Db, tokenHash: string, userId: string, now: Date): Promise<boolean> {
    const used = await queryRows<{ id: number }>(
      db,
      sql`update password_reset set used_at = ${now.toISOString()}::timestamptz
          where token_hash = ${tokenHash} and user_id = ${userId} and used_at is null
            and expires_at > ${now.toISOString()}::timestamptz
          returning id`,
    );
    if (used.length === 0) return false;
    await db.execute(
      sql`update password_reset set used_at = ${now.toISOString()}::timestamptz
          where user_id = ${userId} and used_at is null`,
    );
    return true;
  },
};

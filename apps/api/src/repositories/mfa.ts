import { and, eq, isNull, sql } from 'drizzle-orm';
import { normaliseUsername } from '@portal/contract';
import { type Db, queryRows } from '../db/database';
import { appUser, mfaChallenge, mfaRecoveryCode, session } from '../db/schema';

/** An account's second factor as stored: sealed secrets (see security/secret-box.ts). */
export interface MfaState {
  readonly secret: string | null;
  readonly pendingSecret: string | null;
  readonly enabled: boolean;
}

/** The mfa data: each call takes the database (or a transaction) first. */
export const mfaRepository = {
  /** The stored second factor of an account. */
  async findMfaState(db: Db, userId: string): Promise<MfaState | undefined> {
    const [row] = await db
      .select({
        secret: appUser.mfaSecret,
        pendingSecret: appUser.mfaPendingSecret,
        enabledAt: appUser.mfaEnabledAt,
      })
      .from(appUser)
      .where(eq(appUser.id, userId));
    return (
      row && { secret: row.secret, pendingSecret: row.pendingSecret, enabled: !!row.enabledAt }
    );
  },

  /** Keeps a secret being enrolled (replacing an earlier unconfirmed one). */
  async setPendingSecret(db: Db, userId: string, sealed: string): Promise<void> {
    await db.update(appUser).set({ mfaPendingSecret: sealed }).where(eq(appUser.id, userId));
  },

  /**
   * Turns the second factor on with the pending secret the code was checked against (and only if
   * it is still the pending one and none is on yet), records the step that code used, replaces the
   * recovery codes, and lifts the enrolment-only limit of the session. Returns whether it did.
   */
  async enableMfa(
    tx: Db,
    userId: string,
    sealedPending: string,
    step: number,
    recoveryHashes: readonly string[],
    sessionId: string,
  ): Promise<boolean> {
    const updated = await tx
      .update(appUser)
      .set({
        mfaSecret: sealedPending,
        mfaPendingSecret: null,
        mfaEnabledAt: sql`now()`,
        mfaLastStep: step,
      })
      .where(
        and(
          eq(appUser.id, userId),
          eq(appUser.mfaPendingSecret, sealedPending),
          isNull(appUser.mfaEnabledAt),
        ),
      )
      .returning({ id: appUser.id });
    if (updated.length !== 1) return false;
    await tx.delete(mfaRecoveryCode).where(eq(mfaRecoveryCode.userId, userId));
    await tx
      .insert(mfaRecoveryCode)
      .values(recoveryHashes.map((codeHash) => ({ userId, codeHash })));
    await tx
      .update(session)
      .set({ mfaEnrolmentOnly: false })
      .where(and(eq(session.id, sessionId), eq(session.userId, userId)));
    return true;
  },

  /**
   * Accepts a TOTP code's step once: only a step later than the last one accepted passes, in one
   * statement, so two requests with the same code (or an older one) cannot both get through.
   * Answers 'accepted', 'used' (a right code of a step already accepted, or an earlier one: the
   * person is told to wait for the next code) or 'off' (no second factor any more).
   */
  async acceptStep(db: Db, userId: string, step: number): Promise<'accepted' | 'used' | 'off'> {
    const rows = await queryRows<{ id: string }>(
      db,
      sql`update app_user set mfa_last_step = ${step}
          where id = ${userId} and mfa_enabled_at is not null
            and (mfa_last_step is null or mfa_last_step < ${step})
          returning id`,
    );
    if (rows.length === 1) return 'accepted';
    const state = await mfaRepository.findMfaState(db, userId);
    return state?.enabled ? 'used' : 'off';
  },

  /**
   * Turns the second factor off for the account (the person's own choice in My account): the
   * secret, any pending one, the recovery codes and waiting challenges go.
   */
  async disableMfa(db: Db, userId: string): Promise<void> {
    await db
      .update(appUser)
      .set({ mfaSecret: null, mfaPendingSecret: null, mfaEnabledAt: null, mfaLastStep: null })
      .where(eq(appUser.id, userId));
    await db.delete(mfaRecoveryCode).where(eq(mfaRecoveryCode.userId, userId));
    await db.delete(mfaChallenge).where(eq(mfaChallenge.userId, userId));
  },

  /** Replaces every recovery code of the account (used or not) with new ones, by their hashes. */
  async replaceRecoveryCodes(db: Db, userId: string, hashes: readonly string[]): Promise<void> {
    await db.delete(mfaRecoveryCode).where(eq(mfaRecoveryCode.userId, userId));
    await db.insert(mfaRecoveryCode).values(hashes.map((codeHash) => ({ userId, codeHash })));
  },

  /** Uses up one recovery code (by its hash) if it is the account's and unused. */
  async useRecoveryCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
    const rows = await db
      .update(mfaRecoveryCode)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(mfaRecoveryCode.userId, userId),
          eq(mfaRecoveryCode.codeHash, codeHash),
          isNull(mfaRecoveryCode.usedAt),
        ),
      )
      .returning({ id: mfaRecoveryCode.id });
    return rows.length === 1;
  },

  /** How many unused recovery codes an account has left. */
  async remainingRecoveryCodes(db: Db, userId: string): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from mfa_recovery_code where user_id = ${userId} and used_at is null`,
    );
    return row?.n ?? 0;
  },

  /**
   * Records a login waiting for its code; the token itself is only in the caller's hands.
   * Expired challenges go first: the table holds only the last minutes' sign-ins, so that
   * ending an account's waiting ones (accountsRepository) reads a few rows, not every login's.
   */
  async createChallenge(
    db: Db,
    userId: string,
    tokenHash: string,
    ttlSeconds: number,
  ): Promise<void> {
    await db.delete(mfaChallenge).where(sql`${mfaChallenge.expiresAt} <= now()`);
    await db.insert(mfaChallenge).values({
      userId,
      tokenHash,
      expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})`,
    });
  },

  /** The account of a live (unused, unexpired) challenge, by its token's hash. */
  async findChallenge(
    db: Db,
    tokenHash: string,
  ): Promise<{ id: string; userId: string } | undefined> {
    const [row] = await db
      .select({ id: mfaChallenge.id, userId: mfaChallenge.userId })
      .from(mfaChallenge)
      .where(
        and(
          eq(mfaChallenge.tokenHash, tokenHash),
          isNull(mfaChallenge.usedAt),
          sql`${mfaChallenge.expiresAt} > now()`,
        ),
      );
    return row;
  },

  /** Uses a challenge up (its token then works no more); false if it was already used. */
  async consumeChallenge(db: Db, id: string): Promise<boolean> {
    const rows = await db
      .update(mfaChallenge)
      .set({ usedAt: sql`now()` })
      .where(and(eq(mfaChallenge.id, id), isNull(mfaChallenge.usedAt)))
      .returning({ id: mfaChallenge.id });
    return rows.length === 1;
  },

  /**
   * Removes an account's second factor (the admin tool's reset-mfa): secret, pending secret,
   * recovery codes and waiting challenges. Returns the account's id, or undefined if none has
   * that username.
   */
  async resetMfa(
    db: Db,
    username: string,
  ): Promise<{ id: string; hadFactor: boolean } | undefined> {
    const [row] = await queryRows<{ id: string; hadFactor: boolean }>(
      db,
      sql`update app_user u set mfa_secret = null, mfa_pending_secret = null,
            mfa_enabled_at = null, mfa_last_step = null
          from (select id, mfa_enabled_at is not null as had from app_user
                where username = ${normaliseUsername(username)} for update) old
          where u.id = old.id
          returning u.id, old.had as "hadFactor"`,
    );
    if (!row) return undefined;
    await db.delete(mfaRecoveryCode).where(eq(mfaRecoveryCode.userId, row.id));
    await db.delete(mfaChallenge).where(eq(mfaChallenge.userId, row.id));
    return row;
  },
};

import type { Locale } from '@portal/reference-data';
import type {
  AccountSession,
  AccountSummary,
  ChangePasswordResponse,
  EndSessionsResponse,
  MfaConfirmResponse,
} from '@portal/contract';
import {
  MFA_REQUIRED_MESSAGE,
  NO_SUCH_SESSION_MESSAGE,
  PASSWORD_CHANGED_MEANWHILE_MESSAGE,
} from '@portal/contract';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { ProblemError, badRequest, conflict, notFound } from '../errors';
import {
  REVOKE_REASONS,
  accountsRepository,
  mustEnrolSecondFactor,
} from '../repositories/accounts';
import { type Actor, audit, type RequestContext } from '../repositories/audit';
import { mfaRepository } from '../repositories/mfa';
import type { PasswordHasher } from '../security/password-hasher';
import { weakPasswordReason } from '../security/passwords';
import type { SecondFactor } from '../security/second-factor';
import { describeUserAgent } from '../security/user-agent';
import type { AuthService } from './auth-service';

type SignedIn = RequestContext & { actor: Actor };

/**
 * My account: what a signed-in person changes about their own account (password, sessions,
 * second factor). Every call acts on the caller's account only, and every change that weakens
 * or renews its protection asks again for what proves it is them: the current password (the
 * password change) or a current code (turning the second factor off, new recovery codes),
 * through AuthService's throttled checks.
 */
export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly auth: AuthService,
    private readonly passwords: PasswordHasher,
    private readonly secondFactor: SecondFactor,
  ) {}

  /** Who is signed in and the state of their second factor. */
  async summary(context: SignedIn): Promise<AccountSummary> {
    const { actor } = context;
    const account = await accountsRepository.findAccountById(this.db, actor.userId);
    const mfaEnabled = account?.mfaEnabled ?? false;
    return {
      username: actor.username,
      role: actor.role,
      mfa_enabled: mfaEnabled,
      mfa_required: this.mfaRequired(actor),
      recovery_codes_left: mfaEnabled
        ? await mfaRepository.remainingRecoveryCodes(this.db, actor.userId)
        : 0,
      locale: account?.locale ?? null,
    };
  }

  /**
   * Keeps the language the person chose on their account (a preference: not audited); the
   * next login's token carries it, whichever browser it is on.
   */
  async setLocale(context: SignedIn, locale: Locale): Promise<void> {
    await accountsRepository.setLocale(this.db, context.actor.userId, locale);
  }

  /** Whether the hospital's policy holds this account to a second factor (staff, `required`). */
  private mfaRequired(actor: Actor): boolean {
    return mustEnrolSecondFactor(this.config.staffMfa, { role: actor.role, mfaEnabled: false });
  }

  /**
   * A new password: the current one checked first (throttled, hashed off the main thread), the
   * new one held to the strength rules, then the hash replaced and every other session ended
   * in one transaction; this session stays. The hash is replaced only if it is still the one
   * the current password was checked against: of changes at once, one wins and the others
   * are 409 with nothing of theirs in force.
   */
  async changePassword(
    context: SignedIn,
    currentPassword: string,
    newPassword: string,
  ): Promise<ChangePasswordResponse> {
    const { actor } = context;
    // The password as it is when the request begins: one changed after this, by a request
    // sent at the same time, makes this one a 409 rather than a wrong password.
    const asOf = accountsRepository.findPasswordHash(this.db, actor.userId);
    asOf.catch(() => undefined);
    const weak = await weakPasswordReason(newPassword, actor.username);
    if (weak) throw badRequest(weak, [{ field: 'new_password', message: weak }]);
    const checked = await this.auth.confirmPassword(
      context,
      currentPassword,
      'current_password',
      asOf,
    );
    const hash = await this.passwords.hash(newPassword);
    const ended = await this.db.transaction(async (tx) => {
      // Another change (or a reset) since the check: this one was made with a password that
      // is no longer the current one.
      if (!(await accountsRepository.replacePasswordHash(tx, actor.userId, checked, hash)))
        throw conflict('current_password', PASSWORD_CHANGED_MEANWHILE_MESSAGE);
      const count = await accountsRepository.revokeOtherSessions(
        tx,
        actor.userId,
        actor.sessionId,
        REVOKE_REASONS.passwordChanged,
      );
      await audit(tx, context, {
        action: 'account.password.change',
        outcome: 'success',
        recordType: 'account',
      });
      return count;
    });
    context.audited?.({ action: 'account.password.change', outcome: 'success' });
    return { ended_sessions: ended };
  }

  /** The account's open sessions: this one first, then the newest. */
  async listSessions(context: SignedIn): Promise<AccountSession[]> {
    const { actor } = context;
    const rows = await accountsRepository.listOpenSessions(this.db, actor.userId);
    await audit(this.db, context, {
      action: 'account.sessions.list',
      outcome: 'success',
      recordType: 'account',
    });
    return rows
      .map((row) => ({
        id: row.id,
        browser: describeUserAgent(row.userAgent),
        address: row.address,
        started_at: row.startedAt,
        last_seen_at: row.lastSeenAt,
        current: row.id === actor.sessionId,
      }))
      .sort((a, b) => Number(b.current) - Number(a.current));
  }

  /**
   * Ends one of the account's open sessions (this one included: that is a logout). An id that
   * is not an open session of this account, someone else's included, is a 404, audited as
   * denied.
   */
  async endSession(context: SignedIn, sessionId: string): Promise<void> {
    const { actor } = context;
    // The session ends with its audit row, or neither happens.
    const ended = await this.db.transaction(async (tx) => {
      const revoked = await accountsRepository.revokeOwnSession(
        tx,
        actor.userId,
        sessionId,
        sessionId === actor.sessionId ? REVOKE_REASONS.logout : REVOKE_REASONS.signedOutElsewhere,
      );
      await audit(tx, context, {
        action: 'account.session.end',
        outcome: revoked ? 'success' : 'denied',
        recordType: 'account',
      });
      return revoked;
    });
    if (!ended) throw notFound(NO_SUCH_SESSION_MESSAGE);
  }

  /** "Sign out everywhere else": every open session of the account but this one ends. */
  async endOtherSessions(context: SignedIn): Promise<EndSessionsResponse> {
    const { actor } = context;
    const ended = await this.db.transaction(async (tx) => {
      const count = await accountsRepository.revokeOtherSessions(
        tx,
        actor.userId,
        actor.sessionId,
        REVOKE_REASONS.signedOutElsewhere,
      );
      await audit(tx, context, {
        action: 'account.sessions.end-others',
        outcome: 'success',
        recordType: 'account',
      });
      return count;
    });
    return { ended_sessions: ended };
  }

  /**
   * Turns the second factor off with a current code; refused (403) where the hospital requires
   * one (staff under STAFF_MFA=required), before any code is checked.
   */
  async disableMfa(context: SignedIn, code: string): Promise<void> {
    if (this.mfaRequired(context.actor)) {
      await audit(this.db, context, {
        action: 'mfa.disable',
        outcome: 'denied',
        recordType: 'account',
      });
      throw new ProblemError(403, 'Forbidden', MFA_REQUIRED_MESSAGE);
    }
    await this.auth.confirmSecondFactor(context, code, 'mfa.disable');
    await this.db.transaction(async (tx) => {
      await mfaRepository.disableMfa(tx, context.actor.userId);
      await audit(tx, context, {
        action: 'mfa.disable',
        outcome: 'success',
        recordType: 'account',
      });
    });
    context.audited?.({ action: 'mfa.disable', outcome: 'success' });
  }

  /** Ten new recovery codes (shown once) for a current code; the old ones stop working. */
  async regenerateRecoveryCodes(context: SignedIn, code: string): Promise<MfaConfirmResponse> {
    await this.auth.confirmSecondFactor(context, code, 'mfa.recovery-codes');
    const recovery = this.secondFactor.newRecoveryCodes();
    await this.db.transaction(async (tx) => {
      await mfaRepository.replaceRecoveryCodes(tx, context.actor.userId, recovery.hashes);
      await audit(tx, context, {
        action: 'mfa.recovery-codes',
        outcome: 'success',
        recordType: 'account',
      });
    });
    context.audited?.({ action: 'mfa.recovery-codes', outcome: 'success' });
    return { recovery_codes: recovery.codes };
  }
}

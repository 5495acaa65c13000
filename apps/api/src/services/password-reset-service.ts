import { createHash, randomBytes } from 'node:crypto';
import {
  PASSWORD_RESET_LINK_ENDED_MESSAGE,
  PASSWORD_RESET_TTL_MINUTES,
  normaliseUsername,
} from '@portal/contract';
import { HOSPITAL_NAME } from '@portal/reference-data';
import { serverText } from '@portal/i18n/server';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { badRequest, tooManyRequests } from '../errors';
import { letter, mailLocale } from '../mail/appointment-mail';
import type { Mailer } from '../mail/mailer';
import { REVOKE_REASONS, accountsRepository } from '../repositories/accounts';
import { audit, type RequestContext } from '../repositories/audit';
import { passwordResetsRepository } from '../repositories/password-resets';
import { type ThrottleKey, throttleRepository } from '../repositories/throttle';
import type { PasswordHasher } from '../security/password-hasher';
import { weakPasswordReason } from '../security/passwords';

/** What the reset flow is built from. */
export interface PasswordResetOptions {
  readonly db: Db;
  readonly config: Config;
  readonly passwords: PasswordHasher;
  readonly mailer: Mailer;
  /** The portal's address, which the mailed link starts with. */
  readonly publicUrl: string;
  /** The clock links' 30 minutes are counted on (tests pass a fake one). */
  readonly clock: () => number;
  readonly onThrottled?: () => void;
}

/** What the database keeps of a link's token: its SHA-256, in hex. */
export const resetTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A forgotten password, by e-mail: a request mails a single-use link valid 30 minutes to the
 * record's e-mail (only the token's hash is stored); the link's page sets a new password (the
 * strength rules), which ends every session and waiting second-factor sign-in of the account.
 * The second factor stays: staff who have one still need it at the next login.
 *
 * No account oracle: a request answers the same 202 whether or not the name is an account,
 * after the same work (a token made and hashed, one statement, an audit row); the mail is
 * composed and sent in the background. Requests are throttled per name (in its one form,
 * known or not) and per address, with the login throttle's table and limits; each request
 * counts, whatever it finds.
 */
export class PasswordResetService {
  constructor(private readonly options: PasswordResetOptions) {}

  private keys(username: string, address: string): [ThrottleKey, ThrottleKey] {
    const { throttle } = this.options.config;
    return [
      {
        key: `reset:username:${normaliseUsername(username)}`,
        maxFailures: throttle.maxFailuresPerAccount,
      },
      { key: `reset:address:${address}`, maxFailures: throttle.maxFailuresPerAddress },
    ];
  }

  async request(context: RequestContext, username: string): Promise<void> {
    const { db, config, clock } = this.options;
    const reservation = await throttleRepository.reserveAttempt(
      db,
      this.keys(username, context.address),
      config.throttle,
    );
    if (!reservation.allowed) {
      this.options.onThrottled?.();
      throw tooManyRequests('Too many requests. Try again later.', reservation.retryAfterSeconds);
    }
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(clock() + PASSWORD_RESET_TTL_MINUTES * 60_000);
    const recipient = await passwordResetsRepository.create(
      db,
      username,
      resetTokenHash(token),
      expiresAt,
    );
    await audit(db, context, {
      action: 'account.password.reset-request',
      outcome: recipient ? 'success' : 'denied',
      recordType: 'account',
      username,
    });
    if (!recipient?.email) return;
    const locale = mailLocale(recipient.locale);
    const link = `${this.options.publicUrl}/password-reset#token=${token}`;
    this.options.mailer.send({
      kind: 'password-reset',
      to: recipient.email,
      subject: `${serverText('public.mail.resetSubject', locale)} – ${HOSPITAL_NAME}`,
      text: letter(
        locale,
        recipient.displayName,
        serverText('public.mail.resetBody', locale, { username: recipient.username, link }),
      ),
    });
  }

  /**
   * Sets the new password with a link's token: 400 naming `token` when the link is unknown,
   * used or past its 30 minutes (wrong tokens count on the caller's address, as wrong
   * passwords do), naming `new_password` when it is too weak.
   */
  async confirm(context: RequestContext, token: string, newPassword: string): Promise<void> {
    const { db, config, clock, passwords } = this.options;
    const addressKey: ThrottleKey = {
      key: `reset-link:address:${context.address}`,
      maxFailures: config.throttle.maxFailuresPerAddress,
    };
    const reservation = await throttleRepository.reserveAttempt(db, [addressKey], config.throttle);
    if (!reservation.allowed) {
      this.options.onThrottled?.();
      throw tooManyRequests(
        'Too many failed attempts. Try again later.',
        reservation.retryAfterSeconds,
      );
    }
    const tokenHash = resetTokenHash(token);
    const ended = async (): Promise<never> => {
      await throttleRepository.recordFailure(
        db,
        [addressKey],
        reservation.attempts,
        config.throttle,
      );
      await audit(db, context, {
        action: 'account.password.reset-link',
        outcome: 'failure',
        recordType: 'account',
      });
      throw badRequest(PASSWORD_RESET_LINK_ENDED_MESSAGE, [
        { field: 'token', message: PASSWORD_RESET_LINK_ENDED_MESSAGE },
      ]);
    };
    const account = await passwordResetsRepository.findValid(db, tokenHash, new Date(clock()));
    if (!account) return ended();
    // A real link: the attempt is given back whatever follows.
    await throttleRepository.releaseAttempt(db, [addressKey.key]);
    const weak = await weakPasswordReason(newPassword, account.username);
    if (weak) throw badRequest(weak, [{ field: 'new_password', message: weak }]);
    const hash = await passwords.hash(newPassword);
    const done = await db.transaction(async (tx) => {
      if (
        !(await passwordResetsRepository.consume(tx, tokenHash, account.userId, new Date(clock())))
      )
        return false;
      await accountsRepository.setPasswordHash(tx, account.userId, hash);
      await accountsRepository.revokeUserSessions(
        tx,
        account.userId,
        REVOKE_REASONS.passwordResetByMail,
      );
      await audit(tx, context, {
        action: 'account.password.reset',
        outcome: 'success',
        recordType: 'account',
        username: account.username,
      });
      return true;
    });
    // Used by another request meanwhile.
    if (!done) return ended();
    context.audited?.({ action: 'account.password.reset', outcome: 'success' });
  }
}

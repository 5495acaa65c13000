import type {
  LoginResponse,
  MfaConfirmResponse,
  MfaSetupResponse,
  registerRequestSchema,
  TokenResponse,
} from '@portal/contract';
import {
  ACCESS_AWAITING_APPROVAL_MESSAGE,
  ACTIVATION_CODE_LOCKED_MESSAGE,
  ACTIVATION_CODE_MAX_ATTEMPTS,
  MFA_TOKEN_TTL_SECONDS,
  normaliseUsername,
  POSITION_WITHOUT_PORTAL_ACCESS_MESSAGE,
  WRONG_CREDENTIALS_MESSAGE,
  WRONG_MFA_CODE_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
  USED_MFA_CODE_MESSAGE,
} from '@portal/contract';
import type { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db/database';
import {
  ProblemError,
  badRequest,
  conflict,
  tooManyRequests,
  unauthorized,
  uniqueViolation,
} from '../errors';
import {
  type LoginCandidate,
  REVOKE_REASONS,
  accountsRepository,
  accountIsActive,
  mustEnrolSecondFactor,
} from '../repositories/accounts';
import { type Actor, audit, type AuditEntry, type RequestContext } from '../repositories/audit';
import { type ThrottleKey, throttleRepository } from '../repositories/throttle';
import { mfaRepository } from '../repositories/mfa';
import type { DeviceCookies } from '../security/device-cookies';
import type { PoolLane } from '../security/hash-pool';
import type { LoginChallenges } from '../security/login-challenges';
import { generateMfaToken, hashMfaToken } from '../security/mfa-codes';
import { type PasswordHasher, PoolBusyProblem } from '../security/password-hasher';
import type { CodeCheck, SecondFactor } from '../security/second-factor';
import { weakPasswordReason } from '../security/passwords';
import type { TokenService } from '../security/tokens';

type RegisterInput = z.output<typeof registerRequestSchema>;

/** The answer when an id, role and activation code do not make a registration. */
const NOT_ELIGIBLE =
  'These details do not match a record waiting for registration. Check the ID and the activation code, or ask for a new code.';

/** The answer to an mfa_token that is unknown, used or past its five minutes. */
const MFA_TOKEN_ENDED = 'Your sign-in has expired. Please log in again.';

/** Which throttled call an attempt was (the metrics count refusals by it). */
export type ThrottledCall = 'login' | 'register' | 'mfa';

/** Most a throttled answer is held back, in milliseconds. */
const MAX_SLOWDOWN_MS = 4000;

/** What AuthService is built from. */
export interface AuthServiceOptions {
  readonly db: Db;
  readonly tokens: TokenService;
  readonly config: Config;
  /** How an answer is held back (tests pass one that does not wait). */
  readonly sleep: (ms: number) => Promise<void>;
  readonly passwords: PasswordHasher;
  readonly secondFactor: SecondFactor;
  readonly devices: DeviceCookies;
  readonly challenges: LoginChallenges;
  /** Told of each attempt the lock refuses (the metrics count them). */
  readonly onThrottled?: (call: ThrottledCall) => void;
}

/**
 * One reserved attempt at a secret (a password, a code, an activation code), as the body of
 * {@link AuthService.withAttempt} sees it.
 */
interface Attempt {
  /** Holds the answer back by the attempts already counted on the first key. */
  holdBack(): Promise<void>;
  /** A wrong secret: the attempt stays counted, `entry` is audited, and `error` is thrown. */
  fail(entry: AuditEntry, error: ProblemError): Promise<never>;
  /** A right secret: the first key's count starts again. */
  succeed(): Promise<void>;
}

/**
 * Login, registration, renewal and logout: the account rules of the product decisions.
 *
 * Throttling (docs/operations.md, "Password hashing and throttling"): every login reserves an
 * attempt on its account and its address, and every registration on its address, in the
 * database and before any password is hashed or checked; an attempt over a limit is refused
 * with 429 and never reaches the hashing pool. A failed attempt stays counted; one that did not
 * really test a secret (a success, a busy pool, a refusal before the check) is given back.
 */
export class AuthService {
  private readonly db: Db;
  private readonly tokens: TokenService;
  private readonly config: Config;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly passwords: PasswordHasher;
  private readonly secondFactor: SecondFactor;
  private readonly devices: DeviceCookies;
  private readonly challenges: LoginChallenges;
  private readonly onThrottled: (call: ThrottledCall) => void;

  constructor(options: AuthServiceOptions) {
    ({
      db: this.db,
      tokens: this.tokens,
      config: this.config,
      sleep: this.sleep,
      passwords: this.passwords,
      secondFactor: this.secondFactor,
      devices: this.devices,
      challenges: this.challenges,
    } = options);
    this.onThrottled = options.onThrottled ?? (() => {});
  }

  /** Accounts with a trusted login being checked now, here: one at a time each. */
  private readonly trustedInFlight = new Set<string>();

  /** The second factor's own count per account, beside the password's (same maximum). */
  private mfaKey(userId: string): ThrottleKey {
    return { key: `mfa:${userId}`, maxFailures: this.config.throttle.maxFailuresPerAccount };
  }

  /** A device cookie's own count (its nonce), with the account's maximum (OWASP). */
  private deviceKey(nonce: string): ThrottleKey {
    return { key: `device:${nonce}`, maxFailures: this.config.throttle.maxFailuresPerAccount };
  }

  private addressKey(address: string): ThrottleKey {
    return {
      key: `address:${address}`,
      maxFailures: this.config.throttle.maxFailuresPerAddress,
    };
  }

  /**
   * The password's count: the account's own (by id) when the name is one, so that no spelling
   * of it reaches another counter; for a name with no account, its one form, so that spellings
   * of it cannot multiply the guesses either.
   */
  private accountKey(account: { id: string } | undefined, username: string): ThrottleKey {
    return {
      key: account ? `account:${account.id}` : `username:${normaliseUsername(username)}`,
      maxFailures: this.config.throttle.maxFailuresPerAccount,
    };
  }

  /**
   * Runs `body` as one attempt counted on `keys`: reserved before it starts (or refused with
   * 429 and Retry-After once a key is locked), kept counted when the body calls `fail`, and
   * given back otherwise (a success, a busy pool, a refusal before the secret was tested, an
   * error), since only a wrong secret may bring the lock closer. Every throttled call goes
   * through here, as every audited write goes through auditedWrite.
   */
  private async withAttempt<T>(
    context: RequestContext,
    keys: readonly [ThrottleKey, ...ThrottleKey[]],
    call: ThrottledCall,
    body: (attempt: Attempt) => Promise<T>,
  ): Promise<T> {
    const reservation = await throttleRepository.reserveAttempt(
      this.db,
      keys,
      this.config.throttle,
    );
    if (!reservation.allowed) {
      this.onThrottled(call);
      throw tooManyRequests(
        'Too many failed attempts. Try again later.',
        reservation.retryAfterSeconds,
      );
    }
    const { attempts } = reservation;
    let failed = false;
    try {
      return await body({
        holdBack: () => this.holdBack(attempts.get(keys[0].key) ?? 1),
        fail: async (entry, error) => {
          failed = true;
          await throttleRepository.recordFailure(this.db, keys, attempts, this.config.throttle);
          await audit(this.db, context, entry);
          throw error;
        },
        succeed: () => throttleRepository.clearAccount(this.db, keys[0].key),
      });
    } finally {
      // Given back on a best-effort basis: a failure here only leaves the count high.
      if (!failed)
        await throttleRepository
          .releaseAttempt(
            this.db,
            keys.map((k) => k.key),
          )
          .catch(() => undefined);
    }
  }

  /**
   * Holds back the answer a little more with each earlier attempt counted against the account
   * (past the second), so guessing gets slow before it gets refused.
   */
  private async holdBack(attempts: number): Promise<void> {
    const earlier = attempts - 1;
    const delay = Math.min(
      MAX_SLOWDOWN_MS,
      Math.max(0, earlier - 2) * this.config.throttle.slowdownMs,
    );
    if (delay > 0) await this.sleep(delay);
  }

  /**
   * Checks the password (in the same time for unknown users), then opens a session. A browser
   * whose device cookie names the account goes the trusted way (loginTrusted) instead.
   *
   * Any other login that finds its queue of the hashing pool full is answered 503 with a
   * proof-of-work challenge (security/login-challenges.ts); sent again with the challenge
   * solved (`proof`), it waits in the pool's proven lane, which the flood of anonymous attempts
   * does not fill. The proof only buys the place in the queue: the attempt is counted against
   * the account and the address exactly as any other.
   */
  async login(
    context: RequestContext,
    username: string,
    password: string,
    proofText?: string,
  ): Promise<LoginResponse> {
    const proof = proofText === undefined ? undefined : this.challenges.read(proofText);
    if (proofText !== undefined && !proof) {
      throw badRequest('proof: Not a proof of work', [
        { field: 'proof', message: 'Not a proof of work' },
      ]);
    }
    const trusted = await this.trustedDevice(context, username);
    if (trusted) return this.loginTrusted(context, trusted, username, password);
    // A proof that is no longer good (expired, used, forged) is no reason to refuse: the login
    // is an anonymous one, and gets a new challenge if that queue is full.
    const lane: PoolLane = proof && (await this.challenges.redeem(proof)) ? 'proven' : 'anonymous';
    try {
      this.passwords.refuseIfBusy(lane);
      const account = await accountsRepository.findLoginCandidate(this.db, username);
      const keys = [this.accountKey(account, username), this.addressKey(context.address)] as const;
      return await this.withAttempt(context, keys, 'login', async (attempt) => {
        await attempt.holdBack();
        const check = await this.passwords.verify(password, account?.passwordHash, lane);
        if (!account || !check.valid) {
          return attempt.fail(
            { action: 'login', outcome: 'failure', recordType: 'account', username },
            unauthorized(WRONG_CREDENTIALS_MESSAGE),
          );
        }
        return this.open(context, account, password, check.rehash, attempt);
      });
    } catch (error) {
      if (!(error instanceof PoolBusyProblem)) throw error;
      throw new PoolBusyProblem(error.retryAfterSeconds, {
        challenge: await this.challenges.issue(),
      });
    }
  }

  /**
   * The account being logged into, when the caller's device cookie trusts this browser for it
   * and no other trusted login to it is being checked here (so one account, whatever number
   * of cookies it collects, holds at most one place in the trusted lane and makes at most one
   * lookup at a time); otherwise undefined: the login is an anonymous one, refused before any
   * database work when the pool is full, whatever cookie it carries.
   */
  private async trustedDevice(
    context: RequestContext,
    username: string,
  ): Promise<{ account: LoginCandidate; nonce: string } | undefined> {
    const entry = this.devices
      .trusting(context.device?.presented, username)
      .find((e) => !this.trustedInFlight.has(e.accountId));
    if (!entry) return undefined;
    this.trustedInFlight.add(entry.accountId);
    const account = await accountsRepository
      .findLoginCandidate(this.db, username)
      .catch((error: unknown) => {
        this.trustedInFlight.delete(entry.accountId);
        throw error;
      });
    if (account?.id === entry.accountId) return { account, nonce: entry.nonce };
    this.trustedInFlight.delete(entry.accountId);
    return undefined;
  }

  /**
   * A login from a browser the account logged in from before (security/device-cookies.ts): its
   * password check takes the hashing pool's trusted lane, and its attempts count against the
   * cookie alone, not the account or the address, so neither a flood of strangers nor someone
   * guessing at the account keeps the owner out, and a stolen cookie gets its own few guesses.
   */
  private async loginTrusted(
    context: RequestContext,
    { account, nonce }: { account: LoginCandidate; nonce: string },
    username: string,
    password: string,
  ): Promise<LoginResponse> {
    try {
      this.passwords.refuseIfBusy('trusted');
      const keys = [this.deviceKey(nonce)] as const;
      return await this.withAttempt(context, keys, 'login', async (attempt) => {
        await attempt.holdBack();
        const check = await this.passwords.verify(password, account.passwordHash, 'trusted');
        if (!check.valid) {
          return attempt.fail(
            { action: 'login', outcome: 'failure', recordType: 'account', username },
            unauthorized(WRONG_CREDENTIALS_MESSAGE),
          );
        }
        // The account's own count starts again as after any login; the browser gets a new
        // nonce with the new cookie, so the old one's count is done with too.
        const answer = await this.open(context, account, password, check.rehash, {
          succeed: () =>
            throttleRepository.clearAccount(this.db, this.accountKey(account, username).key),
        });
        await attempt.succeed();
        return answer;
      });
    } finally {
      this.trustedInFlight.delete(account.id);
    }
  }

  /**
   * The right password: the rest of the login. An account with a second factor gets a one-time
   * mfa_token for POST /login/mfa instead of a session; staff without one, under
   * STAFF_MFA=required, a session that reaches only the enrolment calls.
   */
  private async open(
    context: RequestContext,
    account: LoginCandidate,
    password: string,
    rehash: boolean,
    attempt: Pick<Attempt, 'succeed'>,
  ): Promise<LoginResponse> {
    await this.refuseInactive(context, account);
    await attempt.succeed();
    if (rehash) await this.upgradeHash(account, password);
    if (account.mfaEnabled) {
      const mfaToken = generateMfaToken();
      await mfaRepository.createChallenge(
        this.db,
        account.id,
        hashMfaToken(mfaToken),
        MFA_TOKEN_TTL_SECONDS,
      );
      await audit(this.db, context, {
        action: 'mfa.challenge',
        outcome: 'success',
        recordType: 'account',
        username: account.username,
      });
      return { mfa_required: true, mfa_token: mfaToken };
    }
    const enrolmentOnly = mustEnrolSecondFactor(this.config.staffMfa, account);
    const answer = await this.startSession(context, account, enrolmentOnly);
    return enrolmentOnly ? { ...answer, mfa_setup_required: true } : answer;
  }

  /** A disabled account (locked, departed, no portal role) is refused, and told why. */
  private async refuseInactive(
    context: RequestContext,
    account: Omit<LoginCandidate, 'passwordHash'>,
  ): Promise<void> {
    if (!accountIsActive(account)) {
      await audit(this.db, context, {
        action: 'login',
        outcome: 'denied',
        recordType: 'account',
        username: account.username,
      });
      // Staff whose current position carries no portal role are told so (the product decisions).
      const movedOut =
        account.lockedAt === null && account.workStatus === 'yes' && !account.hasPortalRole;
      throw new ProblemError(
        403,
        'Forbidden',
        !movedOut
          ? 'This account is disabled. Please contact the Help Desk.'
          : account.accessPending
            ? ACCESS_AWAITING_APPROVAL_MESSAGE
            : POSITION_WITHOUT_PORTAL_ACCESS_MESSAGE,
      );
    }
  }

  /** Opens a session for the account and audits the login. */
  private async startSession(
    context: RequestContext,
    account: Omit<LoginCandidate, 'passwordHash'>,
    enrolmentOnly = false,
  ): Promise<TokenResponse> {
    const created = await accountsRepository.createSession(
      this.db,
      account.id,
      this.config.tokenTtlSeconds,
      this.config.sessionMaxSeconds,
      enrolmentOnly,
      { userAgent: context.userAgent, address: context.address },
    );
    const actor = actorOf(account, created.id);
    const { token } = await this.tokens.sign(claimsFor(actor), created.absoluteExpiresAt);
    // A login that opens a session makes (or keeps) this browser trusted for the account.
    context.device?.keep(
      this.devices.issue(context.device.presented, account.id, account.username),
    );
    await audit(
      this.db,
      { ...context, actor },
      { action: 'login', outcome: 'success', recordType: 'account' },
    );
    return { token, role: account.role };
  }

  /**
   * Stores a new hash of the password the account just signed in with (an old scheme or cost).
   * A full hashing pool skips it: the login goes ahead, and the next one tries again. Only the
   * hash it was checked against is replaced: a password changed meanwhile stays.
   */
  private async upgradeHash(account: LoginCandidate, password: string): Promise<void> {
    let hash: string;
    try {
      hash = await this.passwords.hash(password);
    } catch (error) {
      if (error instanceof ProblemError && error.status === 503) return;
      throw error;
    }
    await accountsRepository.replacePasswordHash(this.db, account.id, account.passwordHash, hash);
  }

  /**
   * Links a new account to the record named by id, role and a valid one-time code. Failures
   * count against the caller's address only: a 60-bit single-use code needs no lock on the
   * record, and such a lock would let anyone block someone else's registration.
   */
  async register(context: RequestContext, input: RegisterInput) {
    this.passwords.refuseIfBusy();
    const keys = [this.addressKey(context.address)] as const;
    return this.withAttempt(context, keys, 'register', (attempt) =>
      this.registerReserved(context, input, attempt),
    );
  }

  /** Registration once its attempt is reserved: a wrong id or code fails the attempt. */
  private async registerReserved(context: RequestContext, input: RegisterInput, attempt: Attempt) {
    const weak = await weakPasswordReason(input.password, input.username);
    if (weak) throw badRequest(weak, [{ field: 'password', message: weak }]);
    let reset = false;
    try {
      await this.countCodeAttempt(context, input);
      const passwordHash = await this.passwords.hash(input.password);
      reset = await this.db.transaction(async (tx) => {
        const subject = await accountsRepository.findRegistrationSubject(tx, input.role, input.id);
        const eligible = subject && subject.active && subject.grantsRole === input.role;
        if (
          !eligible ||
          !(await accountsRepository.consumeActivationCode(
            tx,
            subject.subject,
            input.activation_code,
          ))
        ) {
          throw badRequest(NOT_ELIGIBLE, [{ field: 'activation_code', message: NOT_ELIGIBLE }]);
        }
        const existing = subject.registered
          ? await accountsRepository.findAccountOfSubject(tx, subject.subject)
          : undefined;
        if (existing) {
          await this.resetForgottenPassword(tx, context, existing.id, input, passwordHash);
          return true;
        }
        await accountsRepository.insertUser(tx, {
          username: input.username,
          passwordHash,
          role: input.role,
          subject: subject.subject,
        });
        await audit(tx, context, {
          action: 'register',
          outcome: 'success',
          recordType: 'account',
          recordIds: [input.id],
          username: input.username,
        });
        return false;
      });
    } catch (error) {
      if (uniqueViolation(error) === 'app_user_username_key') {
        throw conflict('username', 'This username is taken; choose another');
      }
      if (error instanceof ProblemError && error.status === 400) {
        return attempt.fail(
          {
            action: 'register',
            outcome: 'failure',
            recordType: 'account',
            username: input.username,
          },
          error,
        );
      }
      throw error;
    }
    context.audited?.({
      action: reset ? 'account.password.reset' : 'register',
      outcome: 'success',
    });
    return { username: input.username, role: input.role, id: input.id };
  }

  /**
   * The hospital's way for a forgotten password: staff issue a new activation code for the
   * record, and the person registers again with it. The code proves who they are as it did the
   * first time, so the account already linked to the record takes the username and password
   * typed; its second factor stays (an administrator resets a lost one), and every open session
   * of it ends, since whoever knew the old password may hold one.
   */
  private async resetForgottenPassword(
    tx: Db,
    context: RequestContext,
    userId: string,
    input: RegisterInput,
    passwordHash: string,
  ): Promise<void> {
    await accountsRepository.resetAccountCredentials(tx, userId, input.username, passwordHash);
    await accountsRepository.revokeUserSessions(tx, userId, REVOKE_REASONS.passwordReset);
    await audit(tx, context, {
      action: 'account.password.reset',
      outcome: 'success',
      recordType: 'account',
      recordIds: [input.id],
      username: input.username,
    });
  }

  /**
   * Counts the registration against the activation code it names, before anything about the
   * username or the record is looked at: a valid code answers at most
   * ACTIVATION_CODE_MAX_ATTEMPTS registrations (a taken username's 409 included), so it cannot
   * probe which usernames exist. Past that the code is locked until staff issue a new one; the
   * attempt that finds it locked first is audited. The count is its own statement, outside the
   * registration's transaction, so an attempt that fails still counts.
   */
  private async countCodeAttempt(context: RequestContext, input: RegisterInput): Promise<void> {
    const subject = await accountsRepository.findRegistrationSubject(this.db, input.role, input.id);
    // No such record: the registration's own check answers NOT_ELIGIBLE.
    if (!subject) return;
    const count = await accountsRepository.countActivationCodeAttempt(
      this.db,
      subject.subject,
      input.activation_code,
    );
    if (count === undefined || count <= ACTIVATION_CODE_MAX_ATTEMPTS) return;
    if (count === ACTIVATION_CODE_MAX_ATTEMPTS + 1) {
      await audit(this.db, context, {
        action: 'register.code-locked',
        outcome: 'denied',
        recordType: 'account',
        recordIds: [input.id],
        username: input.username,
      });
    }
    throw badRequest(ACTIVATION_CODE_LOCKED_MESSAGE, [
      { field: 'activation_code', message: ACTIVATION_CODE_LOCKED_MESSAGE },
    ]);
  }

  /**
   * Re-authentication: the signed-in user's current password, asked again before a call that
   * changes how the account is protected (setting up a second factor now; turning it off,
   * regenerating recovery codes, changing the password or ending other sessions when they
   * come). Every such call must go through here, so that a token alone (stolen, or a browser
   * left signed in) cannot do it. A wrong password counts on the account's and the address's
   * throttle exactly as a failed login does (and the lock refuses it the same way); the hash is
   * checked in the hashing pool. Answers 400 naming `field` (`password` unless the call names
   * it otherwise) when it is wrong; when right, gives the hash it was checked against, so that
   * a change made on the strength of it can be refused if the password changed meanwhile.
   * `asOf`, the account's hash read when the request began, is checked instead of reading it
   * now: a request that began before another changed the password is then answered as a
   * change made meanwhile rather than as a wrong password.
   */
  async confirmPassword(
    context: RequestContext & { actor: Actor },
    password: string,
    field = 'password',
    asOf?: Promise<string | undefined>,
  ): Promise<string> {
    this.passwords.refuseIfBusy();
    const { actor } = context;
    const keys = [
      this.accountKey({ id: actor.userId }, actor.username),
      this.addressKey(context.address),
    ] as const;
    return this.withAttempt(context, keys, 'login', async (attempt) => {
      await attempt.holdBack();
      const hash = await (asOf ?? accountsRepository.findPasswordHash(this.db, actor.userId));
      const check = await this.passwords.verify(password, hash);
      if (!check.valid || hash === undefined) {
        return attempt.fail(
          { action: 'password.confirm', outcome: 'failure', recordType: 'account' },
          badRequest(WRONG_PASSWORD_MESSAGE, [{ field, message: WRONG_PASSWORD_MESSAGE }]),
        );
      }
      await attempt.succeed();
      return hash;
    });
  }

  /**
   * The second step of a login: the mfa_token from the password step and a TOTP code (each
   * step's code accepted once) or an unused recovery code. Wrong codes are throttled per
   * account and per address exactly like passwords; the token works until one code is right,
   * for five minutes at most.
   */
  async loginMfa(context: RequestContext, mfaToken: string, code: string): Promise<TokenResponse> {
    const challenge = await mfaRepository.findChallenge(this.db, hashMfaToken(mfaToken));
    if (!challenge) throw unauthorized(MFA_TOKEN_ENDED);
    const keys = [this.mfaKey(challenge.userId), this.addressKey(context.address)] as const;
    return this.withAttempt(context, keys, 'mfa', async (attempt) => {
      await attempt.holdBack();
      const account = await accountsRepository.findAccountById(this.db, challenge.userId);
      const state = account && (await mfaRepository.findMfaState(this.db, account.id));
      // Reset by an administrator while the code was being typed: log in again.
      if (!account || !state?.enabled || !state.secret) throw unauthorized(MFA_TOKEN_ENDED);
      await this.refuseInactive(context, account);
      const check = await this.secondFactor.check(state.secret, account.id, code);
      const outcome = await this.acceptCode(account.id, check);
      if (outcome !== 'accepted') {
        return attempt.fail(
          {
            action: 'mfa.verify',
            outcome: 'failure',
            recordType: 'account',
            username: account.username,
          },
          unauthorized(outcome === 'used' ? USED_MFA_CODE_MESSAGE : WRONG_MFA_CODE_MESSAGE),
        );
      }
      if (!(await mfaRepository.consumeChallenge(this.db, challenge.id)))
        throw unauthorized(MFA_TOKEN_ENDED);
      await attempt.succeed();
      await audit(this.db, context, {
        action: check.kind === 'recovery' ? 'mfa.recovery-code' : 'mfa.verify',
        outcome: 'success',
        recordType: 'account',
        username: account.username,
      });
      return this.startSession(context, account);
    });
  }

  /**
   * Uses a checked code up: a TOTP code's step once (a right code of a step already accepted
   * is 'used'), a recovery code once.
   */
  private async acceptCode(
    userId: string,
    check: CodeCheck,
  ): Promise<'accepted' | 'used' | 'wrong'> {
    if (check.kind === 'totp') {
      const accepted = await mfaRepository.acceptStep(this.db, userId, check.step);
      return accepted === 'off' ? 'wrong' : accepted;
    }
    if (
      check.kind === 'recovery' &&
      (await mfaRepository.useRecoveryCode(this.db, userId, check.hash))
    ) {
      return 'accepted';
    }
    return 'wrong';
  }

  /**
   * A signed-in user's current second-factor code, asked before a call that weakens or renews
   * it (turning it off, new recovery codes): a TOTP code (its step used up) or an unused
   * recovery code, throttled per account and per address as sign-in codes are. Answers 400
   * naming `code` when it is wrong, or used already in its 30 seconds (a message of its own).
   */
  async confirmSecondFactor(
    context: RequestContext & { actor: Actor },
    code: string,
    action: 'mfa.disable' | 'mfa.recovery-codes',
  ): Promise<void> {
    const { actor } = context;
    const state = await mfaRepository.findMfaState(this.db, actor.userId);
    if (!state?.enabled || !state.secret) {
      throw conflict('code', 'Two-step verification is not on for this account.');
    }
    const keys = [this.mfaKey(actor.userId), this.addressKey(context.address)] as const;
    const secret = state.secret;
    await this.withAttempt(context, keys, 'mfa', async (attempt) => {
      await attempt.holdBack();
      const check = await this.secondFactor.check(secret, actor.userId, code);
      const outcome = await this.acceptCode(actor.userId, check);
      if (outcome !== 'accepted') {
        const message = outcome === 'used' ? USED_MFA_CODE_MESSAGE : WRONG_MFA_CODE_MESSAGE;
        await attempt.fail(
          { action, outcome: 'failure', recordType: 'account' },
          badRequest(message, [{ field: 'code', message }]),
        );
      }
      await attempt.succeed();
    });
  }

  /**
   * Starts enrolling a second factor for the signed-in user: a new secret, kept sealed until a
   * code confirms it. An account that has one already must have it reset first (admin tool).
   * The current password is asked again first ({@link confirmPassword}).
   */
  async setupMfa(
    context: RequestContext & { actor: Actor },
    password: string,
  ): Promise<MfaSetupResponse> {
    const { actor } = context;
    const state = await mfaRepository.findMfaState(this.db, actor.userId);
    if (state?.enabled) {
      throw conflict(
        'mfa',
        'A second factor is already on for this account. An administrator can reset it.',
      );
    }
    await this.confirmPassword(context, password);
    const created = this.secondFactor.newSecret(actor.userId, actor.username);
    await mfaRepository.setPendingSecret(this.db, actor.userId, created.sealed);
    await audit(this.db, context, {
      action: 'mfa.setup',
      outcome: 'success',
      recordType: 'account',
    });
    return { secret: created.secret, otpauth_url: created.otpauthUrl };
  }

  /**
   * Turns the second factor on with the first code from the app (throttled like sign-in
   * codes), and answers ten recovery codes, shown once and stored hashed. The session then
   * reaches everything its role allows.
   */
  async confirmMfa(
    context: RequestContext & { actor: Actor },
    code: string,
  ): Promise<MfaConfirmResponse> {
    const { actor } = context;
    const state = await mfaRepository.findMfaState(this.db, actor.userId);
    if (state?.enabled) {
      throw conflict('code', 'A second factor is already on for this account.');
    }
    if (!state?.pendingSecret) {
      throw badRequest('Start the set-up first.', [
        { field: 'code', message: 'Start the set-up first.' },
      ]);
    }
    const pending = state.pendingSecret;
    const keys = [this.mfaKey(actor.userId), this.addressKey(context.address)] as const;
    return this.withAttempt(context, keys, 'mfa', async (attempt) => {
      const step = await this.secondFactor.matchTotp(pending, actor.userId, code);
      if (step === null) {
        return attempt.fail(
          { action: 'mfa.enrol', outcome: 'failure', recordType: 'account' },
          badRequest(WRONG_MFA_CODE_MESSAGE, [{ field: 'code', message: WRONG_MFA_CODE_MESSAGE }]),
        );
      }
      const recovery = this.secondFactor.newRecoveryCodes();
      await this.db.transaction(async (tx) => {
        const enabled = await mfaRepository.enableMfa(
          tx,
          actor.userId,
          pending,
          step,
          recovery.hashes,
          actor.sessionId,
        );
        // Another request confirmed (or set up anew) meanwhile.
        if (!enabled) throw conflict('code', 'The set-up changed meanwhile. Start it again.');
        await audit(tx, context, {
          action: 'mfa.enrol',
          outcome: 'success',
          recordType: 'account',
        });
      });
      context.audited?.({ action: 'mfa.enrol', outcome: 'success' });
      await attempt.succeed();
      return { recovery_codes: recovery.codes };
    });
  }

  /** A fresh token for a live session, up to the session's absolute limit. */
  async renew(
    context: RequestContext & { actor: Actor },
    absoluteExpiresAt: Date,
  ): Promise<TokenResponse> {
    const { actor } = context;
    const { token, expiresAt } = await this.tokens.sign(claimsFor(actor), absoluteExpiresAt);
    await accountsRepository.touchSession(this.db, actor.sessionId, expiresAt);
    await audit(this.db, context, {
      action: 'session.renew',
      outcome: 'success',
      recordType: 'account',
    });
    return { token, role: actor.role };
  }

  /** Ends the session: its token is refused from now on. */
  async logout(context: RequestContext & { actor: Actor }): Promise<void> {
    await accountsRepository.revokeSession(this.db, context.actor.sessionId, REVOKE_REASONS.logout);
    await audit(this.db, context, { action: 'logout', outcome: 'success', recordType: 'account' });
  }
}

/** The token claims of an actor's session. */
function claimsFor(actor: Actor) {
  return {
    sub: actor.userId,
    sid: actor.sessionId,
    role: actor.role,
    ...(actor.patientId ? { patient_id: actor.patientId } : {}),
    ...(actor.employeeId ? { employee_id: actor.employeeId } : {}),
    // The position, so that the clinical app shows only what it allows (the server checks).
    ...(actor.positionId ? { position_id: actor.positionId } : {}),
    // Who is signed in, for the apps' top bar without a call on every page; read afresh at
    // each login and renewal.
    ...(actor.displayName ? { name: actor.displayName } : {}),
    // The language chosen on the account: an app signed into on a new browser shows it.
    ...(actor.locale ? { locale: actor.locale } : {}),
  };
}

/** The actor an account's session stands for. */
export function actorOf(
  account: Pick<LoginCandidate, 'id' | 'username' | 'role' | 'patientId' | 'employeeId'> &
    Partial<Pick<LoginCandidate, 'displayName' | 'locale' | 'positionId'>>,
  sessionId: string,
): Actor {
  return {
    userId: account.id,
    username: account.username,
    role: account.role,
    sessionId,
    patientId: account.patientId,
    employeeId: account.employeeId,
    positionId: account.positionId ?? null,
    displayName: account.displayName ?? null,
    locale: account.locale ?? null,
  };
}

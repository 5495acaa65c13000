import type { registerRequestSchema, TokenResponse } from '@portal/contract';
import { WRONG_CREDENTIALS_MESSAGE } from '@portal/contract';
import type { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db/database';
import {
  ApiError,
  badRequest,
  conflict,
  tooManyRequests,
  unauthorized,
  uniqueViolation,
} from '../errors';
import {
  accountIsActive,
  consumeActivationCode,
  createSession,
  findLoginCandidate,
  findRegistrationSubject,
  insertUser,
  type LoginCandidate,
  revokeSession,
  touchSession,
} from '../repositories/accounts';
import { type Actor, audit, type RequestContext } from '../repositories/audit';
import { clearThrottle, readThrottle, recordFailure } from '../repositories/throttle';
import {
  hashPassword,
  makeDecoyHash,
  verifyPassword,
  weakPasswordReason,
} from '../security/passwords';
import type { TokenService } from '../security/tokens';

type RegisterInput = z.output<typeof registerRequestSchema>;

/** The answer when an id, role and activation code do not make a registration. */
const NOT_ELIGIBLE =
  'These details do not match a record waiting for registration. Check the ID and the activation code, or ask for a new code.';

/** Most a throttled answer is held back, in milliseconds. */
const MAX_SLOWDOWN_MS = 4000;

/** Login, registration, renewal and logout: the account rules of product decisions §3. */
export class AuthService {
  private decoyHash: Promise<string> | undefined;

  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly config: Config,
    private readonly sleep: (ms: number) => Promise<void>,
  ) {}

  private throttleKeys(username: string, address: string) {
    return {
      account: {
        key: `account:${username.toLowerCase()}`,
        maxFailures: this.config.throttle.maxFailuresPerAccount,
      },
      address: {
        key: `address:${address}`,
        maxFailures: this.config.throttle.maxFailuresPerAddress,
      },
    };
  }

  /**
   * Refuses a blocked account or address (429), and holds back the answer a little more with
   * each recent failure of the account, so guessing gets slow before it gets refused.
   */
  private async applyThrottle(keys: ReturnType<AuthService['throttleKeys']>): Promise<void> {
    const state = await readThrottle(this.db, [keys.account.key, keys.address.key]);
    if (state.blockedForSeconds > 0) {
      throw tooManyRequests('Too many failed attempts. Try again later.', state.blockedForSeconds);
    }
    const failures = state.failures.get(keys.account.key) ?? 0;
    const delay = Math.min(
      MAX_SLOWDOWN_MS,
      Math.max(0, failures - 2) * this.config.throttle.slowdownMs,
    );
    if (delay > 0) await this.sleep(delay);
  }

  private async fail(
    context: RequestContext,
    keys: ReturnType<AuthService['throttleKeys']>,
    username: string,
    action: 'login' | 'register',
    error: ApiError,
  ): Promise<never> {
    const { windowSeconds, blockSeconds } = this.config.throttle;
    await recordFailure(this.db, [keys.account, keys.address], windowSeconds, blockSeconds);
    await audit(this.db, context, { action, outcome: 'failure', recordType: 'account', username });
    throw error;
  }

  /** Checks the password (in the same time for unknown users), then opens a session. */
  async login(context: RequestContext, username: string, password: string): Promise<TokenResponse> {
    const keys = this.throttleKeys(username, context.address);
    await this.applyThrottle(keys);
    const account = await findLoginCandidate(this.db, username);
    this.decoyHash ??= makeDecoyHash(this.config.passwordHashCost);
    const valid = await verifyPassword(password, account?.passwordHash ?? (await this.decoyHash));
    if (!account || !valid) {
      return this.fail(context, keys, username, 'login', unauthorized(WRONG_CREDENTIALS_MESSAGE));
    }
    if (!accountIsActive(account)) {
      await audit(this.db, context, {
        action: 'login',
        outcome: 'denied',
        recordType: 'account',
        username: account.username,
      });
      throw new ApiError(
        403,
        'Forbidden',
        'This account is disabled. Please contact the Help Desk.',
      );
    }
    await clearThrottle(this.db, keys.account.key);
    const created = await createSession(
      this.db,
      account.id,
      this.config.tokenTtlSeconds,
      this.config.sessionMaxSeconds,
    );
    const actor = actorOf(account, created.id);
    const { token } = await this.tokens.sign(claimsFor(actor), created.absoluteExpiresAt);
    await audit(
      this.db,
      { ...context, actor },
      { action: 'login', outcome: 'success', recordType: 'account' },
    );
    return { token, role: account.role };
  }

  /** Links a new account to the record named by id, role and a valid one-time code. */
  async register(context: RequestContext, input: RegisterInput) {
    const keys = this.throttleKeys(`register:${input.id}`, context.address);
    await this.applyThrottle(keys);
    const weak = weakPasswordReason(input.password, input.username);
    if (weak) throw badRequest(weak, [{ field: 'password', message: weak }]);
    const passwordHash = await hashPassword(input.password, this.config.passwordHashCost);
    try {
      await this.db.transaction(async (tx) => {
        const subject = await findRegistrationSubject(tx, input.role, input.id);
        const eligible =
          subject && !subject.registered && subject.active && subject.grantsRole === input.role;
        if (
          !eligible ||
          !(await consumeActivationCode(tx, subject.subject, input.activation_code))
        ) {
          throw badRequest(NOT_ELIGIBLE, [{ field: 'activation_code', message: NOT_ELIGIBLE }]);
        }
        await insertUser(tx, {
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
      });
    } catch (error) {
      if (uniqueViolation(error) === 'app_user_username_key') {
        throw conflict('username', 'This username is taken; choose another');
      }
      if (error instanceof ApiError && error.status === 400) {
        return this.fail(context, keys, input.username, 'register', error);
      }
      throw error;
    }
    return { username: input.username, role: input.role, id: input.id };
  }

  /** A fresh token for a live session, up to the session's absolute limit. */
  async renew(
    context: RequestContext & { actor: Actor },
    absoluteExpiresAt: Date,
  ): Promise<TokenResponse> {
    const { actor } = context;
    const { token, expiresAt } = await this.tokens.sign(claimsFor(actor), absoluteExpiresAt);
    await touchSession(this.db, actor.sessionId, expiresAt);
    await audit(this.db, context, {
      action: 'session.renew',
      outcome: 'success',
      recordType: 'account',
    });
    return { token, role: actor.role };
  }

  /** Ends the session: its token is refused from now on. */
  async logout(context: RequestContext & { actor: Actor }): Promise<void> {
    await revokeSession(this.db, context.actor.sessionId, 'logout');
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
  };
}

/** The actor an account's session stands for. */
export function actorOf(
  account: Pick<LoginCandidate, 'id' | 'username' | 'role' | 'patientId' | 'employeeId'>,
  sessionId: string,
): Actor {
  return {
    userId: account.id,
    username: account.username,
    role: account.role,
    sessionId,
    patientId: account.patientId,
    employeeId: account.employeeId,
  };
}

import { ProblemError } from '../errors';
import { type HashPool, PoolFullError, type PoolLane } from './hash-pool';
import {
  type HashParams,
  hashPassword,
  makeDecoyHash,
  needsRehash,
  verifyPassword,
} from './passwords';

/** What a password check found. */
export interface PasswordCheck {
  readonly valid: boolean;
  /** The password is right but its hash is of an old scheme or cost: store a new one. */
  readonly rehash: boolean;
}

const BUSY_MESSAGE = 'The server is busy signing people in. Please try again in a moment.';

/**
 * Every password hash and check of the server, through one bounded pool (see HashPool): a
 * burst of logins waits in a short queue or is answered 503 with Retry-After, and never takes
 * the cores or the memory the rest of the server needs.
 */
export class PasswordHasher {
  private decoy: Promise<string> | undefined;
  /** Hashes made and passwords checked (the tests count them). */
  readonly counts = { hashed: 0, verified: 0 };

  constructor(
    private readonly params: HashParams,
    readonly pool: HashPool,
  ) {}

  /**
   * Answers 503 at once if the pool is full, before a login or registration spends any
   * database work on an attempt that would be refused anyway. `lane`: see HashPool.
   */
  refuseIfBusy(lane: PoolLane = 'anonymous'): void {
    try {
      this.pool.refuseIfFull(lane);
    } catch (error) {
      throw busyProblem(error);
    }
  }

  /** A new hash of the password with the configured parameters. */
  hash(password: string): Promise<string> {
    return this.pooled(() => {
      this.counts.hashed += 1;
      return hashPassword(password, this.params);
    });
  }

  /**
   * Checks a password against a stored hash; with no stored hash (an unknown username) against
   * a decoy of the same cost, so both take the same time. `lane`: see HashPool.
   */
  async verify(
    password: string,
    stored: string | undefined,
    lane: PoolLane = 'anonymous',
  ): Promise<PasswordCheck> {
    const against = stored ?? (await this.decoyHash());
    const valid = await this.pooled(() => {
      this.counts.verified += 1;
      return verifyPassword(password, against);
    }, lane);
    return {
      valid: valid && stored !== undefined,
      rehash: valid && needsRehash(against, this.params),
    };
  }

  /** The decoy, made once (through the pool) and kept; a refused attempt is tried again later. */
  private decoyHash(): Promise<string> {
    this.decoy ??= this.pooled(() => makeDecoyHash(this.params)).catch((error: unknown) => {
      this.decoy = undefined;
      throw error;
    });
    return this.decoy;
  }

  private async pooled<T>(task: () => Promise<T>, lane: PoolLane = 'anonymous'): Promise<T> {
    try {
      return await this.pool.run(task, lane);
    } catch (error) {
      throw busyProblem(error);
    }
  }
}

/** The API's answer to a task the pool refused: 503 with Retry-After. */
export class PoolBusyProblem extends ProblemError {
  constructor(
    readonly retryAfterSeconds: number,
    extensions?: ConstructorParameters<typeof ProblemError>[5],
  ) {
    super(
      503,
      'Service Unavailable',
      BUSY_MESSAGE,
      undefined,
      { 'retry-after': String(retryAfterSeconds) },
      extensions,
    );
  }
}

/** A full pool as the API's answer (PoolBusyProblem); any other error as it is. */
function busyProblem(error: unknown): unknown {
  return error instanceof PoolFullError ? new PoolBusyProblem(error.retryAfterSeconds) : error;
}

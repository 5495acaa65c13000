import { availableParallelism } from 'node:os';

/** Thrown when every slot of a pool is busy and its queue is full. */
export class PoolFullError extends Error {
  constructor(
    /** A fair guess, in whole seconds, of when a place will be free. */
    readonly retryAfterSeconds: number,
  ) {
    super('The hashing pool is full');
    this.name = 'PoolFullError';
  }
}

/**
 * The default number of hashes at once: one per spare core (a core is left for the event loop
 * and the embedded database), at least one, and fewer than libuv's threads (argon2 runs there,
 * and file and DNS work must keep a thread).
 */
export function defaultPoolSize(
  cores = availableParallelism(),
  libuvThreads = Number(process.env['UV_THREADPOOL_SIZE'] ?? 4) || 4,
): number {
  return Math.max(1, Math.min(cores - 1, libuvThreads - 1));
}

/**
 * Who a task is for. `trusted`: a login from a browser whose device cookie names the account
 * (security/device-cookies.ts); `proven`: a login that brought a solved proof-of-work challenge
 * (security/login-challenges.ts); `anonymous`: everything else.
 */
export type PoolLane = 'anonymous' | 'proven' | 'trusted';

/** The lanes in the order a freed slot serves them. */
const PRIORITY: readonly PoolLane[] = ['trusted', 'proven', 'anonymous'];

/**
 * A counting semaphore with a short queue per lane, for CPU- and memory-heavy work such as
 * password hashing: at most `size` tasks run at once, at most `queue` wait in each lane, and any
 * more are refused at once (PoolFullError) rather than piling up and starving everything else.
 * A freed slot goes to the trusted lane first, then the proven one, so a flood of anonymous
 * attempts (each from a new address, which no per-address limit stops) fills only its own
 * queue: a trusted login waits for at most the tasks already running and the trusted ones ahead
 * of it, a proven one for the trusted and proven ones too.
 */
export class HashPool {
  private running = 0;
  private readonly waiting: Record<PoolLane, (() => void)[]> = {
    anonymous: [],
    proven: [],
    trusted: [],
  };
  /** Average task duration in ms (moving average), for Retry-After. */
  private averageMs = 100;
  /** Tasks started and refused since the pool was made (tests and figures). */
  readonly counts = { started: 0, refused: 0 };

  constructor(
    readonly size: number,
    readonly queue: number,
  ) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError('pool size must be at least 1');
    if (!Number.isInteger(queue) || queue < 0) throw new RangeError('queue must be at least 0');
  }

  /** Tasks running, and waiting in every lane, now. */
  get load(): { running: number; waiting: number } {
    const waiting = PRIORITY.reduce((sum, lane) => sum + this.waiting[lane].length, 0);
    return { running: this.running, waiting };
  }

  /** Whether a task given now in the lane would be refused (every slot busy, its queue full). */
  full(lane: PoolLane = 'anonymous'): boolean {
    return this.running >= this.size && this.waiting[lane].length >= this.queue;
  }

  /** Refuses now (PoolFullError) if a task given now in the lane would be refused. */
  refuseIfFull(lane: PoolLane = 'anonymous'): void {
    if (this.full(lane)) {
      this.counts.refused += 1;
      throw new PoolFullError(this.retryAfterSeconds(lane));
    }
  }

  /** Runs the task when a slot is free; refuses at once if the lane's queue is full. */
  async run<T>(task: () => Promise<T>, lane: PoolLane = 'anonymous'): Promise<T> {
    if (this.running < this.size) {
      this.running += 1;
    } else if (this.waiting[lane].length < this.queue) {
      // The slot is handed over by the task that finishes: `running` stays as it is.
      await new Promise<void>((resolve) => this.waiting[lane].push(resolve));
    } else {
      this.counts.refused += 1;
      throw new PoolFullError(this.retryAfterSeconds(lane));
    }
    this.counts.started += 1;
    const started = performance.now();
    try {
      return await task();
    } finally {
      this.averageMs = 0.8 * this.averageMs + 0.2 * (performance.now() - started);
      const next = PRIORITY.map((lane) => this.waiting[lane])
        .find((queue) => queue.length > 0)
        ?.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  /**
   * How long until the lane's queue has drained, rounded up to whole seconds (at least 1): each
   * lane waits for its own queue and those served before it.
   */
  private retryAfterSeconds(lane: PoolLane): number {
    const ahead = PRIORITY.slice(0, PRIORITY.indexOf(lane) + 1).reduce(
      (sum, l) => sum + this.waiting[l].length,
      0,
    );
    const rounds = (this.running + ahead) / this.size;
    return Math.max(1, Math.ceil((rounds * this.averageMs) / 1000));
  }
}

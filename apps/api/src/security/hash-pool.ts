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
 * A counting semaphore with a short queue, for CPU- and memory-heavy work such as password
 * hashing: at most `size` tasks run at once, at most `queue` wait, and any more are refused at
 * once (PoolFullError) rather than piling up and starving everything else.
 */
export class HashPool {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
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

  /** Tasks running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Whether a task given now would be refused (every slot busy, the queue full). */
  get full(): boolean {
    return this.running >= this.size && this.waiting.length >= this.queue;
  }

  /** Refuses now (PoolFullError) if a task given now would be refused. */
  refuseIfFull(): void {
    if (this.full) {
      this.counts.refused += 1;
      throw new PoolFullError(this.retryAfterSeconds());
    }
  }

  /** Runs the task when a slot is free; refuses at once if the queue is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.size) {
      this.running += 1;
    } else if (this.waiting.length < this.queue) {
      // The slot is handed over by the task that finishes: `running` stays as it is.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.counts.refused += 1;
      throw new PoolFullError(this.retryAfterSeconds());
    }
    this.counts.started += 1;
    const started = performance.now();
    try {
      return await task();
    } finally {
      this.averageMs = 0.8 * this.averageMs + 0.2 * (performance.now() - started);
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  /** How long until the queue has drained, rounded up to whole seconds (at least 1). */
  private retryAfterSeconds(): number {
    const rounds = (this.running + this.waiting.length) / this.size;
    return Math.max(1, Math.ceil((rounds * this.averageMs) / 1000));
  }
}

import { describe, expect, it } from 'vitest';
import { HashPool, PoolFullError } from './hash-pool';

/** A task that runs until released, recording that it started. */
function gatedTask(started: string[], name: string) {
  let release: () => void = () => {};
  const gate = new Promise<string>((resolve) => (release = () => resolve(name)));
  return {
    task: () => {
      started.push(name);
      return gate;
    },
    release: () => release(),
  };
}

describe('HashPool', () => {
  it('runs at most `size` tasks at once, queues `queue` more in order, and refuses the rest', async () => {
    const pool = new HashPool(2, 2);
    const started: string[] = [];
    const tasks = ['a', 'b', 'c', 'd'].map((name) => gatedTask(started, name));
    const results = tasks.map((t) => pool.run(t.task));
    await Promise.resolve();
    expect(started).toEqual(['a', 'b']);
    expect(pool.load).toEqual({ running: 2, waiting: 2 });
    expect(pool.full()).toBe(true);

    await expect(pool.run(async () => 'e')).rejects.toBeInstanceOf(PoolFullError);
    expect(() => pool.refuseIfFull()).toThrow(PoolFullError);
    expect(pool.counts).toEqual({ started: 2, refused: 2 });

    tasks[1]!.release();
    await expect(results[1]).resolves.toBe('b');
    expect(started).toEqual(['a', 'b', 'c']);
    expect(pool.load).toEqual({ running: 2, waiting: 1 });
    expect(pool.full()).toBe(false);
    expect(() => pool.refuseIfFull()).not.toThrow();

    for (const t of tasks) t.release();
    await expect(Promise.all(results)).resolves.toEqual(['a', 'b', 'c', 'd']);
    expect(pool.load).toEqual({ running: 0, waiting: 0 });
    expect(pool.counts.started).toBe(4);
  });

  it('frees the slot when a task fails', async () => {
    const pool = new HashPool(1, 0);
    await expect(pool.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(pool.load).toEqual({ running: 0, waiting: 0 });
    await expect(pool.run(async () => 42)).resolves.toBe(42);
  });

  it('hands a freed slot to the first in the queue, not to a newcomer', async () => {
    const pool = new HashPool(1, 1);
    const started: string[] = [];
    const first = gatedTask(started, 'first');
    const queued = gatedTask(started, 'queued');
    const running = pool.run(first.task);
    const waiting = pool.run(queued.task);
    first.release();
    await running;
    // The queued task holds the slot now: a newcomer has to queue, and the pool counts it.
    const newcomer = pool.run(async () => 'newcomer');
    expect(started).toEqual(['first', 'queued']);
    expect(pool.load).toEqual({ running: 1, waiting: 1 });
    queued.release();
    await expect(waiting).resolves.toBe('queued');
    await expect(newcomer).resolves.toBe('newcomer');
  });

  it('gives a freed slot to the trusted lane first, which a full anonymous queue does not fill', async () => {
    const pool = new HashPool(1, 2);
    const started: string[] = [];
    const running = gatedTask(started, 'running');
    const anonymous = ['a1', 'a2'].map((name) => gatedTask(started, name));
    const trusted = ['t1', 't2'].map((name) => gatedTask(started, name));
    const results = [
      pool.run(running.task),
      ...anonymous.map((t) => pool.run(t.task)),
      ...trusted.map((t) => pool.run(t.task, 'trusted')),
    ];
    // The anonymous queue is full: a third anonymous task is refused, the trusted lane is not.
    expect(pool.full()).toBe(true);
    expect(pool.full('trusted')).toBe(true);
    await expect(pool.run(async () => 'a3')).rejects.toBeInstanceOf(PoolFullError);
    expect(pool.load).toEqual({ running: 1, waiting: 4 });

    for (const t of [running, ...anonymous, ...trusted]) t.release();
    await Promise.all(results);
    // The trusted tasks, queued after the anonymous ones, ran before them.
    expect(started).toEqual(['running', 't1', 't2', 'a1', 'a2']);
  });

  it('serves the proven lane after the trusted one and before the anonymous one, each with its own queue', async () => {
    const pool = new HashPool(1, 2);
    const started: string[] = [];
    const running = gatedTask(started, 'running');
    const anonymous = ['a1', 'a2'].map((name) => gatedTask(started, name));
    const proven = ['p1', 'p2'].map((name) => gatedTask(started, name));
    const trusted = gatedTask(started, 't1');
    const results = [
      pool.run(running.task),
      ...anonymous.map((t) => pool.run(t.task)),
      ...proven.map((t) => pool.run(t.task, 'proven')),
      pool.run(trusted.task, 'trusted'),
    ];
    // A full anonymous queue leaves the proven lane room, and a full proven one the trusted lane.
    await expect(pool.run(async () => 'a3')).rejects.toBeInstanceOf(PoolFullError);
    await expect(pool.run(async () => 'p3', 'proven')).rejects.toBeInstanceOf(PoolFullError);
    expect(pool.full('trusted')).toBe(false);
    expect(pool.load).toEqual({ running: 1, waiting: 5 });

    for (const t of [running, ...anonymous, ...proven, trusted]) t.release();
    await Promise.all(results);
    expect(started).toEqual(['running', 't1', 'p1', 'p2', 'a1', 'a2']);
  });

  it('queues a trusted task while the anonymous queue is full, and refuses only a full trusted queue', async () => {
    const pool = new HashPool(1, 1);
    const held = gatedTask([], 'held');
    const running = pool.run(held.task);
    const queued = pool.run(async () => 'anonymous');
    expect(() => pool.refuseIfFull()).toThrow(PoolFullError);
    expect(() => pool.refuseIfFull('trusted')).not.toThrow();
    const trusted = pool.run(async () => 'trusted', 'trusted');
    expect(() => pool.refuseIfFull('trusted')).toThrow(PoolFullError);
    await expect(pool.run(async () => 0, 'trusted')).rejects.toBeInstanceOf(PoolFullError);
    held.release();
    await expect(Promise.all([running, trusted, queued])).resolves.toEqual([
      'held',
      'trusted',
      'anonymous',
    ]);
  });

  it('tells a refused caller when to come back, in whole seconds, at least 1', async () => {
    const pool = new HashPool(1, 0);
    const held = gatedTask([], 'held');
    const running = pool.run(held.task);
    const refusal = await pool.run(async () => 0).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(PoolFullError);
    expect(Number.isInteger((refusal as PoolFullError).retryAfterSeconds)).toBe(true);
    expect((refusal as PoolFullError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    held.release();
    await running;
  });

  it('refuses a size under 1 or a negative queue', () => {
    expect(() => new HashPool(0, 8)).toThrow(RangeError);
    expect(() => new HashPool(1, -1)).toThrow(RangeError);
    expect(() => new HashPool(1.5, 8)).toThrow(RangeError);
  });
});

import { describe, expect, it } from 'vitest';
import { ProblemError } from '../errors';
import { HashPool } from './hash-pool';
import { PasswordHasher } from './password-hasher';
import { type HashParams, hashPassword } from './passwords';

const CHEAP: HashParams = { memoryKib: 256, iterations: 1 };
const PASSWORD = 'a-Long-and-unusual-passphrase-42';
/** 'correct-horse-battery-staple' hashed by the scheme before argon2id (scrypt, N=2^10). */
const OLD_SCRYPT =
  'scrypt$10$8$1$NAgrUOt4ZyVFaLkqiGasuQ$GZFICWw72L4GJbOSvvVfqzoJLzgRwziv5V80wQIGlms';

describe('PasswordHasher', () => {
  it('checks an unknown user against a decoy of the same cost, made once, and never matches', async () => {
    const hasher = new PasswordHasher(CHEAP, new HashPool(1, 8));
    expect(await hasher.verify(PASSWORD, undefined)).toEqual({ valid: false, rehash: false });
    expect(await hasher.verify('', undefined)).toEqual({ valid: false, rehash: false });
    expect(hasher.counts).toEqual({ hashed: 0, verified: 2 });
    // One decoy hash for both checks: the pool ran it and the two checks.
    expect(hasher.pool.counts.started).toBe(3);
  });

  it('asks for a new hash for an old scrypt hash and for other parameters, only when right', async () => {
    const hasher = new PasswordHasher(CHEAP, new HashPool(1, 8));
    const old = 'correct-horse-battery-staple';
    expect(await hasher.verify(old, OLD_SCRYPT)).toEqual({ valid: true, rehash: true });
    expect(await hasher.verify('wrong-password-123', OLD_SCRYPT)).toEqual({
      valid: false,
      rehash: false,
    });
    const current = await hasher.hash(PASSWORD);
    expect(await hasher.verify(PASSWORD, current)).toEqual({ valid: true, rehash: false });
    const weaker = await hashPassword(PASSWORD, { memoryKib: 128, iterations: 1 });
    expect(await hasher.verify(PASSWORD, weaker)).toEqual({ valid: true, rehash: true });
  });

  it('answers 503 with Retry-After when the pool is full, at once and from the queue', async () => {
    const pool = new HashPool(1, 0);
    const hasher = new PasswordHasher(CHEAP, pool);
    let release = () => {};
    const held = pool.run(() => new Promise<void>((resolve) => (release = resolve)));
    for (const refusal of [
      () => hasher.refuseIfBusy(),
      () => hasher.hash(PASSWORD),
      () => hasher.verify(PASSWORD, undefined),
    ]) {
      const error = await Promise.resolve()
        .then(refusal)
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(ProblemError);
      expect((error as ProblemError).status).toBe(503);
      expect(Number((error as ProblemError).headers?.['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    release();
    await held;
    // Free again: the decoy that was refused is made now.
    expect(() => hasher.refuseIfBusy()).not.toThrow();
    expect(await hasher.verify(PASSWORD, undefined)).toEqual({ valid: false, rehash: false });
  });
});

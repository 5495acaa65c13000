import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { type Algorithm, hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { passwordWeakness } from '@portal/contract';

/**
 * Why a password is refused for `username`, or null if it is acceptable: the contract's rule
 * (a zxcvbn-ts score below 3, with the username and the hospital's name as easy guesses; the
 * username or the hospital's name in it), the one the register form shows as the person types.
 */
export function weakPasswordReason(password: string, username: string): Promise<string | null> {
  return passwordWeakness(password, username);
}

/** The cost of an argon2id hash: memory in KiB and passes over it (one lane, always). */
export interface HashParams {
  readonly memoryKib: number;
  readonly iterations: number;
}

/** OWASP's current recommendation for argon2id: m=19 MiB, t=2, p=1. */
export const OWASP_ARGON2ID: HashParams = { memoryKib: 19456, iterations: 2 };

/** `Algorithm.Argon2id` (the package declares its enum `const`, which isolated modules cannot read). */
const ARGON2ID = 2 as Algorithm;
const ARGON2ID_PREFIX = '$argon2id$';

/** Unicode passwords compare by what was typed, not by how the keyboard composed it. */
const normalise = (password: string) => password.normalize('NFKC');

/**
 * Hashes a password with argon2id and a random salt, in the PHC string format
 * (`$argon2id$v=19$m=…,t=…,p=1$salt$hash`): the parameters travel in the hash, so the cost can
 * be raised later without breaking old hashes. The work runs on libuv's thread pool, not on
 * the event loop; callers bound how many run at once (see hash-pool.ts).
 */
export function hashPassword(password: string, params: HashParams): Promise<string> {
  return argon2Hash(normalise(password), {
    algorithm: ARGON2ID,
    memoryCost: params.memoryKib,
    timeCost: params.iterations,
    parallelism: 1,
  });
}

/**
 * Checks a password against a stored hash in constant time: argon2id, or the scrypt hashes
 * (`scrypt$logN$r$p$salt$key`) stored before argon2id replaced it. Anything else, or a damaged
 * hash, matches no password.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith(ARGON2ID_PREFIX)) {
    try {
      return await argon2Verify(stored, normalise(password));
    } catch {
      return false;
    }
  }
  return verifyLegacyScrypt(password, stored);
}

/**
 * Whether a hash that just verified should be replaced: an old scrypt hash, or an argon2id hash
 * made with other parameters than the configured ones.
 */
export function needsRehash(stored: string, params: HashParams): boolean {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=1\$/.exec(stored);
  return !match || Number(match[1]) !== params.memoryKib || Number(match[2]) !== params.iterations;
}

/**
 * A hash of a random password with the given parameters. Logins for unknown usernames are
 * checked against it, so they take as long as a wrong password for a real account.
 */
export function makeDecoyHash(params: HashParams): Promise<string> {
  return hashPassword(randomBytes(24).toString('base64url'), params);
}

const LEGACY_SCRYPT_KEY_LENGTH = 32;

/** Checks a password against a hash of the scrypt scheme used before argon2id. */
async function verifyLegacyScrypt(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  const [scheme, logN, r, p, salt, key] = parts;
  if (parts.length !== 6 || scheme !== 'scrypt' || !logN || !r || !p || !salt || !key) {
    return false;
  }
  // The old scheme's limits (logN 10..20): nothing else was ever stored, and a damaged cost
  // must not make the server allocate gigabytes.
  if (!/^\d+$/.test(logN) || Number(logN) < 10 || Number(logN) > 20) return false;
  const N = 2 ** Number(logN);
  const expected = Buffer.from(key, 'base64url');
  try {
    const actual = await new Promise<Buffer>((resolvePromise, reject) => {
      scrypt(
        normalise(password),
        Buffer.from(salt, 'base64url'),
        LEGACY_SCRYPT_KEY_LENGTH,
        { N, r: Number(r), p: Number(p), maxmem: 256 * N * Number(r) },
        (error, derived) => (error ? reject(error) : resolvePromise(derived)),
      );
    });
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  } catch {
    // Parameters scrypt refuses (a damaged hash): no password matches it.
    return false;
  }
}

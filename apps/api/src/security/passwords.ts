import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { dictionary } from '@zxcvbn-ts/language-common';

const COMMON_PASSWORDS = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

/**
 * Why a password that meets the length rule is still refused, or null if it is acceptable:
 * one of the ~49,000 most common passwords (zxcvbn-ts' list), or containing the username.
 */
export function weakPasswordReason(password: string, username: string): string | null {
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return 'This password is too common; choose another';
  if (username.length >= 3 && lower.includes(username.toLowerCase())) {
    return 'The password must not contain the username';
  }
  return null;
}

const KEY_LENGTH = 32;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

function derive(
  password: string,
  salt: Buffer,
  logN: number,
  r: number,
  p: number,
): Promise<Buffer> {
  const N = 2 ** logN;
  return new Promise((resolvePromise, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { N, r, p, maxmem: 256 * N * r },
      (error, key) => (error ? reject(error) : resolvePromise(key)),
    );
  });
}

/**
 * Hashes a password with scrypt and a random salt. The parameters travel in the hash
 * (`scrypt$logN$r$p$salt$key`), so the cost can be raised later without breaking old hashes.
 */
export async function hashPassword(password: string, logN: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, logN, BLOCK_SIZE, PARALLELISM);
  return [
    'scrypt',
    logN,
    BLOCK_SIZE,
    PARALLELISM,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

/** Checks a password against a stored hash in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  const [scheme, logN, r, p, salt, key] = parts;
  if (parts.length !== 6 || scheme !== 'scrypt' || !logN || !r || !p || !salt || !key) {
    return false;
  }
  const expected = Buffer.from(key, 'base64url');
  let actual: Buffer;
  try {
    actual = await derive(
      password,
      Buffer.from(salt, 'base64url'),
      Number(logN),
      Number(r),
      Number(p),
    );
  } catch {
    // Parameters scrypt refuses (a damaged hash): no password matches it.
    return false;
  }
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A hash of a random password at the given cost. Logins for unknown usernames are checked
 * against it, so they take as long as a wrong password for a real account.
 */
export function makeDecoyHash(logN: number): Promise<string> {
  return hashPassword(randomBytes(24).toString('base64url'), logN);
}

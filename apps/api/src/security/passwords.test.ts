import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { hashPassword, makeDecoyHash, verifyPassword, weakPasswordReason } from './passwords';

/** The cheapest cost the config allows, so the tests stay fast. */
const COST = 10;
const PASSWORD = 'a-Long-and-unusual-passphrase-42';

describe('hashPassword / verifyPassword', () => {
  it('verifies the password a hash was made from', async () => {
    const hash = await hashPassword(PASSWORD, COST);
    expect(await verifyPassword(PASSWORD, hash)).toBe(true);
  });

  it('refuses a wrong password, including one differing only in case or by a character', async () => {
    const hash = await hashPassword(PASSWORD, COST);
    expect(await verifyPassword('something-else-entirely', hash)).toBe(false);
    expect(await verifyPassword(PASSWORD.toUpperCase(), hash)).toBe(false);
    expect(await verifyPassword(PASSWORD.slice(0, -1), hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('salts: two hashes of one password differ, and both verify', async () => {
    const first = await hashPassword(PASSWORD, COST);
    const second = await hashPassword(PASSWORD, COST);
    expect(first).not.toBe(second);
    expect(first.split('$')[4]).not.toBe(second.split('$')[4]);
    expect(await verifyPassword(PASSWORD, first)).toBe(true);
    expect(await verifyPassword(PASSWORD, second)).toBe(true);
  });

  it('does not contain the password', async () => {
    const hash = await hashPassword(PASSWORD, COST);
    expect(hash).not.toContain(PASSWORD);
    expect(hash).not.toContain(Buffer.from(PASSWORD).toString('base64url'));
  });

  it('carries its parameters: scrypt$<logN>$8$1$<salt>$<key>', async () => {
    const hash = await hashPassword(PASSWORD, COST);
    expect(hash).toMatch(/^scrypt\$10\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await hashPassword(PASSWORD, 11)).toMatch(/^scrypt\$11\$8\$1\$/);
  });

  it('verifies a hash made at cost 10 after the configured cost has changed', async () => {
    const old = await hashPassword(PASSWORD, 10);
    // The server now hashes new passwords at a higher cost; the old hash still works.
    const current = await hashPassword(PASSWORD, 12);
    expect(current).toMatch(/^scrypt\$12\$/);
    expect(await verifyPassword(PASSWORD, old)).toBe(true);
    expect(await verifyPassword(PASSWORD, current)).toBe(true);
  });

  it('uses the parameters in the hash: a changed cost no longer verifies', async () => {
    const hash = await hashPassword(PASSWORD, 10);
    expect(await verifyPassword(PASSWORD, hash.replace(/^scrypt\$10\$/, 'scrypt$11$'))).toBe(false);
  });

  it('normalises Unicode (NFKC): composed and decomposed forms are the same password', async () => {
    const composed = 'caf\u00e9-passphrase-long';
    const decomposed = 'cafe\u0301-passphrase-long';
    const hash = await hashPassword(composed, COST);
    expect(await verifyPassword(decomposed, hash)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['another scheme', '$2b$10$abcdefghijklmnopqrstuv0123456789012345678901234567890'],
    ['missing key', 'scrypt$10$8$1$c2FsdHNhbHRzYWx0c2FsdA'],
    ['empty fields', 'scrypt$$$$$'],
    ['non-numeric cost', 'scrypt$abc$8$1$c2FsdHNhbHRzYWx0c2FsdA$a2V5a2V5a2V5'],
    ['negative cost', 'scrypt$-1$8$1$c2FsdHNhbHRzYWx0c2FsdA$a2V5a2V5a2V5'],
    ['fractional cost', 'scrypt$1.5$8$1$c2FsdHNhbHRzYWx0c2FsdA$a2V5a2V5a2V5'],
    ['absurd cost', 'scrypt$40$8$1$c2FsdHNhbHRzYWx0c2FsdA$a2V5a2V5a2V5'],
    ['plain text', PASSWORD],
  ])('answers false, never throws, for a malformed stored hash (%s)', async (_, stored) => {
    await expect(verifyPassword(PASSWORD, stored)).resolves.toBe(false);
  });

  it('refuses a valid hash with extra fields appended', async () => {
    const hash = await hashPassword(PASSWORD, COST);
    expect(await verifyPassword(PASSWORD, `${hash}$extra`)).toBe(false);
  });

  it('refuses a valid hash whose key was altered', async () => {
    const hash = await hashPassword(PASSWORD, COST);
    const parts = hash.split('$');
    const key = Buffer.from(parts[5]!, 'base64url');
    key[0] = key[0]! ^ 0xff;
    parts[5] = key.toString('base64url');
    expect(await verifyPassword(PASSWORD, parts.join('$'))).toBe(false);
  });
});

describe('weakPasswordReason', () => {
  const common = dictionary['passwords-common'];
  // Common passwords long enough to pass the 12-character rule, so only this check stops them.
  const longCommon = common.filter((p) => p.length >= 12 && /[a-z]/.test(p)).slice(0, 3);

  it('has long common passwords to test with', () => {
    expect(longCommon.length).toBe(3);
    expect(common).toContain('qwerty123456');
  });

  it.each(longCommon)('refuses the common password %j', (password) => {
    expect(weakPasswordReason(password, 'someone')).toBe(
      'This password is too common; choose another',
    );
  });

  it('refuses a common password whatever its case', () => {
    expect(common).toContain('qwerty123456');
    expect(weakPasswordReason('QWERTY123456', 'someone')).toMatch(/too common/);
    expect(weakPasswordReason('QwErTy123456', 'someone')).toMatch(/too common/);
  });

  it('refuses a password containing the username, whatever the case', () => {
    expect(weakPasswordReason('my-ada.lovelace-secret!', 'ada.lovelace')).toBe(
      'The password must not contain the username',
    );
    expect(weakPasswordReason('xx-ADA.LOVELACE-2026', 'Ada.Lovelace')).toBe(
      'The password must not contain the username',
    );
  });

  it('accepts a strong password', () => {
    expect(common).not.toContain('violet-tractor-orbit-1987');
    expect(weakPasswordReason('violet-tractor-orbit-1987', 'ada.lovelace')).toBeNull();
  });
});

describe('makeDecoyHash', () => {
  it('makes a well-formed hash at the given cost that verifies none of the likely guesses', async () => {
    const decoy = await makeDecoyHash(COST);
    expect(decoy).toMatch(/^scrypt\$10\$8\$1\$/);
    for (const guess of ['', 'password', PASSWORD, 'demo-password-2026', 'undefined', 'null']) {
      expect(await verifyPassword(guess, decoy)).toBe(false);
    }
  });

  it('is random: two decoys differ', async () => {
    expect(await makeDecoyHash(COST)).not.toBe(await makeDecoyHash(COST));
  });
});

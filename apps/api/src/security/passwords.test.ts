import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { estimatePasswordStrength, PASSWORD_STRENGTH_MESSAGES } from '@portal/contract';
import {
  type HashParams,
  hashPassword,
  makeDecoyHash,
  needsRehash,
  OWASP_ARGON2ID,
  verifyPassword,
  weakPasswordReason,
} from './passwords';

/** Cheap argon2id parameters (far below the server's minimum), so the tests stay fast. */
const CHEAP: HashParams = { memoryKib: 256, iterations: 1 };
const PASSWORD = 'a-Long-and-unusual-passphrase-42';

/** PASSWORD hashed by the scrypt scheme used before argon2id (N=2^10, r=8, p=1). */
const OLD_SCRYPT = {
  password: 'correct-horse-battery-staple',
  hash: 'scrypt$10$8$1$NAgrUOt4ZyVFaLkqiGasuQ$GZFICWw72L4GJbOSvvVfqzoJLzgRwziv5V80wQIGlms',
};

describe('hashPassword / verifyPassword', () => {
  it('verifies the password a hash was made from', async () => {
    const hash = await hashPassword(PASSWORD, CHEAP);
    expect(await verifyPassword(PASSWORD, hash)).toBe(true);
  });

  it('refuses a wrong password, including one differing only in case or by a character', async () => {
    const hash = await hashPassword(PASSWORD, CHEAP);
    expect(await verifyPassword('something-else-entirely', hash)).toBe(false);
    expect(await verifyPassword(PASSWORD.toUpperCase(), hash)).toBe(false);
    expect(await verifyPassword(PASSWORD.slice(0, -1), hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('salts: two hashes of one password differ, and both verify', async () => {
    const first = await hashPassword(PASSWORD, CHEAP);
    const second = await hashPassword(PASSWORD, CHEAP);
    expect(first).not.toBe(second);
    expect(first.split('$')[4]).not.toBe(second.split('$')[4]);
    expect(await verifyPassword(PASSWORD, first)).toBe(true);
    expect(await verifyPassword(PASSWORD, second)).toBe(true);
  });

  it('does not contain the password', async () => {
    const hash = await hashPassword(PASSWORD, CHEAP);
    expect(hash).not.toContain(PASSWORD);
    expect(hash).not.toContain(Buffer.from(PASSWORD).toString('base64'));
  });

  it('is argon2id carrying its parameters: $argon2id$v=19$m=<KiB>,t=<passes>,p=1$<salt>$<hash>', async () => {
    expect(await hashPassword(PASSWORD, CHEAP)).toMatch(
      /^\$argon2id\$v=19\$m=256,t=1,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
    const owasp = await hashPassword(PASSWORD, OWASP_ARGON2ID);
    expect(owasp).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(PASSWORD, owasp)).toBe(true);
  });

  it('verifies a hash made with other parameters after the configured ones changed', async () => {
    const old = await hashPassword(PASSWORD, CHEAP);
    const current = await hashPassword(PASSWORD, { memoryKib: 512, iterations: 2 });
    expect(current).toMatch(/^\$argon2id\$v=19\$m=512,t=2,p=1\$/);
    expect(await verifyPassword(PASSWORD, old)).toBe(true);
    expect(await verifyPassword(PASSWORD, current)).toBe(true);
  });

  it('uses the parameters in the hash: changed ones no longer verify', async () => {
    const hash = await hashPassword(PASSWORD, CHEAP);
    expect(await verifyPassword(PASSWORD, hash.replace('t=1', 't=2'))).toBe(false);
    expect(await verifyPassword(PASSWORD, hash.replace('m=256', 'm=512'))).toBe(false);
  });

  it('normalises Unicode (NFKC): composed and decomposed forms are the same password', async () => {
    const composed = 'caf\u00e9-passphrase-long';
    const decomposed = 'cafe\u0301-passphrase-long';
    const hash = await hashPassword(composed, CHEAP);
    expect(await verifyPassword(decomposed, hash)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['another scheme', '$2b$10$abcdefghijklmnopqrstuv0123456789012345678901234567890'],
    ['argon2i, not argon2id', '$argon2i$v=19$m=256,t=1,p=1$c2FsdHNhbHRzYWx0c2FsdA$a2V5a2V5a2V5'],
    ['argon2id without a hash', '$argon2id$v=19$m=256,t=1,p=1$c2FsdHNhbHRzYWx0c2FsdA'],
    ['argon2id with bad parameters', '$argon2id$v=19$m=x,t=1,p=1$c2FsdHNhbHRzYWx0c2FsdA$a2V5a2V5'],
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
    const hash = await hashPassword(PASSWORD, CHEAP);
    expect(await verifyPassword(PASSWORD, `${hash}$extra`)).toBe(false);
  });

  it('refuses a valid hash whose key was altered', async () => {
    const hash = await hashPassword(PASSWORD, CHEAP);
    const parts = hash.split('$');
    const key = Buffer.from(parts[5]!, 'base64');
    key[0] = key[0]! ^ 0xff;
    parts[5] = key.toString('base64').replace(/=+$/, '');
    expect(await verifyPassword(PASSWORD, parts.join('$'))).toBe(false);
  });
});

describe('old scrypt hashes', () => {
  it('still verify the right password and only that', async () => {
    expect(await verifyPassword(OLD_SCRYPT.password, OLD_SCRYPT.hash)).toBe(true);
    expect(await verifyPassword(`${OLD_SCRYPT.password}!`, OLD_SCRYPT.hash)).toBe(false);
    expect(await verifyPassword(OLD_SCRYPT.password.toUpperCase(), OLD_SCRYPT.hash)).toBe(false);
  });

  it('refuse a scrypt hash whose key or cost was altered', async () => {
    const parts = OLD_SCRYPT.hash.split('$');
    const key = Buffer.from(parts[5]!, 'base64url');
    key[0] = key[0]! ^ 0xff;
    const altered = [...parts.slice(0, 5), key.toString('base64url')].join('$');
    expect(await verifyPassword(OLD_SCRYPT.password, altered)).toBe(false);
    expect(
      await verifyPassword(
        OLD_SCRYPT.password,
        OLD_SCRYPT.hash.replace('scrypt$10$', 'scrypt$11$'),
      ),
    ).toBe(false);
    // A short key would make a guess cheap to match: only the scheme's 32 bytes are accepted.
    const short = [...parts.slice(0, 5), key.subarray(0, 1).toString('base64url')].join('$');
    expect(await verifyPassword(OLD_SCRYPT.password, short)).toBe(false);
  });
});

describe('needsRehash', () => {
  it('asks for a new hash for scrypt and for argon2id of other parameters, not for the current ones', async () => {
    const current = await hashPassword(PASSWORD, CHEAP);
    expect(needsRehash(current, CHEAP)).toBe(false);
    expect(needsRehash(current, { memoryKib: 512, iterations: 1 })).toBe(true);
    expect(needsRehash(current, { memoryKib: 256, iterations: 2 })).toBe(true);
    expect(needsRehash(OLD_SCRYPT.hash, CHEAP)).toBe(true);
    expect(needsRehash(OLD_SCRYPT.hash, OWASP_ARGON2ID)).toBe(true);
  });
});

describe('weakPasswordReason', () => {
  const common = dictionary['passwords-common'];
  // Common passwords long enough to pass the 12-character rule, so only the estimate stops them.
  const longCommon = common.filter((p) => p.length >= 12 && /[a-z]/.test(p)).slice(0, 3);
  const { warnings } = PASSWORD_STRENGTH_MESSAGES;
  const commonWarnings = [warnings.topTen, warnings.topHundred, warnings.common];

  it('has long common passwords to test with', () => {
    expect(longCommon.length).toBe(3);
    expect(common).toContain('qwerty123456');
  });

  it.each(longCommon)('refuses the common password %j', async (password) => {
    const reason = await weakPasswordReason(password, 'someone');
    expect(commonWarnings.some((warning) => reason?.startsWith(warning))).toBe(true);
  });

  it('refuses a common password whatever its case', async () => {
    for (const password of ['QWERTY123456', 'QwErTy123456']) {
      expect(await weakPasswordReason(password, 'someone')).not.toBeNull();
    }
  });

  it("is the contract's rule: the same answer as the register form shows", async () => {
    for (const password of [
      ' '.repeat(12),
      'aaaaaaaaaaaa',
      '111111111111',
      'qwertyqwerty',
      'P@ssw0rd1234',
      'hospital1234',
      'violet-tractor-orbit-1987',
    ]) {
      const reason = await weakPasswordReason(password, 'ada.lovelace');
      expect(reason).toBe((await estimatePasswordStrength(password, 'ada.lovelace')).reason);
    }
    expect(await weakPasswordReason('aaaaaaaaaaaa', 'someone')).toMatch(/^Repeated characters/);
  });

  it('refuses a password containing the username, whatever the case', async () => {
    expect(await weakPasswordReason('my-ada.lovelace-secret!', 'ada.lovelace')).toBe(
      PASSWORD_STRENGTH_MESSAGES.containsUsername,
    );
    expect(await weakPasswordReason('xx-ADA.LOVELACE-2026', 'Ada.Lovelace')).toBe(
      PASSWORD_STRENGTH_MESSAGES.containsUsername,
    );
  });

  it('accepts a strong password', async () => {
    expect(common).not.toContain('violet-tractor-orbit-1987');
    expect(await weakPasswordReason('violet-tractor-orbit-1987', 'ada.lovelace')).toBeNull();
  });
});

describe('makeDecoyHash', () => {
  it('makes a well-formed hash with the given parameters that verifies none of the likely guesses', async () => {
    const decoy = await makeDecoyHash(CHEAP);
    expect(decoy).toMatch(/^\$argon2id\$v=19\$m=256,t=1,p=1\$/);
    for (const guess of ['', 'password', PASSWORD, 'demo-password-2026', 'undefined', 'null']) {
      expect(await verifyPassword(guess, decoy)).toBe(false);
    }
  });

  it("has the cost of a real hash: the same parameters as the server's", async () => {
    const decoy = await makeDecoyHash(OWASP_ARGON2ID);
    expect(decoy).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(needsRehash(decoy, OWASP_ARGON2ID)).toBe(false);
  });

  it('is random: two decoys differ', async () => {
    expect(await makeDecoyHash(CHEAP)).not.toBe(await makeDecoyHash(CHEAP));
  });
});

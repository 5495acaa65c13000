import { describe, expect, it } from 'vitest';
import { totpCode } from '@portal/contract';
import { SecondFactor } from './second-factor';
import { SecretBox } from './secret-box';

const KEY = 'a-test-key-for-the-second-factor-0123456789';

describe('SecretBox', () => {
  it('opens what it sealed for the same owner only, and nothing under another key', () => {
    const box = new SecretBox(KEY);
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'user-1');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'user-1')).toBe('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'user-2')).toBeNull();
    expect(new SecretBox(`${KEY}-other`).open(sealed, 'user-1')).toBeNull();
    expect(box.open('v1.garbage', 'user-1')).toBeNull();
    // A fresh IV each time.
    expect(box.seal('same', 'user-1')).not.toBe(box.seal('same', 'user-1'));
  });
});

describe('SecondFactor', () => {
  // A clock passed in: only here, to pin the window; the server always uses Date.now.
  const at = 1_750_000_000_000;
  const factor = new SecondFactor(KEY, () => at);

  it('matches a code of the current step or one either side, not two away', async () => {
    const { secret, sealed } = factor.newSecret('user-1', 'ann');
    for (const offset of [-1, 0, 1]) {
      const code = await totpCode(secret, at + offset * 30_000);
      expect(await factor.matchTotp(sealed, 'user-1', code)).toBe(Math.floor(at / 30_000) + offset);
    }
    for (const offset of [-2, 2]) {
      const code = await totpCode(secret, at + offset * 30_000);
      expect(await factor.matchTotp(sealed, 'user-1', code)).toBeNull();
    }
    expect(await factor.matchTotp(sealed, 'user-2', await totpCode(secret, at))).toBeNull();
  });

  it('tells a recovery code from a TOTP code, and gives ten distinct recovery codes', async () => {
    const { sealed } = factor.newSecret('user-1', 'ann');
    expect((await factor.check(sealed, 'user-1', 'ABCDE12345')).kind).toBe('recovery');
    const { codes, hashes } = factor.newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    expect(hashes.every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
  });
});

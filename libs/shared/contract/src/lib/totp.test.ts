import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, groupSecret, hotpCode, otpauthUrl, totpCode } from './totp';

// RFC 6238 appendix B: the SHA-1 seed is the ASCII "12345678901234567890".
const SEED = '12345678901234567890';
const RFC_SECRET = base32Encode(Uint8Array.from(SEED, (c) => c.charCodeAt(0)));

describe('TOTP (RFC 6238)', () => {
  it('encodes and decodes base-32', () => {
    expect(RFC_SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(String.fromCharCode(...base32Decode(RFC_SECRET.toLowerCase()))).toBe(SEED);
    expect(() => base32Decode('not base 32!')).toThrow();
  });

  it('gives RFC 4226’s HOTP values', async () => {
    expect(await hotpCode(RFC_SECRET, 0)).toBe('755224');
    expect(await hotpCode(RFC_SECRET, 9)).toBe('520489');
  });

  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
    [20000000000, '353130'],
  ])('at %i s gives the RFC’s last six digits %s', async (seconds, code) => {
    expect(await totpCode(RFC_SECRET, seconds * 1000)).toBe(code);
  });

  it('builds the otpauth URI and groups the key for typing', () => {
    expect(otpauthUrl('ABCDEFGH', 'nurse.a')).toBe(
      'otpauth://totp/Hospital%20Portal:nurse.a?secret=ABCDEFGH&issuer=Hospital%20Portal&algorithm=SHA1&digits=6&period=30',
    );
    expect(groupSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });
});

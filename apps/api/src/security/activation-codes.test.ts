import { describe, expect, it } from 'vitest';
import { activationCodeSchema } from '@portal/contract';
import { generateActivationCode, hashActivationCode } from './activation-codes';

/** Crockford's base-32: digits and capitals without I, L, O and U. */
const CROCKFORD =
  /^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{4}-[0-9ABCDEFGHJKMNPQRSTVWXYZ]{4}-[0-9ABCDEFGHJKMNPQRSTVWXYZ]{4}$/;

describe('generateActivationCode', () => {
  const codes = Array.from({ length: 2000 }, generateActivationCode);

  it('formats codes as XXXX-XXXX-XXXX from the Crockford alphabet', () => {
    for (const code of codes) expect(code).toMatch(CROCKFORD);
  });

  it('never uses the ambiguous letters I, L, O or U', () => {
    expect(codes.join('')).not.toMatch(/[ILOU]/);
  });

  it('makes codes the contract accepts, normalised to their 12 characters', () => {
    for (const code of codes.slice(0, 200)) {
      const parsed = activationCodeSchema.safeParse(code);
      expect(parsed.success).toBe(true);
      expect(parsed.data).toBe(code.replaceAll('-', ''));
    }
  });

  it('makes a different code each time', () => {
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('uses the whole alphabet across many codes (not a narrower one)', () => {
    const seen = new Set(codes.join('').replaceAll('-', ''));
    expect(seen.size).toBe(32);
  });
});

describe('hashActivationCode', () => {
  const code = generateActivationCode();

  it('is a SHA-256 hex digest that is not the code', () => {
    const hash = hashActivationCode(code);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(code);
    expect(hash.toUpperCase()).not.toContain(code.replaceAll('-', ''));
  });

  it('is the same however the code is typed: dashes, spaces, case', () => {
    const plain = code.replaceAll('-', '');
    const hash = hashActivationCode(code);
    expect(hashActivationCode(plain)).toBe(hash);
    expect(hashActivationCode(code.toLowerCase())).toBe(hash);
    expect(hashActivationCode(plain.toLowerCase())).toBe(hash);
    expect(
      hashActivationCode(` ${plain.slice(0, 4)} ${plain.slice(4, 8)} ${plain.slice(8)} `),
    ).toBe(hash);
  });

  it('is stable across calls', () => {
    expect(hashActivationCode(code)).toBe(hashActivationCode(code));
  });

  it('differs between codes', () => {
    const hashes = new Set(
      Array.from({ length: 200 }, () => hashActivationCode(generateActivationCode())),
    );
    expect(hashes.size).toBe(200);
    expect(hashActivationCode('ABCD-EFGH-JKMN')).not.toBe(hashActivationCode('ABCD-EFGH-JKMP'));
  });
});

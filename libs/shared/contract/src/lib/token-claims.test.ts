import { describe, expect, it } from 'vitest';
import { parseTokenClaims } from './token-claims';

const claims = { sub: 'u1', sid: 's1', role: 'patient', iat: 1_700_000_000, exp: 1_700_001_800 };

describe('parseTokenClaims', () => {
  it('reads claims with or without the record ids', () => {
    expect(parseTokenClaims(claims)).toEqual(claims);
    expect(parseTokenClaims({ ...claims, patient_id: 'P001' })).toEqual({
      ...claims,
      patient_id: 'P001',
    });
    expect(parseTokenClaims({ ...claims, role: 'HR', employee_id: 'E001' })).toEqual({
      ...claims,
      role: 'HR',
      employee_id: 'E001',
    });
  });

  it('reads the person’s name when the token carries it', () => {
    expect(parseTokenClaims({ ...claims, name: 'Malee Srisuk' })).toEqual({
      ...claims,
      name: 'Malee Srisuk',
    });
  });

  it('reads the language chosen on the account when the token carries it', () => {
    expect(parseTokenClaims({ ...claims, locale: 'th' })).toEqual({ ...claims, locale: 'th' });
  });

  it('keeps only the known claims', () => {
    expect(parseTokenClaims({ ...claims, iss: 'portal', admin: true })).toEqual(claims);
  });

  it.each(['sub', 'sid', 'role', 'iat', 'exp'])('refuses claims without %s', (name) => {
    const { [name as keyof typeof claims]: _dropped, ...rest } = claims;
    expect(parseTokenClaims(rest)).toBeNull();
  });

  it.each([
    ['an unknown role', { role: 'admin' }],
    ['a role in the wrong case', { role: 'hr' }],
    ['a numeric subject', { sub: 7 }],
    ['a text expiry', { exp: '1700001800' }],
    ['an infinite expiry', { exp: Number.POSITIVE_INFINITY }],
    ['a numeric patient id', { patient_id: 1 }],
    ['a null employee id', { employee_id: null }],
    ['a numeric name', { name: 42 }],
    ['a language the portal does not speak', { locale: 'fr' }],
  ])('refuses %s', (_what, change) => {
    expect(parseTokenClaims({ ...claims, ...change })).toBeNull();
  });

  it.each([null, undefined, 'token', 42, []])('refuses a payload that is %j', (payload) => {
    expect(parseTokenClaims(payload)).toBeNull();
  });
});

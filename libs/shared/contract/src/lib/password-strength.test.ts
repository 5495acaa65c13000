import { HOSPITAL_NAME } from '@portal/reference-data';
import { describe, expect, it } from 'vitest';
import {
  estimatePasswordStrength,
  PASSWORD_MIN_SCORE,
  PASSWORD_SCORE_LABELS,
  PASSWORD_STRENGTH_MESSAGES,
  passwordWeakness,
} from '../index';

const USERNAME = 'ada.lovelace';

/** Passwords the server used to take before the strength rule. */
const ISSUE_WEAK_PASSWORDS = [
  ['twelve spaces', ' '.repeat(12)],
  ['one letter repeated', 'aaaaaaaaaaaa'],
  ['one digit repeated', '111111111111'],
  ['a keyboard row repeated', 'qwertyqwerty'],
  ['a common password with look-alikes', 'P@ssw0rd1234'],
  ['a word of the hospital and a sequence', 'hospital1234'],
] as const;

describe('estimatePasswordStrength', () => {
  it.each(ISSUE_WEAK_PASSWORDS)('refuses %s (%j), with a reason', async (_, password) => {
    const strength = await estimatePasswordStrength(password, USERNAME);
    expect(strength.acceptable).toBe(false);
    expect(strength.score).toBeLessThan(PASSWORD_MIN_SCORE);
    expect(strength.label).toBe(PASSWORD_SCORE_LABELS[strength.score]);
    expect(strength.reason).toMatch(/\w.*\.$/);
  });

  it('says why, in words the person can act on', async () => {
    const { warnings, suggestions } = PASSWORD_STRENGTH_MESSAGES;
    const reasonOf = async (password: string) =>
      (await estimatePasswordStrength(password, USERNAME)).reason;
    expect(await reasonOf('aaaaaaaaaaaa')).toContain(warnings.simpleRepeat);
    expect(await reasonOf(' '.repeat(12))).toContain(warnings.simpleRepeat);
    expect(await reasonOf('qwertyqwerty')).toContain(warnings.extendedRepeat);
    expect(await reasonOf('P@ssw0rd1234')).toContain(warnings.similarToCommon);
    expect(await reasonOf('qwerty123456')).toContain(warnings.common);
    expect(await reasonOf('hospital1234')).toContain(warnings.userInputs);
    expect(await reasonOf('abcdefghijkl')).toContain(warnings.sequences);
    expect(await reasonOf('aaaaaaaaaaaa')).toContain(suggestions.anotherWord);
  });

  it('refuses a password containing the username, whatever its case and separators', async () => {
    for (const password of [
      'my-ada.lovelace-secret!',
      'xx-ADA.LOVELACE-2026',
      'Ada-Lovelace-violet-tractor',
      'tractorADALOVELACEorbit99',
    ]) {
      const strength = await estimatePasswordStrength(password, USERNAME);
      expect(strength, password).toMatchObject({
        acceptable: false,
        reason: PASSWORD_STRENGTH_MESSAGES.containsUsername,
      });
      expect(strength.score).toBeLessThan(PASSWORD_MIN_SCORE);
    }
  });

  it("refuses a password containing the hospital's name, whatever its case and separators", async () => {
    expect(HOSPITAL_NAME).toBe('Riverside General Hospital');
    for (const password of [
      'Riverside General Hospital 2026!',
      'riverside-general-1',
      'RIVERSIDEGENERAL#7-violet',
      'tractor_General.Hospital_orbit',
    ]) {
      expect(await passwordWeakness(password, USERNAME), password).toBe(
        PASSWORD_STRENGTH_MESSAGES.containsHospitalName,
      );
    }
  });

  it("weighs the hospital's words and the username's parts as easy guesses", async () => {
    // Strong for anyone else; weak once the name's words count as known.
    expect((await estimatePasswordStrength('Riverside2026!', 'someone')).acceptable).toBe(false);
    expect((await estimatePasswordStrength('Lovelace2026!', USERNAME)).acceptable).toBe(false);
    expect((await estimatePasswordStrength('Lovelace2026!', 'someone')).score).toBeGreaterThan(
      (await estimatePasswordStrength('Lovelace2026!', USERNAME)).score,
    );
  });

  it('refuses a password outside the length rule with the schema’s message', async () => {
    expect(await passwordWeakness('xK7#qpL2', USERNAME)).toBe(
      'Password must be at least 12 characters',
    );
    expect(await passwordWeakness(`violet-tractor-${'z9'.repeat(60)}`, USERNAME)).toBe(
      'Password must be at most 128 characters',
    );
  });

  it.each([
    'violet-tractor-orbit-1987',
    'correct-horse-battery-staple',
    'demo-password-2026',
    'Tr0ub4dor&3-lantern',
    'walnut sofa kettle drizzle',
  ])('accepts the strong password %j', async (password) => {
    const strength = await estimatePasswordStrength(password, USERNAME);
    expect(strength).toMatchObject({ acceptable: true, reason: null });
    expect(strength.score).toBeGreaterThanOrEqual(PASSWORD_MIN_SCORE);
    expect(['Strong', 'Very strong']).toContain(strength.label);
  });

  it('judges a password longer than the estimate looks at by its start', async () => {
    expect(await passwordWeakness(`${'a'.repeat(70)}violet-tractor-orbit`, USERNAME)).toMatch(
      /Repeated characters/,
    );
    expect(await passwordWeakness(`violet-tractor-orbit-1987-${'a'.repeat(90)}`, USERNAME)).toBe(
      null,
    );
  });

  it('labels every score', () => {
    expect(Object.values(PASSWORD_SCORE_LABELS)).toEqual([
      'Very weak',
      'Weak',
      'Fair',
      'Strong',
      'Very strong',
    ]);
  });
});

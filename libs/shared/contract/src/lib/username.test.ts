import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loginRequestSchema, registerRequestSchema } from './auth';
import { normaliseUsername } from './plain-rules';
import { usernameSchema } from './rules';

// The contract builds without Node's types; the test runner has them.
declare const process: { env: Record<string, string | undefined> };
/** Generated texts per property: 1,000 (a new seed each run, as fast-check's default); more by PROPERTY_RUNS. */
const PROPERTY_RUNS = Number(process.env['PROPERTY_RUNS'] ?? 1000);

describe('normaliseUsername', () => {
  it.each([
    ['demo.patİent', 'demo.patient'], // U+0130, capital I with dot above
    ['demo.patıent', 'demo.patient'], // U+0131, dotless i
    ['DEMO.PATIENT', 'demo.patient'],
    ['Demo.Patient', 'demo.patient'],
    ['ｄｅｍｏ．ｐａｔｉｅｎｔ', 'demo.patient'], // fullwidth letters and full stop
    ['demo.patient', 'demo.patient'],
    ['ﬁle', 'file'], // ligature
    ['ſam', 'sam'], // long s
    ['\u212Aate', 'kate'], // Kelvin sign
    ['straße', 'strasse'],
    ['STRAẞE', 'strasse'], // capital sharp s
    ['i\u0307x', 'ix'], // i with a combining dot above
    ['ＡＢＣ', 'abc'],
  ])('%s is %s', (typed, expected) => {
    expect(normaliseUsername(typed)).toBe(expected);
  });

  it('gives every case spelling of a name one form (16 spellings of a name with four i)', () => {
    const forms = new Set<string>();
    const letters = ['i', 'I', 'İ', 'ı'];
    for (const a of letters)
      for (const b of letters) forms.add(normaliseUsername(`${a}r${b}s.${a}${b}`));
    expect([...forms]).toEqual(['iris.ii']);
  });

  it('is its own normal form, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 20 }), (text) => {
        const once = normaliseUsername(text);
        expect(normaliseUsername(once)).toBe(once);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  it('does not depend on the case the text was typed in', () => {
    const tricky = fc.constantFrom(...'aiIİıjJsSſßẞΣσςKk\u212Aﬁ\u0307\u0301\u0323. '.split(''));
    fc.assert(
      fc.property(fc.string({ unit: tricky, maxLength: 12 }), (text) => {
        const form = normaliseUsername(text);
        expect(normaliseUsername(text.toUpperCase())).toBe(form);
        expect(normaliseUsername(text.toLowerCase())).toBe(form);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  it('leaves a name that is already in its form as it is (every name registration takes)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9._@-]{3,64}$/), (name) => {
        expect(normaliseUsername(name)).toBe(name);
      }),
    );
  });
});

describe('the username schemas', () => {
  it('registration takes what it took before, and gives the name its one form', () => {
    expect(usernameSchema.parse('Demo.Patient')).toBe('demo.patient');
    expect(usernameSchema.parse(' Ab_c@x-1 ')).toBe('ab_c@x-1');
    // Still letters, digits, dots, dashes, underscores or @ only, as typed.
    for (const refused of ['demo.patİent', 'ｄｅｍｏ', 'ﬁle', 'ab', 'a b c'])
      expect(usernameSchema.safeParse(refused).success).toBe(false);
  });

  it('registration sends the stored form', () => {
    const parsed = registerRequestSchema.parse({
      username: 'New.User',
      password: 'correct-horse-battery-staple',
      role: 'patient',
      id: 'P001',
      activation_code: 'ABCD-EFGH-JKMN',
    });
    expect(parsed.username).toBe('new.user');
  });

  it('login takes any spelling and looks up its one form', () => {
    for (const typed of [
      'demo.patİent',
      'DEMO.PATIENT',
      'ｄｅｍｏ．ｐａｔｉｅｎｔ',
      ' demo.patient ',
    ])
      expect(loginRequestSchema.parse({ username: typed, password: 'x' }).username).toBe(
        'demo.patient',
      );
  });
});

import { describe, expect, it } from 'vitest';
import {
  bestLocale,
  englishReader,
  fillPlaceholders,
  READ_BACK_MAX_CHARS,
  formatDay,
  formatDayTime,
  localeFromAcceptLanguage,
} from './index';
import { textIn } from './server';

describe('choosing the language', () => {
  it('takes the first of the browser’s languages that the portal speaks', () => {
    expect(bestLocale(['fr-FR', 'th-TH', 'en'])).toBe('th');
    expect(bestLocale(['en-US', 'th'])).toBe('en');
    expect(bestLocale(['de', 'fr'])).toBe('en');
    expect(bestLocale([])).toBe('en');
  });

  it('reads Accept-Language by weight, ignoring q=0 and what it cannot parse', () => {
    expect(localeFromAcceptLanguage('th-TH,th;q=0.9,en;q=0.8')).toBe('th');
    expect(localeFromAcceptLanguage('en;q=0.5, th;q=0.9')).toBe('th');
    expect(localeFromAcceptLanguage('th;q=0, en')).toBe('en');
    expect(localeFromAcceptLanguage('fr, de;q=0.5')).toBe('en');
    expect(localeFromAcceptLanguage(';;;,,q=')).toBe('en');
    expect(localeFromAcceptLanguage(undefined)).toBe('en');
  });
});

describe('dates', () => {
  it('stay YYYY-MM-DD in English, the spec’s format', () => {
    expect(formatDay('2026-11-25', 'en')).toBe('2026-11-25');
    expect(formatDayTime('2026-11-25 14:30', 'en')).toBe('2026-11-25 14:30');
  });

  it('are in the Buddhist era in Thai unless the Gregorian one is chosen', () => {
    expect(formatDay('2026-11-25', 'th')).toMatch(/25.*2569/);
    expect(formatDay('2026-11-25', 'th', 'gregory')).toMatch(/25.*2026/);
    expect(formatDayTime('2026-11-25 14:30', 'th')).toMatch(/2569 14:30$/);
  });

  it('leave anything that is not a day as it came', () => {
    expect(formatDay('—', 'th')).toBe('—');
    expect(formatDay('2026-13-45', 'th')).toBe('2026-13-45');
  });
});

describe('the server’s texts', () => {
  it('are translated by their English words, and stay English when unknown', () => {
    // Sentence by sentence up to the bound; a longer text stays as it came, unread.
    expect(textIn('No drug allergies. No drug allergies.', 'th')).not.toMatch(/No drug/);
    const echoed = 'No drug allergies. '.repeat(60).trim();
    expect(textIn(echoed, 'th')).toBe(echoed);
    expect(textIn('Loading…', 'th')).toBe('กำลังโหลด…');
    expect(textIn('Loading…', 'en')).toBe('Loading…');
    expect(textIn('Some text no catalogue has', 'th')).toBe('Some text no catalogue has');
  });
});

describe('the compiled catalogues', () => {
  it('load an app’s messages in the chosen language', async () => {
    const { activateLocale, currentLocale, t } = await import('./index');
    await activateLocale('th', 'public');
    expect(currentLocale()).toBe('th');
    expect(t('common.loading')).toBe('กำลังโหลด…');
    await activateLocale('en');
    expect(t('common.loading')).toBe('Loading…');
  });
});

describe('reading English back', () => {
  const read = englishReader({
    'contract.rule.max': 'Must be at most {max} characters',
    'contract.rule.required': 'Required',
    'contract.count': '{count, plural, one {# item} other {# items}}',
  });

  it('finds the message and the values a text was filled with', () => {
    expect(read('Required')).toEqual({ id: 'contract.rule.required', values: {} });
    expect(read('Must be at most 50 characters')).toEqual({
      id: 'contract.rule.max',
      values: { max: '50' },
    });
    expect(read('Must be at least 50 characters')).toBeUndefined();
    expect(read('3 items')).toBeUndefined();
    // A text longer than any message with its values is not read back (nor tried on every
    // pattern): it stays as it came.
    expect(read(`Must be at most ${'9'.repeat(READ_BACK_MAX_CHARS)} characters`)).toBeUndefined();
    expect(read(`Must be at most ${'9'.repeat(900)} characters`)?.id).toBe('contract.rule.max');
    // A message of placeholders only does not claim every text.
    expect(englishReader({ 'common.title.public': '{hospital}' })('Required')).toBeUndefined();
    expect(fillPlaceholders('ไม่เกิน {max} ตัวอักษร', { max: '50' })).toBe('ไม่เกิน 50 ตัวอักษร');
  });
});

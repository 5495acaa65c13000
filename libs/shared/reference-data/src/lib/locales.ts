// Plain code only: the apps read the chosen language before their first paint; the contract
// (the account's language, the token's claim) and the catalogues (libs/shared/i18n) share it.

/** The portal's languages: English (the spec's texts, word for word) and Thai. */
export const LOCALES = ['en', 'th'] as const;
export type Locale = (typeof LOCALES)[number];

/** The language of the spec and of anyone whose browser asks for neither. */
export const SOURCE_LOCALE: Locale = 'en';

/** Each language's name, written in that language: what the language switch offers. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', th: 'ไทย' };

/** Where the browser keeps the choice (the account keeps it too once signed in). */
export const LOCALE_STORAGE_KEY = 'portal_locale';

/** Where the browser keeps whether Thai dates are shown in the Buddhist calendar. */
export const CALENDAR_STORAGE_KEY = 'portal_calendar';

/** Where the browser notes the session whose account language it has shown (once a session). */
export const ACCOUNT_LOCALE_SESSION_KEY = 'portal_locale_session';

/** How dates are shown in Thai: the Buddhist era (พ.ศ.) or the Gregorian one. */
export const CALENDARS = ['buddhist', 'gregory'] as const;
export type Calendar = (typeof CALENDARS)[number];

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/**
 * The best language for a list of language tags in order of preference (a browser's
 * `navigator.languages`, or an `Accept-Language` header's tags by weight): the first whose
 * primary subtag is one of ours, else English.
 */
export function bestLocale(tags: readonly string[]): Locale {
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(primary)) return primary;
  }
  return SOURCE_LOCALE;
}

/**
 * The language an `Accept-Language` header asks for (RFC 9110 §12.5.4): tags ordered by their
 * `q` weight, a weight of 0 meaning "not this one"; a missing or malformed header is English.
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return SOURCE_LOCALE;
  const weighted = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return bestLocale(weighted.map((entry) => entry.tag));
}

/** The `Intl` locale of a language and calendar: Thai in the Buddhist era is `th-TH-u-ca-buddhist`. */
export function intlLocale(locale: Locale, calendar: Calendar = 'buddhist'): string {
  return locale === 'th' ? `th-TH-u-ca-${calendar}` : 'en-GB';
}

import { i18n } from '@lingui/core';
import { type AppScope, loadMessages, type MessageId } from './catalogs';
import { type EnglishMatch, englishReader, translateByReader } from './english-text';
import {
  bestLocale,
  type Calendar,
  CALENDAR_STORAGE_KEY,
  isLocale,
  type Locale,
  LOCALE_STORAGE_KEY,
  SOURCE_LOCALE,
} from './locales';

/** The portal's one Lingui instance: the React provider (in @portal/ui) renders from it. */
export { i18n };

let appScope: AppScope | 'all' = 'public';

function stored(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null; // storage blocked (a locked-down browser): the choice lasts for this page
  }
}

function store(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // storage blocked: nothing to keep it in
  }
}

/**
 * The language to show: the one chosen on this browser, else the first of the browser's
 * languages that the portal speaks, else English.
 */
export function chosenLocale(): Locale {
  const choice = stored(LOCALE_STORAGE_KEY);
  if (isLocale(choice)) return choice;
  const languages = globalThis.navigator?.languages ?? [];
  return bestLocale(languages.length > 0 ? languages : [globalThis.navigator?.language ?? '']);
}

/** How Thai dates are shown: the Buddhist era unless the person chose the Gregorian one. */
export function chosenCalendar(): Calendar {
  return stored(CALENDAR_STORAGE_KEY) === 'gregory' ? 'gregory' : 'buddhist';
}

/** Shows Thai dates in `calendar` from now on, and keeps the choice in this browser. */
export function chooseCalendar(calendar: Calendar): void {
  store(CALENDAR_STORAGE_KEY, calendar);
  // Lingui's own change event: every component reading the language reads the calendar too.
  i18n.emit('change');
}

/** The language shown now (English before the first activation). */
export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE;
}

/**
 * Loads the app's messages in `locale` (its own catalogue and `common`), shows them, and sets
 * `<html lang>`. The first call names the app; a later one (the language switch) keeps it.
 */
export async function activateLocale(locale: Locale, scope?: AppScope | 'all'): Promise<void> {
  if (scope) appScope = scope;
  const [messages] = await Promise.all([
    loadMessages(locale, appScope),
    locale === SOURCE_LOCALE ? undefined : loadEnglishReader(),
  ]);
  i18n.loadAndActivate({ locale, messages });
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale;
  // The tab's title in the language shown (index.html has the English one for the first paint).
  if (appScope !== 'all') {
    document.title = t(`common.title.${appScope}`, { hospital: t('common.brand.hospitalName') });
  }
}

/** Shows `locale` and keeps the choice in this browser. */
export async function chooseLocale(locale: Locale): Promise<void> {
  store(LOCALE_STORAGE_KEY, locale);
  await activateLocale(locale);
}

let readEnglish: ((text: string) => EnglishMatch | undefined) | undefined;

/**
 * The English shared catalogues, as text, to read the contract's English messages back to
 * their ids ({@link translateEnglish}): fetched only by someone who reads another language.
 */
async function loadEnglishReader(): Promise<void> {
  if (readEnglish) return;
  const [common, contract] = await Promise.all([
    import('../catalogs/en/common.json'),
    import('../catalogs/en/contract.json'),
  ]);
  readEnglish = englishReader({ ...common.default, ...contract.default });
}

/**
 * A text the contract wrote in English (a rule's message under a field, a problem's detail
 * from an older server), in the language shown now: the catalogue's message that reads so in
 * English, with the same values (or, sentence by sentence, the messages of its sentences); a
 * text no catalogue has stays as it came.
 */
export function translateEnglish(text: string): string {
  if (currentLocale() === SOURCE_LOCALE || !readEnglish) return text;
  return translateByReader(readEnglish, (match) => i18n._(match.id, match.values), text) ?? text;
}

/** Values a message's placeholders take. */
export type MessageValues = Record<string, string | number>;

/**
 * A message in the language shown now, outside React (a notice built in an event handler, a
 * document title). Components use `useT()` from @portal/ui, which re-renders on a switch.
 */
export function t(id: MessageId, values?: MessageValues): string {
  return i18n._(id, values);
}

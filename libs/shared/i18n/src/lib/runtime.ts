import { i18n } from '@lingui/core';
import { addLocalNames } from '@portal/reference-data';
import {
  type AppScope,
  loadMessages,
  loadReadBack,
  type MessageId,
  type ReadBackLocale,
  readsBack,
} from './catalogs';
import type { Pack } from './packs';
import type { ReadBackTable } from './read-back';
import { textKey } from './text-key';
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

/**
 * The app's tab title (`clinical.app.title`), named by the app as it starts (mountPortalApp):
 * each app's code and catalogue hold its own only.
 */
let appTitle: MessageId | undefined;

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
 * `<html lang>` and the tab's title. The first call names the app and its title's message; a
 * later one (the language switch) keeps them.
 * In another language than English, the app's `base` pack and each page's pack carry the
 * read-back tables of the texts their first paint can show in the contract's English
 * ({@link translateEnglish}); the rest of the read-back tables come once the page is shown
 * ({@link loadRestOfReadBack}), or at once for `all` (the tests and Storybook, which load the
 * whole tables).
 */
export async function activateLocale(
  locale: Locale,
  scope?: AppScope | 'all',
  title?: MessageId,
): Promise<void> {
  if (scope) appScope = scope;
  if (title) appTitle = title;
  if (appScope === 'all') restOfReadBackWanted = true;
  shownNext = locale;
  const [{ messages, readBack, names }] = await Promise.all([
    loadMessages(locale, appScope, packs.keys()),
    readsBack(locale) && appScope === 'all' ? readBackIn(locale, 'first') : undefined,
    readsBack(locale) && restOfReadBackWanted ? readBackIn(locale, 'rest') : undefined,
  ]);
  if (readsBack(locale)) await addReadBack(locale, readBack);
  for (const each of names) addLocalNames(locale, each);
  // Merged, not replaced: a page's pack fetched meanwhile (requirePack) stays loaded.
  i18n.load(locale, messages);
  i18n.activate(locale);
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale;
  // The tab's title in the language shown (index.html has the English one for the first paint).
  if (appScope !== 'all' && appTitle) {
    document.title = t(appTitle, { hospital: t('common.brand.hospitalName') });
  }
}

/**
 * The packs the pages shown so far asked for (requirePack), each with its first fetch: every
 * language shown loads them.
 */
const packs = new Map<Pack, Promise<void>>();
/** The packs whose first fetch has ended (requirePack). */
const fetchedPacks = new WeakSet<Pack>();

/**
 * Whether a pack's messages are there to show: its first fetch has ended, or every catalogue
 * is loaded whole (the tests and Storybook).
 */
export const packLoaded = (pack: Pack): boolean => appScope === 'all' || fetchedPacks.has(pack);
/** The language being activated, else the one shown. */
let shownNext: Locale | undefined;

/**
 * Fetches a pack of messages (lib/packs.ts) in the language shown, or being activated, before
 * the page that asks for it renders (`await requirePack(pack)` in the page's module, so that
 * its route waits for it), and in every language shown later.
 */
export function requirePack(pack: Pack): Promise<void> {
  // A second page asking while the first fetch is under way waits for that fetch too.
  const asked = packs.get(pack);
  if (asked) return asked;
  const locale = shownNext ?? currentLocale();
  const fetched = pack[locale]()
    // A pack that cannot be fetched (a stalled network): its English, the spec's words, else
    // the page as it is rather than none.
    .catch(() => pack[SOURCE_LOCALE]().catch(() => undefined))
    .then(async (loaded) => {
      if (!loaded) return;
      // The contract's texts the pack's pages show, read back before they render.
      if (loaded.readBack && readsBack(locale)) await addReadBack(locale, [loaded.readBack]);
      // And reference-data's names they show (localName).
      if (loaded.names) addLocalNames(locale, loaded.names);
      // Merged into the language's messages (Lingui keeps what is loaded already).
      i18n.load(locale, loaded.messages);
    })
    .finally(() => fetchedPacks.add(pack));
  packs.set(pack, fetched);
  return fetched;
}

/** Shows `locale` and keeps the choice in this browser. */
export async function chooseLocale(locale: Locale): Promise<void> {
  store(LOCALE_STORAGE_KEY, locale);
  await activateLocale(locale);
}

/** The read-back tables of each language loaded so far (the packs', the whole ones). */
const readBackTables = new Map<ReadBackLocale, Set<ReadBackTable>>();
/** Each language's translations of whole English texts loaded so far, by the text's key. */
const exactTexts = new Map<ReadBackLocale, Map<string, string>>();
/** Each language's whole reader (lib/read-back.ts), once a table with patterns came. */
const translators = new Map<ReadBackLocale, (text: string) => string | undefined>();
/** The whole tables fetched so far (`first`, `rest`), by language and part. */
const wholeReadBack = new Set<string>();
let restOfReadBackWanted = false;

/**
 * Adds read-back tables of `locale`: their whole texts at once (a key to look up); the reader
 * of texts with values and of several sentences (lib/read-back.ts, 0.8 KB) with the first table
 * that has patterns, and rebuilt with each table after it. Most first paints read back whole
 * texts only (the frame's table, a page's statuses: every first paint today), so they fetch no
 * reader: it comes with the rest of the tables, once the page is shown, or with a page's pack
 * whose table has a pattern. Never on an English visit.
 */
async function addReadBack(locale: ReadBackLocale, tables: readonly ReadBackTable[]) {
  const loaded = readBackTables.get(locale) ?? new Set<ReadBackTable>();
  readBackTables.set(locale, loaded);
  const exact = exactTexts.get(locale) ?? new Map<string, string>();
  exactTexts.set(locale, exact);
  for (const table of tables) {
    loaded.add(table);
    // The first table to read a text gives its words, as in the whole reader.
    for (const [key, words] of Object.entries(table.exact))
      if (!exact.has(key)) exact.set(key, words);
  }
  if (![...loaded].some((table) => table.patterns.length > 0)) return;
  const { readBackTranslator } = await import('./read-back');
  translators.set(locale, readBackTranslator([...loaded], locale, chosenCalendar));
}

/** Fetches a whole read-back table of `locale` (once) and adds it to the language's translator. */
async function readBackIn(locale: ReadBackLocale, part: 'first' | 'rest'): Promise<void> {
  if (wholeReadBack.has(`${locale}:${part}`)) return;
  wholeReadBack.add(`${locale}:${part}`);
  try {
    await addReadBack(locale, [await loadReadBack(locale, part)]);
  } catch (error) {
    wholeReadBack.delete(`${locale}:${part}`); // fetched again by the next call
    throw error;
  }
}

/**
 * Fetches the rest of the read-back tables of the language shown (the rules' messages, the
 * passwords' advice, the API's problems, `common`'s texts), and of any language shown later:
 * called once the first page is shown (PortalRoot), so that a first visit does not wait for
 * them. The texts shown meanwhile in English re-render in the language shown.
 */
export async function loadRestOfReadBack(): Promise<void> {
  restOfReadBackWanted = true;
  const locale = currentLocale();
  if (!readsBack(locale)) return;
  await readBackIn(locale, 'rest');
  i18n.emit('change');
}

/**
 * A text the contract wrote in English (a rule's message under a field, a section's title, a
 * problem's detail from an older server), in the language shown now: its translation from the
 * read-back tables (catalogs/<locale>/contract.json?readback, by the English text's key, with
 * the same values), or, sentence by sentence, its sentences'; a text no catalogue has stays as
 * it came. No English catalogue is downloaded for it.
 */
export function translateEnglish(text: string): string {
  const locale = currentLocale();
  if (!readsBack(locale)) return text;
  const whole = translators.get(locale);
  return (whole ? whole(text) : exactTexts.get(locale)?.get(textKey(text))) ?? text;
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

import type { ReadBackTable } from './read-back';
import { textKey } from './text-key';

// The read-back tables' making, at build time (tools/vite/lingui.ts) and in the tests: kept out
// of read-back.ts, which the browser loads.

/**
 * The texts read back that every page can show on its first paint (the frame's), by id prefix:
 * the contract's spec messages, session notices, labels of routes, roles, dates. Their
 * read-back table comes with the app's start (in its `base` pack); a page's own first-paint
 * texts (statuses, the access log, positions, the forms' hints passed in English) with its
 * packs (PACK_READ_BACK in lib/packs.ts); the rest (rules' messages, passwords' advice, the
 * API's problems, the session texts that answer a request, the two-step codes, `common`'s
 * other texts) once the page is shown.
 */
export const READ_BACK_FIRST: readonly string[] = [
  // The spec's messages (`contract.message.*`) by app: each is a constant of its own, so an
  // app's bundle holds those its code shows (PACK_READ_BACK's `base` in lib/packs.ts).
  // The session notices a first paint shows (signed out elsewhere, ended by the hospital, on
  // the login page; HR's edit form's hint on one's own record is HR's base's). The others
  // answer a request (a login, a registration, a password check: the API's problems), once
  // the page is shown.
  'contract.session.signedOut',
  'contract.session.endedByHospital',
  // The section's links and title come with the app of the section (PACK_READ_BACK's `base`
  // of clinical and HR): an app's frame shows its own section's only (PortalApp's `section`),
  // and the public app's none.
  'contract.role.',
  // Roles as the access log writes them: "patient" is also a role's value in code.
  'contract.accessLog.role.',
];

/** A message with plural or select forms, or of placeholders only: never read back. */
const unreadable = (text: string) =>
  /\{\s*\w+\s*,/.test(text) || !/\p{L}/u.test(text.replace(/\{\w+\}/g, ''));

type Catalogue = Readonly<Record<string, string>>;

/**
 * A read-back table of a language (at build time, tools/vite/lingui.ts, and in the tests): the
 * translations of the English texts of `common` and `contract` whose ids `wanted` picks (all
 * when omitted), keyed by textKey; the messages with placeholders as patterns. Where two
 * messages read the same English, the first in `common` then `contract` order gives the
 * translation, and a text is in the table when any of its ids is wanted; `patterns: false`
 * leaves the messages with placeholders out. Throws when two English texts share a key.
 */
export function readBackTable(
  english: { common: Catalogue; contract: Catalogue },
  translated: Catalogue,
  wanted: (id: string) => boolean = () => true,
  { patterns = true }: { patterns?: boolean } = {},
): ReadBackTable {
  /** English text → the id whose translation it takes, and whether an id of it is wanted. */
  const texts = new Map<string, { id: string; wanted: boolean }>();
  for (const [id, text] of [
    ...Object.entries(english.common),
    ...Object.entries(english.contract),
  ]) {
    if (translated[id] === undefined) continue;
    const seen = texts.get(text);
    if (seen) seen.wanted ||= wanted(id);
    else texts.set(text, { id, wanted: wanted(id) });
  }
  const table = { exact: {} as Record<string, string>, patterns: [] as [string, string][] };
  const keys = new Map<string, string>();
  for (const text of texts.keys()) {
    if (text.includes('{')) continue;
    const key = textKey(text);
    const other = keys.get(key);
    if (other !== undefined) throw new Error(`"${text}" and "${other}" share the key ${key}`);
    keys.set(key, text);
  }
  for (const [text, { id, wanted: isWanted }] of texts) {
    if (!isWanted) continue;
    const words = translated[id] as string;
    if (text.includes('{')) {
      if (patterns && !unreadable(text)) table.patterns.push([text, words]);
      continue;
    }
    // A text the language writes as English does ("-", "PXXX") reads back as itself without
    // an entry (translateEnglish keeps a text it does not find).
    if (words !== text) table.exact[textKey(text)] = words;
  }
  return table;
}

/** Whether an id starts with one of `prefixes`. */
export const startsWithAny =
  (prefixes: readonly string[]) =>
  (id: string): boolean =>
    prefixes.some((prefix) => id.startsWith(prefix));

/**
 * The read-back table of an app's `base` pack (tools/vite/lingui.ts): the frame's first-paint
 * texts ({@link READ_BACK_FIRST}) and the app's own (`appPrefixes`: the spec's messages its
 * code holds, PACK_READ_BACK's `base` in lib/packs.ts), without the messages with
 * placeholders (the date fields' range rules, shown once a form is checked).
 */
export function frameTable(
  english: { common: Catalogue; contract: Catalogue },
  translated: Catalogue,
  appPrefixes: readonly string[] = [],
): ReadBackTable {
  return readBackTable(english, translated, startsWithAny([...READ_BACK_FIRST, ...appPrefixes]), {
    patterns: false,
  });
}

/**
 * The read-back tables of a language an app fetches apart from its pages' packs: `first`, the
 * frame's ({@link frameTable}, without any app's own texts: what the tests and Storybook load
 * with `rest`); `rest`, every other text (the packs' first-paint texts too, for the pages that
 * show them later), once the first page is shown.
 */
export function readBackTables(
  english: { common: Catalogue; contract: Catalogue },
  translated: Catalogue,
): { first: ReadBackTable; rest: ReadBackTable } {
  const inFirst = startsWithAny(READ_BACK_FIRST);
  const withPlaceholders = (id: string) =>
    (english.common[id] ?? english.contract[id] ?? '').includes('{');
  return {
    first: frameTable(english, translated),
    rest: readBackTable(english, translated, (id) => !inFirst(id) || withPlaceholders(id)),
  };
}

import { englishReader, fillPlaceholders, translateByReader } from './english-text';
import { textKey } from './text-key';

/**
 * The contract's areas (`contract.<area>.…`) whose texts a page can show on its first paint:
 * the spec's messages, session notices, labels of routes, roles, positions, statuses, dates,
 * the access log. Their read-back table comes with the page; the rest (rules' messages,
 * passwords' advice, the API's problems, the two-step codes, and `common`'s texts) once the
 * page is shown.
 */
export const READ_BACK_FIRST_AREAS: readonly string[] = [
  'message',
  'session',
  'account',
  'appointment',
  'accessLog',
  'route',
  'role',
  'position',
  'date',
];

/**
 * A language's translations of English texts, without the English words: `exact` by the
 * English text's key (textKey), `patterns` as [English message, translated message] for the
 * messages with placeholders (read back with their values).
 */
export interface ReadBackTable {
  readonly exact: Readonly<Record<string, string>>;
  readonly patterns: readonly (readonly [string, string])[];
}

/** A message with plural or select forms, or of placeholders only: never read back. */
const unreadable = (text: string) =>
  /\{\s*\w+\s*,/.test(text) || !/\p{L}/u.test(text.replace(/\{\w+\}/g, ''));

/**
 * The read-back tables of a language, built from the English catalogues and the language's
 * (at build time, tools/vite/lingui.ts): `first` for the contract's first-paint areas, `rest`
 * for everything else. Where two messages read the same English, the first in `common` then
 * `contract` order gives the translation. Throws when two English texts share a key.
 */
export function readBackTables(
  english: { common: Readonly<Record<string, string>>; contract: Readonly<Record<string, string>> },
  translated: Readonly<Record<string, string>>,
): { first: ReadBackTable; rest: ReadBackTable } {
  const inFirst = (id: string) => READ_BACK_FIRST_AREAS.includes(id.split('.')[1] ?? '');
  /** English text → the id whose translation it takes, and whether a first-paint area has it. */
  const texts = new Map<string, { id: string; first: boolean }>();
  for (const [id, text] of [
    ...Object.entries(english.common),
    ...Object.entries(english.contract),
  ]) {
    if (translated[id] === undefined) continue;
    const seen = texts.get(text);
    if (seen) seen.first ||= inFirst(id);
    else texts.set(text, { id, first: inFirst(id) });
  }
  const tables = {
    first: { exact: {} as Record<string, string>, patterns: [] as [string, string][] },
    rest: { exact: {} as Record<string, string>, patterns: [] as [string, string][] },
  };
  const keys = new Map<string, string>();
  for (const [text, { id, first }] of texts) {
    const table = first ? tables.first : tables.rest;
    const words = translated[id] as string;
    if (text.includes('{')) {
      if (!unreadable(text)) table.patterns.push([text, words]);
      continue;
    }
    const key = textKey(text);
    const other = keys.get(key);
    if (other !== undefined) throw new Error(`"${text}" and "${other}" share the key ${key}`);
    keys.set(key, text);
    table.exact[key] = words;
  }
  return tables;
}

/**
 * A translator of English texts by read-back tables: the text's translation, or, for a text of
 * several sentences no message holds whole, each sentence's (translateByReader); undefined
 * when a part has none.
 */
export function readBackTranslator(tables: readonly ReadBackTable[]) {
  const exact = new Map<string, string>();
  for (const table of tables) {
    for (const [key, words] of Object.entries(table.exact)) {
      if (!exact.has(key)) exact.set(key, words);
    }
  }
  const patterns = tables.flatMap((table) => table.patterns);
  const readPattern = englishReader(
    Object.fromEntries(patterns.map(([text], index) => [String(index), text])),
  );
  const read = (text: string) => {
    const words = exact.get(textKey(text));
    if (words !== undefined) return { id: words, values: {} };
    const match = readPattern(text);
    const message = match && patterns[Number(match.id)]?.[1];
    return message === undefined ? undefined : { id: message, values: match?.values ?? {} };
  };
  return (text: string): string | undefined =>
    translateByReader(read, (match) => fillPlaceholders(match.id, match.values), text);
}

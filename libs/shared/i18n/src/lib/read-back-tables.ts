import type { ReadBackTable } from './read-back';
import { textKey } from './text-key';

// The read-back tables' making, at build time (tools/vite/lingui.ts) and in the tests: kept out
// of read-back.ts, which the browser loads.

/**
 * The texts read back that a page can show on its first paint, by id prefix: the contract's
 * spec messages, session notices, labels of routes, roles, positions, statuses, dates, the
 * access log, and the forms' hints passed in English (`common.form.*`: the new password's, the
 * time fields'). Their read-back table comes with the app's start; the rest (rules' messages,
 * passwords' advice, the API's problems, the two-step codes, `common`'s other texts) once the
 * page is shown.
 */
export const READ_BACK_FIRST: readonly string[] = [
  'contract.message.',
  'contract.session.',
  'contract.account.',
  'contract.appointment.',
  'contract.accessLog.',
  'contract.route.',
  'contract.role.',
  'contract.position.',
  'contract.date.',
  'common.form.',
];

/** A message with plural or select forms, or of placeholders only: never read back. */
const unreadable = (text: string) =>
  /\{\s*\w+\s*,/.test(text) || !/\p{L}/u.test(text.replace(/\{\w+\}/g, ''));

/**
 * The read-back tables of a language, built from the English catalogues and the language's
 * (at build time, tools/vite/lingui.ts): `first` for the first-paint texts, `rest`
 * for everything else. Where two messages read the same English, the first in `common` then
 * `contract` order gives the translation. Throws when two English texts share a key.
 */
export function readBackTables(
  english: { common: Readonly<Record<string, string>>; contract: Readonly<Record<string, string>> },
  translated: Readonly<Record<string, string>>,
): { first: ReadBackTable; rest: ReadBackTable } {
  const inFirst = (id: string) => READ_BACK_FIRST.some((prefix) => id.startsWith(prefix));
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

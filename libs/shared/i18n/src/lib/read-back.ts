import { englishReader, fillPlaceholders, translateByReader } from './english-text';
import { daysIn } from './format';
import type { Calendar, Locale } from './locales';
import { textKey } from './text-key';

/**
 * A language's translations of English texts, without the English words: `exact` by the
 * English text's key (textKey), `patterns` as [English message, translated message] for the
 * messages with placeholders (read back with their values).
 */
export interface ReadBackTable {
  readonly exact: Readonly<Record<string, string>>;
  readonly patterns: readonly (readonly [string, string])[];
}

/**
 * A translator of English texts by read-back tables: the text's translation, or, for a text of
 * several sentences no message holds whole, each sentence's (translateByReader); undefined
 * when a part has none. A value that is a day (`1900-01-01` in "between 1900-01-01 and today")
 * is written as the language's screens write days, in the calendar chosen at the time
 * (`calendar`: the Buddhist era unless the person chose the Gregorian one).
 */
export function readBackTranslator(
  tables: readonly ReadBackTable[],
  locale: Locale = 'en',
  calendar: () => Calendar = () => 'buddhist',
) {
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
    translateByReader(
      read,
      (match) => fillPlaceholders(match.id, daysIn(match.values, locale, calendar())),
      text,
    );
}

// The server's side of the catalogues: problem texts in the language a request asks for.
import enCommon from './catalogs/en/common.json';
import enContract from './catalogs/en/contract.json';
import thCommon from './catalogs/th/common.json';
import thContract from './catalogs/th/contract.json';
import type { Locale } from './lib/locales';

export * from './lib/locales';

const thai: Readonly<Record<string, string>> = { ...thCommon, ...thContract };

/** English text → its id, for the messages without placeholders (the server's are fixed texts). */
const idByEnglish = new Map(
  Object.entries({ ...enCommon, ...enContract } as Readonly<Record<string, string>>)
    .filter(([, text]) => !text.includes('{'))
    .map(([id, text]) => [text, id]),
);

/**
 * A fixed text of the contract's (a problem's title or detail, a field's message) in `locale`:
 * the server builds its answers in English, the spec's words, and translates them here as they
 * leave, by the English catalogue's entry that has those words. A text no catalogue has (one
 * with a value in it) stays English.
 */
export function textIn(english: string, locale: Locale): string {
  if (locale === 'en') return english;
  const id = idByEnglish.get(english);
  return (id && thai[id]) || english;
}

// The server's side of the catalogues: problem texts in the language a request asks for.
import enCommon from './catalogs/en/common.json';
import enContract from './catalogs/en/contract.json';
import thCommon from './catalogs/th/common.json';
import thContract from './catalogs/th/contract.json';
import enPublic from './catalogs/en/public.json';
import thPublic from './catalogs/th/public.json';
import { englishReader, fillPlaceholders, translateByReader } from './lib/english-text';
import { daysIn } from './lib/format';
import type { Locale } from './lib/locales';

export * from './lib/locales';
// The read-back tables' key, for the build's tools (tools/bundle-budget.mjs checks it is the same).
export { textKey } from './lib/text-key';

const thai: Readonly<Record<string, string>> = { ...thCommon, ...thContract };
const readEnglish = englishReader({ ...enCommon, ...enContract });

/**
 * A text of the contract's (a problem's title or detail, a field's message) in `locale`: the
 * server builds its answers in English, the spec's words, and translates them here as they
 * leave, by the English catalogue's message that reads so (its placeholders' values kept), or
 * sentence by sentence (a password's warning and suggestion).
 * A day among the values is written as that language's screens write days (Buddhist era in
 * Thai). A text no catalogue has stays English.
 */
export function textIn(english: string, locale: Locale): string {
  if (locale === 'en') return english;
  const translate = (match: { id: string; values: Readonly<Record<string, string>> }) => {
    const message = thai[match.id];
    return message === undefined
      ? undefined
      : fillPlaceholders(message, daysIn(match.values, locale));
  };
  return translateByReader(readEnglish, translate, english) ?? english;
}

/** The texts the server writes itself (mails, the record's PDF): the `public` scope's. */
const serverTexts: Readonly<Record<Locale, Readonly<Record<string, string>>>> = {
  en: enPublic,
  th: thPublic,
};

/**
 * A catalogue message the server sends as it is (`public.mail.*`, `public.recordPdf.*`), in
 * `locale`, its `{placeholders}` filled; English when the language has none of it.
 */
export function serverText(
  id: string,
  locale: Locale,
  values: Readonly<Record<string, string>> = {},
): string {
  const message = serverTexts[locale][id] ?? serverTexts.en[id];
  if (message === undefined) throw new Error(`No catalogue message ${id}`);
  return fillPlaceholders(message, values);
}

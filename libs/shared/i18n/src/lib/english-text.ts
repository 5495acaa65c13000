/** Where an English text came from: a catalogue's id, and the values its placeholders took. */
export interface EnglishMatch {
  readonly id: string;
  readonly values: Record<string, string>;
}

/**
 * The longest text read back: the catalogues' longest English message is under 250 characters,
 * with its values under 1,000. A longer text (a value a client sent, echoed in a problem) stays
 * as it came, so that no request makes the server try every message's pattern on a megabyte.
 */
export const READ_BACK_MAX_CHARS = 1_000;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A reader of English texts built from an English catalogue: given a text the contract wrote
 * ("Must be at most 50 characters"), the id whose message it is ("… at most {max} characters")
 * and the values it was filled with; when several messages read it, the one with the most
 * words of its own. Messages with plural or select forms are not read back.
 * The server translates its problems with it, the apps the contract's messages they show.
 */
export function englishReader(catalogue: Readonly<Record<string, string>>) {
  const exact = new Map<string, string>();
  const patterns: { pattern: RegExp; id: string; names: string[] }[] = [];
  for (const [id, text] of Object.entries(catalogue)) {
    if (!text.includes('{')) {
      if (!exact.has(text)) exact.set(text, id);
      continue;
    }
    if (/\{\s*\w+\s*,/.test(text)) continue;
    // A message of placeholders only ("{hospital}") would read any text back as itself.
    if (!/\p{L}/u.test(text.replace(/\{\w+\}/g, ''))) continue;
    const names: string[] = [];
    const source = text
      .split(/\{(\w+)\}/)
      .map((part, index) => (index % 2 === 1 ? (names.push(part), '(.+?)') : escape(part)))
      .join('');
    patterns.push({ pattern: new RegExp(`^${source}$`, 's'), id, names });
  }
  // The most specific first: "Disease {id} is listed twice" before "Disease {number}", which
  // would read it too (the catalogues are merged, and their order says nothing).
  const literal = (pattern: RegExp) => pattern.source.replace(/\(\.\+\?\)|\\/g, '').length;
  patterns.sort((a, b) => literal(b.pattern) - literal(a.pattern));
  return (text: string): EnglishMatch | undefined => {
    if (text.length > READ_BACK_MAX_CHARS) return undefined;
    const id = exact.get(text);
    if (id) return { id, values: {} };
    for (const { pattern, id: patternId, names } of patterns) {
      const match = pattern.exec(text);
      if (match) {
        return {
          id: patternId,
          values: Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? ''])),
        };
      }
    }
    return undefined;
  };
}

/** A message's simple placeholders (`{max}`) filled: the server's texts have no others. */
export function fillPlaceholders(
  message: string,
  values: Readonly<Record<string, string>>,
): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * A text in another language by a reader of English texts: the catalogue's message that reads
 * so, or, for a text made of several sentences that no message holds whole (a password's
 * warning and suggestion, put side by side), each sentence's message, in the same order. The
 * result of `translate` for the matches, or undefined when a part has no message.
 */
export function translateByReader(
  read: (text: string) => EnglishMatch | undefined,
  translate: (match: EnglishMatch) => string | undefined,
  text: string,
): string | undefined {
  if (text.length > READ_BACK_MAX_CHARS) return undefined;
  const whole = read(text);
  if (whole) return translate(whole);
  const sentences = text.split(/(?<=[.!?])\s+(?=\S)/);
  if (sentences.length < 2) return undefined;
  const translated: string[] = [];
  for (const sentence of sentences) {
    const match = read(sentence);
    const words = match && translate(match);
    if (words === undefined) return undefined;
    translated.push(words);
  }
  return translated.join(' ');
}

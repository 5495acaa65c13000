/**
 * Search as you type over the catalogues, from an index built in memory on first use: the
 * distinct words of the English names and the codes (without punctuation), each with the
 * entries it occurs in, sorted so that a prefix is a range found by binary search. Thai, written
 * without spaces between words, is matched anywhere in the Thai name; only the common set has
 * one, so those few hundred names are read whole.
 *
 * Ranking: an exact code, then a code prefix, then every word of the query starting a word of
 * the name (or the Thai name starting with it), then the Thai name containing it; within each,
 * the common set first in its order of use, then shorter names, then by code. Entries are held
 * in that last order, so a tier's first `limit` matches are its best: no sort per query.
 */
import { type CatalogueEntry, type CatalogueKind, catalogueEntries } from './catalogue';

/** A catalogue's index: its entries in static order and its words' and codes' postings. */
interface Index {
  readonly entries: readonly CatalogueEntry[];
  readonly words: SortedPostings;
  readonly codes: SortedPostings;
  /**
   * Positions of the entries that have a Thai name, with the name in lower case and the name
   * without its leading class word ("โรค", disease; "ภาวะ", condition …), which counts as a start too.
   */
  readonly thai: readonly (readonly [position: number, name: string, head: string])[];
}

/** Distinct keys in order, each with the ascending positions of the entries it occurs in. */
interface SortedPostings {
  readonly keys: readonly string[];
  readonly postings: readonly Int32Array[];
}

/**
 * The words a Thai name often starts with that say what kind of thing it is (disease,
 * condition, symptom, drug group, drug): a search for what follows finds the name from its
 * start, as an English word's start does.
 */
const THAI_CLASS_WORDS = /^(โรค|ภาวะ|อาการ|ยากลุ่ม|ยา)/;

/** Letters and digits only, upper case: how codes are compared ("e11.9" → "E119"). */
export function normaliseCode(code: string): string {
  return code.replace(/[^0-9a-z]/gi, '').toUpperCase();
}

/** The words of an English text, lower case: runs of letters and digits. */
function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
}

function postings(pairs: Map<string, number[]>): SortedPostings {
  const keys = [...pairs.keys()].sort();
  return { keys, postings: keys.map((key) => Int32Array.from(pairs.get(key)!)) };
}

/** The static order: the common set by rank, then shorter names, then by code. */
function staticOrder(a: CatalogueEntry, b: CatalogueEntry): number {
  const ra = a.common_rank ?? Number.MAX_SAFE_INTEGER;
  const rb = b.common_rank ?? Number.MAX_SAFE_INTEGER;
  if (ra !== rb) return ra - rb;
  if (a.name.length !== b.name.length) return a.name.length - b.name.length;
  const ca = a.codes[0]?.code ?? '';
  const cb = b.codes[0]?.code ?? '';
  return ca < cb ? -1 : ca > cb ? 1 : 0;
}

function buildIndex(kinds: readonly CatalogueKind[]): Index {
  const entries = catalogueEntries()
    .filter((entry) => kinds.includes(entry.kind))
    .sort(staticOrder);
  const words = new Map<string, number[]>();
  const codes = new Map<string, number[]>();
  const add = (map: Map<string, number[]>, key: string, position: number) => {
    const list = map.get(key);
    if (!list) map.set(key, [position]);
    else if (list[list.length - 1] !== position) list.push(position);
  };
  const thai: [number, string, string][] = [];
  entries.forEach((entry, position) => {
    for (const word of wordsOf([entry.name, ...entry.synonyms].join(' ')))
      add(words, word, position);
    for (const code of entry.codes) {
      const key = normaliseCode(code.code);
      add(codes, key, position);
      add(words, key.toLowerCase(), position);
    }
    if (entry.name_th) {
      const name = entry.name_th.toLowerCase();
      thai.push([position, name, name.replace(THAI_CLASS_WORDS, '')]);
    }
  });
  return { entries, words: postings(words), codes: postings(codes), thai };
}

/** The first key at or after `prefix`. */
function lowerBound(keys: readonly string[], prefix: string): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (keys[middle]! < prefix) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Calls `visit` with every position under a key that starts with `prefix`. */
function forPrefix(index: SortedPostings, prefix: string, visit: (position: number) => void) {
  for (let k = lowerBound(index.keys, prefix); k < index.keys.length; k += 1) {
    if (!index.keys[k]!.startsWith(prefix)) break;
    for (const position of index.postings[k]!) visit(position);
  }
}

const TIERS = 4;
const EXACT_CODE = 0;
const CODE_PREFIX = 1;
const WORD_PREFIX = 2;
const THAI_INSIDE = 3;

/** The best `limit` entries of `index` (of `kinds`, if given) for the query `q`. */
function searchIndex(
  index: Index,
  q: string,
  limit: number,
  kinds?: ReadonlySet<CatalogueKind>,
): CatalogueEntry[] {
  const query = q.normalize('NFC').trim().toLowerCase();
  if (!query) return [];
  const n = index.entries.length;
  // The best tier each position reached; TIERS for none.
  const tier = new Uint8Array(n).fill(TIERS);
  const reach = (position: number, t: number) => {
    if (t < tier[position]!) tier[position] = t;
  };

  const code = normaliseCode(query);
  if (code && !/\s/.test(query)) {
    const k = lowerBound(index.codes.keys, code);
    if (index.codes.keys[k] === code)
      for (const p of index.codes.postings[k]!) reach(p, EXACT_CODE);
    forPrefix(index.codes, code, (p) => reach(p, CODE_PREFIX));
  }

  // One letter starts too many words to be worth answering; it still finds codes.
  const words = query.length >= 2 ? wordsOf(query) : [];
  if (words.length > 0 && words.length <= 8) {
    // Each word sets its bit on the entries it starts a word of; all bits set: a match.
    const seen = new Uint8Array(n);
    const all = (1 << words.length) - 1;
    words.forEach((word, i) => {
      const bit = 1 << i;
      forPrefix(index.words, word, (p) => {
        seen[p]! |= bit;
      });
    });
    for (let p = 0; p < n; p += 1) if (seen[p] === all) reach(p, WORD_PREFIX);
  }

  for (const [position, name, head] of index.thai) {
    if (name.startsWith(query) || head.startsWith(query)) reach(position, WORD_PREFIX);
    else if (name.includes(query)) reach(position, THAI_INSIDE);
  }

  // Positions are in static order, so each tier's first `limit` are its best.
  const buckets: CatalogueEntry[][] = Array.from({ length: TIERS }, () => []);
  for (let p = 0; p < n; p += 1) {
    const t = tier[p]!;
    if (t === TIERS) continue;
    const entry = index.entries[p]!;
    if (kinds && !kinds.has(entry.kind)) continue;
    const bucket = buckets[t]!;
    if (bucket.length < limit) bucket.push(entry);
  }
  return buckets.flat().slice(0, limit);
}

let conditionIndex: Index | undefined;
let substanceIndex: Index | undefined;

/** Diagnoses for `q` (an ICD-10 code's start, or words in English or Thai), best first. */
export function searchConditions(q: string, limit: number): CatalogueEntry[] {
  conditionIndex ??= buildIndex(['condition']);
  return searchIndex(conditionIndex, q, limit);
}

/** What an allergy can be to, for `q`, of the given kinds (all when none), best first. */
export function searchSubstances(
  q: string,
  limit: number,
  kinds?: readonly CatalogueKind[],
): CatalogueEntry[] {
  substanceIndex ??= buildIndex(['drug', 'class', 'food', 'environment']);
  return searchIndex(substanceIndex, q, limit, kinds?.length ? new Set(kinds) : undefined);
}

/** Builds both indexes now (the server's start), so that no request waits for them. */
export function warmCatalogueSearch(): void {
  conditionIndex ??= buildIndex(['condition']);
  substanceIndex ??= buildIndex(['drug', 'class', 'food', 'environment']);
}

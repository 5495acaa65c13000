import type { OptionsDictionary, OptionsGraph, ZxcvbnFactory } from '@zxcvbn-ts/core';
import { HOSPITAL_NAME } from '@portal/reference-data';
import { passwordSchema } from './rules';

/**
 * The password rule beyond length (the product decisions): a strength estimate from zxcvbn-ts
 * (its common and English dictionaries, the hospital's name and the username as easy guesses)
 * must score at least PASSWORD_MIN_SCORE, and the password must not contain the username or
 * the hospital's name. The server refuses by it (POST /register) and the register form shows
 * it as the person types: this module is the one place it is written.
 *
 * The server estimates with zxcvbn's full dictionaries (about 800 KB gzip), loaded on the first
 * estimate: `estimatePasswordStrength`, the authority. The register form and My account's
 * password form show `previewPasswordStrength` (password-strength-preview.ts): the same rule
 * with the first ranks of each dictionary, generated from the same packages, so that the meter
 * stays a small download; only the dictionaries differ (createPasswordEstimator).
 */

/** zxcvbn's scores, from 0 (guessed at once) to 4 (very unlikely to be guessed). */
export type PasswordScore = 0 | 1 | 2 | 3 | 4;

/** The lowest score a password may have: 3, "safely unguessable" (over 10^8 guesses). */
export const PASSWORD_MIN_SCORE: PasswordScore = 3;

/** What each score is called where the strength is shown. */
export const PASSWORD_SCORE_LABELS: Readonly<Record<PasswordScore, string>> = {
  0: 'Very weak',
  1: 'Weak',
  2: 'Fair',
  3: 'Strong',
  4: 'Very strong',
};

/**
 * Only the first 64 characters are estimated (zxcvbn's cost grows fast with length and with
 * look-alike characters; a longer password is judged by its start, which only errs towards
 * refusing). The username and hospital-name rules look at the whole password.
 */
export const PASSWORD_ESTIMATE_MAX_LENGTH = 64;
/** How many look-alike substitutions (@ for a, 0 for o…) zxcvbn tries: bounds its cost. */
const L33T_MAX_SUBSTITUTIONS = 8;

/** The sentences a refusal is made of, keyed by zxcvbn's warning and suggestion keys. */
export const PASSWORD_STRENGTH_MESSAGES = {
  containsUsername: 'The password must not contain your username.',
  containsHospitalName: "The password must not contain the hospital's name.",
  easyToGuess: 'This password is easy to guess.',
  addWords: 'Add more words that are less common.',
  warnings: {
    straightRow: 'Straight rows of keys like "qwerty" are easy to guess.',
    keyPattern: 'Short keyboard patterns are easy to guess.',
    simpleRepeat: 'Repeated characters like "aaa" are easy to guess.',
    extendedRepeat: 'Repeated patterns like "abcabc" are easy to guess.',
    sequences: 'Sequences like "abc" or "1234" are easy to guess.',
    recentYears: 'Recent years are easy to guess.',
    dates: 'Dates are easy to guess.',
    topTen: 'This is one of the most used passwords.',
    topHundred: 'This is a very commonly used password.',
    common: 'This is a commonly used password.',
    similarToCommon: 'This is too close to a commonly used password.',
    wordByItself: 'A single word is easy to guess.',
    namesByThemselves: 'Names on their own are easy to guess.',
    commonNames: 'Common names are easy to guess.',
    userInputs: "Your username and the hospital's name are easy to guess.",
    pwned: 'This password has been published in a data breach.',
  },
  suggestions: {
    l33t: "Swapping letters for look-alikes, like '@' for 'a', does not help.",
    reverseWords: 'Common words spelled backwards are easy to guess.',
    allUppercase: 'Capitalise some letters, not all.',
    capitalization: 'Capitalise more than the first letter.',
    dates: 'Avoid dates and years that are linked to you.',
    recentYears: 'Avoid recent years.',
    associatedYears: 'Avoid years that are linked to you.',
    sequences: 'Avoid sequences like "abc" or "1234".',
    repeated: 'Avoid repeated words and characters.',
    longerKeyboardPattern: 'Use longer keyboard patterns that change direction.',
    anotherWord: 'Add more words that are less common.',
    useWords: 'Use several words, but not a common phrase.',
    noNeed: 'Several uncommon words are strong without symbols, digits or capitals.',
    pwned: 'If you use this password elsewhere, change it there too.',
  },
} as const;

type WarningKey = keyof typeof PASSWORD_STRENGTH_MESSAGES.warnings;
type SuggestionKey = keyof typeof PASSWORD_STRENGTH_MESSAGES.suggestions;

/** The estimate of one password. */
export interface PasswordStrength {
  /** zxcvbn's score, lowered below PASSWORD_MIN_SCORE when another rule refuses the password. */
  score: PasswordScore;
  /** The score's name (PASSWORD_SCORE_LABELS). */
  label: string;
  /** Whether the server accepts it: score ≥ PASSWORD_MIN_SCORE. */
  acceptable: boolean;
  /** Why it is refused, in one or two short sentences; null when it is acceptable. */
  reason: string | null;
}

/** Letters and digits only, lower case: "Ada.Lovelace" and "ada-lovelace" compare equal. */
const compact = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** The hospital name's words, lower case ("riverside", "general", "hospital"). */
const hospitalWords = () => HOSPITAL_NAME.toLowerCase().split(/\s+/).filter(Boolean);

/**
 * Every run of two or more consecutive words of the name, compacted ("riversidegeneral",
 * "generalhospital", "riversidegeneralhospital"): a password may contain none of them.
 */
function hospitalNameRuns(): string[] {
  const words = hospitalWords();
  const runs: string[] = [];
  for (let start = 0; start < words.length; start += 1) {
    for (let end = start + 2; end <= words.length; end += 1) {
      runs.push(words.slice(start, end).join(''));
    }
  }
  return runs;
}

/** The words zxcvbn weighs as the easiest guesses: the hospital's name and the username. */
function userInputs(username: string): string[] {
  const usernameParts = username.split(/[^\p{L}\p{N}]+/u).filter((part) => part.length >= 3);
  return [
    ...hospitalWords(),
    compact(HOSPITAL_NAME),
    username,
    compact(username),
    ...usernameParts,
  ];
}

/** The rules that refuse a password whatever its score, as a reason, or null. */
function brokenRule(password: string, username: string): string | null {
  const tooShortOrLong = passwordSchema.safeParse(password);
  if (!tooShortOrLong.success) return tooShortOrLong.error.issues[0]?.message ?? null;
  const compactPassword = compact(password);
  const compactUsername = compact(username);
  if (compactUsername.length >= 3 && compactPassword.includes(compactUsername)) {
    return PASSWORD_STRENGTH_MESSAGES.containsUsername;
  }
  if (hospitalNameRuns().some((run) => compactPassword.includes(run))) {
    return PASSWORD_STRENGTH_MESSAGES.containsHospitalName;
  }
  return null;
}

const warningText = (key: string | null) =>
  key && key in PASSWORD_STRENGTH_MESSAGES.warnings
    ? PASSWORD_STRENGTH_MESSAGES.warnings[key as WarningKey]
    : PASSWORD_STRENGTH_MESSAGES.easyToGuess;

const suggestionText = (key: string | undefined) =>
  key && key in PASSWORD_STRENGTH_MESSAGES.suggestions
    ? PASSWORD_STRENGTH_MESSAGES.suggestions[key as SuggestionKey]
    : PASSWORD_STRENGTH_MESSAGES.addWords;

/** What an estimator is built from: zxcvbn's factory, its keyboard graphs and dictionaries. */
export interface ZxcvbnParts {
  Factory: typeof ZxcvbnFactory;
  graphs: OptionsGraph;
  dictionary: OptionsDictionary;
}

/** Estimates a password for an account named `username` (see createPasswordEstimator). */
export type PasswordEstimator = (password: string, username: string) => Promise<PasswordStrength>;

/**
 * The rule's estimator over the dictionaries `load` gives, loaded and built on the first
 * estimate (the full ones take about 0.2 s) and kept: its score, the score's label, whether
 * the password is acceptable and, if not, why.
 */
export function createPasswordEstimator(load: () => Promise<ZxcvbnParts>): PasswordEstimator {
  let estimator: Promise<ZxcvbnFactory> | undefined;
  const loadEstimator = () => {
    estimator ??= load().then(
      ({ Factory, graphs, dictionary }) =>
        new Factory({
          graphs,
          dictionary,
          maxLength: PASSWORD_ESTIMATE_MAX_LENGTH,
          l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
        }),
      (error: unknown) => {
        // A failed download (a browser gone offline) is tried again on the next estimate.
        estimator = undefined;
        throw error;
      },
    );
    return estimator;
  };
  return async (password, username) => {
    const zxcvbn = await loadEstimator();
    const result = zxcvbn.check(password, userInputs(username));
    const rule = brokenRule(password, username);
    const estimated: PasswordScore = result.score;
    const score = rule ? (Math.min(estimated, PASSWORD_MIN_SCORE - 1) as PasswordScore) : estimated;
    const acceptable = score >= PASSWORD_MIN_SCORE;
    const reason =
      rule ??
      (acceptable
        ? null
        : `${warningText(result.feedback.warning)} ${suggestionText(result.feedback.suggestions[0])}`);
    return { score, label: PASSWORD_SCORE_LABELS[score], acceptable, reason };
  };
}

/**
 * The server's estimate, the authority: zxcvbn with the full common and English dictionaries
 * (dynamic imports in a call marked pure: a browser bundle, which never calls it, leaves them out).
 */
export const estimatePasswordStrength: PasswordEstimator = /* @__PURE__ */ createPasswordEstimator(
  async () => {
    const [core, common, english] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    return {
      Factory: core.ZxcvbnFactory,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...english.dictionary },
    };
  },
);

/** Why the server refuses a password for `username`, or null when it accepts it. */
export async function passwordWeakness(password: string, username: string): Promise<string | null> {
  return (await estimatePasswordStrength(password, username)).reason;
}

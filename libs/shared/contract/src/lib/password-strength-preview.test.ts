import { dictionary as common } from '@zxcvbn-ts/language-common';
import { dictionary as english } from '@zxcvbn-ts/language-en';
import { describe, expect, it } from 'vitest';
import { estimatePasswordStrength, previewPasswordStrength } from '../index';
import { decodePasswordDictionary } from './meter-zxcvbn';
import { BROWSER_DICTIONARIES, KEPT_RANKS } from './password-dictionaries.generated';

// The contract builds without Node's or the DOM's types; the test runner has both.
declare const console: { log(message: string): void };
declare const process: { env: Record<string, string | undefined> };

/**
 * Each password takes zxcvbn milliseconds, and these checks ran over thousands of the same
 * passwords every run. `npm test` checks a quarter of each list, a different quarter each run
 * (the seed is printed; PASSWORD_SAMPLE_SEED replays it); PASSWORD_SAMPLE=all checks every one,
 * as for the figure in docs/decisions.md.
 */
const SAMPLE_ALL = process.env['PASSWORD_SAMPLE'] === 'all';
const SAMPLE_SEED = Number(
  process.env['PASSWORD_SAMPLE_SEED'] ?? Math.floor(Math.random() * 2 ** 31),
);
/** A quarter of `items` (all of them with PASSWORD_SAMPLE=all), picked by the run's seed. */
function sample<T>(items: readonly T[], name: string): readonly T[] {
  if (SAMPLE_ALL) return items;
  const random = seeded(SAMPLE_SEED);
  const picked = items.filter(() => random() < 0.25);
  console.log(
    `${name}: ${picked.length} of ${items.length} (PASSWORD_SAMPLE_SEED=${SAMPLE_SEED}; PASSWORD_SAMPLE=all for every one)`,
  );
  return picked;
}

/** The server's lists, as zxcvbn is given them (password-strength.ts). */
const FULL: Record<string, string[]> = Object.fromEntries(
  Object.entries({ ...common, ...english }).map(([name, list]) => [name, list.map(String)]),
);
const BROWSER = Object.fromEntries(
  Object.entries(BROWSER_DICTIONARIES).map(([name, list]) => [
    name,
    decodePasswordDictionary(list),
  ]),
);

/**
 * The lowest share of the corpus on which the meter and the server must agree (accept or
 * refuse alike); the measured figure is printed and written in docs/decisions.md.
 */
const AGREEMENT_FLOOR = 0.95;

/** A seeded generator (mulberry32), so the corpus is the same on every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Passwords as people make them, a few thousand, the same on every run: words, names and
 * passwords picked by rank the way people use them (a rank's chance falls with the rank: log-
 * uniform over the whole list, so the ranks the meter does not keep are well represented),
 * with the digits, years and symbols people add; passphrases; random strings.
 */
function corpus(size: number): { kind: string; password: string }[] {
  const random = seeded(20261126);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  const byRank = (name: string) => {
    const list = FULL[name] ?? [];
    return list[Math.floor(Math.exp(random() * Math.log(list.length)))] ?? list[0] ?? '';
  };
  const capitalise = (word: string) =>
    random() < 0.5 ? word[0]?.toUpperCase() + word.slice(1) : word;
  const year = () => String(1950 + Math.floor(random() * 80));
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
  const symbol = () => pick(['', '', '!', '@', '#', '$', '?', '.', '*']);
  const suffix = () =>
    pick([year(), digits(2), digits(3), digits(4), '123', '1234', '1']) + symbol();
  /** Lengthened as people do to pass the 12-character rule: more digits, then a "!". */
  const atLeast12 = (password: string) => {
    let long = password;
    while (long.length < 12) long += random() < 0.7 ? digits(1) : '!';
    return long;
  };
  const charset = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!@#$%^&*-_.';
  const kinds: Record<string, () => string> = {
    'common password + digits': () => atLeast12(capitalise(byRank('passwords-common')) + suffix()),
    'common word + digits': () => atLeast12(capitalise(byRank('commonWords-en')) + suffix()),
    'Wikipedia word + digits': () => atLeast12(capitalise(byRank('wikipedia-en')) + suffix()),
    'two words + digits': () =>
      atLeast12(
        capitalise(byRank('commonWords-en')) + capitalise(byRank('wikipedia-en')) + digits(2),
      ),
    'first and last name + year': () =>
      atLeast12(capitalise(byRank('firstnames-en')) + capitalise(byRank('lastnames-en')) + year()),
    'last name + digits': () => atLeast12(capitalise(byRank('lastnames-en')) + suffix()),
    passphrase: () =>
      Array.from({ length: pick([3, 4]) }, () =>
        byRank(random() < 0.5 ? 'diceware-common' : 'commonWords-en'),
      ).join(pick([' ', '-', '.', ''])),
    'random characters': () =>
      Array.from({ length: 12 + Math.floor(random() * 5) }, () => pick([...charset])).join(''),
  };
  const names = Object.keys(kinds);
  return Array.from({ length: size }, (_, i) => {
    const kind = names[i % names.length] as string;
    return { kind, password: (kinds[kind] as () => string)() };
  });
}

describe('the meter’s dictionaries', () => {
  it('keep each word at the rank the server gives it, and nothing the packages do not hold', () => {
    expect(Object.keys(BROWSER).sort()).toEqual(Object.keys(FULL).sort());
    for (const [name, list] of Object.entries(BROWSER)) {
      const full = FULL[name] ?? [];
      expect(list.length, name).toBeLessThanOrEqual(KEPT_RANKS[name] ?? 0);
      list.forEach((word, index) => {
        if (word !== '') expect(word, `${name} rank ${index + 1}`).toBe(full[index]);
      });
    }
  });

  it('leave a word out only where it is kept at a lower rank in another list', () => {
    const lowestKept = new Map<string, number>();
    for (const list of Object.values(BROWSER)) {
      list.forEach((word, index) => {
        if (word !== '')
          lowestKept.set(word, Math.min(lowestKept.get(word) ?? Infinity, index + 1));
      });
    }
    for (const [name, list] of Object.entries(BROWSER)) {
      const full = FULL[name] ?? [];
      list.forEach((word, index) => {
        if (word === '') {
          expect(
            lowestKept.get(full[index] ?? ''),
            `${name} rank ${index + 1}`,
          ).toBeLessThanOrEqual(index + 1);
        }
      });
    }
  });
});

describe('previewPasswordStrength', () => {
  it(
    'never accepts a password of the common-password ranks it keeps',
    { timeout: 120_000 },
    async () => {
      const kept = (FULL['passwords-common'] ?? []).slice(0, KEPT_RANKS['passwords-common']);
      expect(kept.length).toBeGreaterThan(5000);
      const accepted: string[] = [];
      for (const password of sample(kept, 'kept common passwords')) {
        if ((await previewPasswordStrength(password, 'someone')).acceptable)
          accepted.push(password);
      }
      expect(accepted).toEqual([]);
    },
  );

  it('applies the same rule as the server: username, hospital name, length', async () => {
    for (const [password, username] of [
      ['my-ada.lovelace-secret!', 'ada.lovelace'],
      ['riverside-general-1', 'someone'],
      ['xK7#qpL2', 'someone'],
      ['violet-tractor-orbit-1987', 'ada.lovelace'],
    ] as const) {
      expect(await previewPasswordStrength(password, username)).toEqual(
        await estimatePasswordStrength(password, username),
      );
    }
  });

  it(
    `agrees with the server on at least ${AGREEMENT_FLOOR * 100} % of a generated corpus`,
    { timeout: 300_000 },
    async () => {
      const byKind = new Map<string, { agree: number; total: number; meterOnly: number }>();
      let agree = 0;
      let meterAcceptsServerRefuses = 0;
      let serverAcceptsMeterRefuses = 0;
      const passwords = sample(corpus(3200), 'corpus');
      for (const { kind, password } of passwords) {
        const meter = (await previewPasswordStrength(password, 'someone')).acceptable;
        const server = (await estimatePasswordStrength(password, 'someone')).acceptable;
        const tally = byKind.get(kind) ?? { agree: 0, total: 0, meterOnly: 0 };
        tally.total += 1;
        if (meter === server) {
          agree += 1;
          tally.agree += 1;
        } else if (meter) {
          meterAcceptsServerRefuses += 1;
          tally.meterOnly += 1;
        } else {
          serverAcceptsMeterRefuses += 1;
        }
        byKind.set(kind, tally);
      }
      const share = agree / passwords.length;
      console.log(
        `meter/server agreement: ${agree} of ${passwords.length} (${(share * 100).toFixed(1)} %); ` +
          `meter accepts, server refuses: ${meterAcceptsServerRefuses}; ` +
          `meter refuses, server accepts: ${serverAcceptsMeterRefuses}\n` +
          [...byKind]
            .map(
              ([kind, t]) =>
                `  ${kind}: ${t.agree}/${t.total} (${((t.agree / t.total) * 100).toFixed(1)} %), meter-only accepts ${t.meterOnly}`,
            )
            .join('\n'),
      );
      expect(share).toBeGreaterThanOrEqual(AGREEMENT_FLOOR);
      // The meter knows a subset of the server's words, at the same ranks: it can find a
      // password stronger than the server does, never weaker.
      expect(serverAcceptsMeterRefuses).toBe(0);
    },
  );
});

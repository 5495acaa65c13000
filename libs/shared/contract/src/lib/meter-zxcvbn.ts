import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { ADJACENCY_GRAPHS, BROWSER_DICTIONARIES } from './password-dictionaries.generated';
import type { ZxcvbnParts } from './password-strength';

/**
 * One list of password-dictionaries.generated.ts as zxcvbn takes it, each word at its rank:
 * a capital letter A–Z says how many characters an entry shares with the previous one, the
 * rest follows; `~n` stands for n positions whose words the browser does not keep (empty
 * entries, which match nothing), so the words after them keep the server's ranks.
 */
export function decodePasswordDictionary(encoded: string): string[] {
  const words: string[] = [];
  const pieces = encoded.split(/([A-Z~])/);
  let previous = '';
  for (let i = 1; i < pieces.length; i += 2) {
    const marker = pieces[i] ?? '';
    const text = pieces[i + 1] ?? '';
    if (marker === '~') {
      for (let gap = Number(text); gap > 0; gap -= 1) words.push('');
      continue;
    }
    previous = previous.slice(0, marker.charCodeAt(0) - 65) + text;
    words.push(previous);
  }
  return words;
}

/** zxcvbn with the meter's dictionaries (the lazily loaded part of previewPasswordStrength). */
export function meterZxcvbnParts(): ZxcvbnParts {
  return {
    Factory: ZxcvbnFactory,
    graphs: ADJACENCY_GRAPHS,
    dictionary: Object.fromEntries(
      Object.entries(BROWSER_DICTIONARIES).map(([name, list]) => [
        name,
        decodePasswordDictionary(list),
      ]),
    ),
  };
}

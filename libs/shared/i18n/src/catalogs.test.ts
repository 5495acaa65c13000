import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LOCALES, SCOPES, SOURCE_LOCALE } from './index';

const catalogDir = new URL('./catalogs/', import.meta.url).pathname;

function catalog(locale: string, scope: string): Record<string, string> {
  return JSON.parse(readFileSync(join(catalogDir, locale, `${scope}.json`), 'utf8')) as Record<
    string,
    string
  >;
}

/** The names a compiled message's placeholders use, plural and select ones included. */
function placeholders(message: CompiledMessage, into = new Set<string>()): Set<string> {
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, , choices] = token;
    into.add(name);
    for (const choice of Object.values(choices ?? {})) {
      if (Array.isArray(choice)) placeholders(choice as CompiledMessage, into);
    }
  }
  return into;
}

/** The numbered tags a message wraps text in for `<Trans components>`: `<0>…</0>`. */
const tags = (text: string) => [...text.matchAll(/<\/?(\d+)\s*\/?>/g)].map((m) => m[0]).sort();

describe('the catalogues', () => {
  it('are one per language and scope, and nothing else', () => {
    expect(readdirSync(catalogDir).sort()).toEqual([...LOCALES].sort());
    for (const locale of LOCALES) {
      expect(readdirSync(join(catalogDir, locale)).sort()).toEqual(
        SCOPES.map((scope) => `${scope}.json`).sort(),
      );
    }
  });

  for (const scope of SCOPES) {
    const source = catalog(SOURCE_LOCALE, scope);
    for (const locale of LOCALES.filter((l) => l !== SOURCE_LOCALE)) {
      it(`${scope}: ${locale} has exactly the English ids`, () => {
        expect(Object.keys(catalog(locale, scope)).sort()).toEqual(Object.keys(source).sort());
      });

      it(`${scope}: every ${locale} message compiles and has the English placeholders and tags`, () => {
        const translated = catalog(locale, scope);
        for (const [id, english] of Object.entries(source)) {
          const text = translated[id];
          expect(text, id).toBeTypeOf('string');
          expect(text!.trim(), `${id} is empty`).not.toBe('');
          const expected = [...placeholders(compileMessageOrThrow(english))].sort();
          expect([...placeholders(compileMessageOrThrow(text!))].sort(), id).toEqual(expected);
          expect(tags(text!), id).toEqual(tags(english));
        }
      });
    }

    it(`${scope}: ids are namespaced by their scope`, () => {
      for (const id of Object.keys(source)) expect(id.startsWith(`${scope}.`), id).toBe(true);
    });
  }
});

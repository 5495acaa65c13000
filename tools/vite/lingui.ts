import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createCompiledCatalog } from '@lingui/cli/api';
import { lingui } from '@lingui/vite-plugin';
import type { Plugin } from 'vite';
import { areaOf, PACKS, type PackScope, packAreas } from '../../libs/shared/i18n/src/lib/packs.ts';
import {
  READ_BACK_FIRST,
  readBackTables,
} from '../../libs/shared/i18n/src/lib/read-back-tables.ts';

const configPath = fileURLToPath(new URL('../../lingui.config.js', import.meta.url));
const catalogs = fileURLToPath(new URL('../../libs/shared/i18n/src/catalogs', import.meta.url));

const catalogue = (locale: string, scope: string): Record<string, string> =>
  JSON.parse(readFileSync(`${catalogs}/${locale}/${scope}.json`, 'utf8'));

/**
 * The read-back tables of a language (`catalogs/th/contract.json?readback=first|rest`): the
 * contract's texts, and the shared ones, keyed by their English words' key (textKey) rather
 * than by the words, so that a page in Thai shows the contract's English constants in Thai
 * without downloading English catalogues. `first` holds what a first paint shows
 * (READ_BACK_FIRST); `rest` the others (rules, passwords, problems, most of `common`), fetched
 * once the first page is shown.
 */
function readBackCatalogs(): Plugin {
  const pattern = /\/catalogs\/(\w+)\/contract\.json\?readback=(first|rest)$/;
  return {
    name: 'portal-read-back-catalogs',
    transform(_source, id) {
      const match = pattern.exec(id);
      if (!match) return null;
      const [, locale, tier] = match as unknown as [string, string, 'first' | 'rest'];
      for (const scope of ['common', 'contract']) {
        this.addWatchFile(`${catalogs}/en/${scope}.json`);
        this.addWatchFile(`${catalogs}/${locale}/${scope}.json`);
      }
      const tables = readBackTables(
        { common: catalogue('en', 'common'), contract: catalogue('en', 'contract') },
        { ...catalogue(locale, 'common'), ...catalogue(locale, 'contract') },
      );
      const table = tables[tier];
      return {
        code:
          `export const exact = JSON.parse(${JSON.stringify(JSON.stringify(table.exact))});\n` +
          `export const patterns = JSON.parse(${JSON.stringify(JSON.stringify(table.patterns))});\n`,
        map: null,
        moduleType: 'js',
      };
    },
  };
}

/**
 * A pack of a catalogue (`catalogs/<locale>/<scope>.json?pack=<name>&messages`, lib/packs.ts):
 * the messages of the pack's areas, compiled as Lingui's plugin compiles a whole catalogue (a
 * message missing in the language falls back to English; one that does not compile fails).
 */
function catalogPacks(): Plugin {
  const pattern = /\/catalogs\/(\w+)\/(\w+)\.json\?pack=(\w+)&messages$/;
  return {
    name: 'portal-catalog-packs',
    transform(_source, id) {
      const match = pattern.exec(id);
      if (!match) return null;
      const [, locale = '', scope = '', pack = ''] = match;
      if (!(scope in PACKS)) throw new Error(`No catalogue ${scope}`);
      this.addWatchFile(`${catalogs}/en/${scope}.json`);
      this.addWatchFile(`${catalogs}/${locale}/${scope}.json`);
      const english = catalogue('en', scope);
      const translated = locale === 'en' ? english : catalogue(locale, scope);
      const ids = Object.keys(english);
      const areas = new Set(packAreas(scope as PackScope, pack, [...new Set(ids.map(areaOf))]));
      const messages = Object.fromEntries(
        ids
          .filter((each) => areas.has(areaOf(each)))
          .map((each) => [each, translated[each] ?? english[each] ?? '']),
      );
      const { source, errors } = createCompiledCatalog(locale, messages, { namespace: 'es' });
      if (errors.length) {
        throw new Error(
          `${locale}/${scope}: ${errors.map((each) => `${each.id}: ${String(each.error)}`).join('; ')}`,
        );
      }
      return { code: source, map: null, moduleType: 'js' };
    },
  };
}

/**
 * Compiles a message catalogue where a `?lingui` import names it (libs/shared/i18n): in the
 * apps' builds, every Vitest project and Storybook. A message that does not compile fails the
 * build rather than showing its ICU source to a patient. Also compiles the catalogues' packs
 * (`?pack=`) and builds the read-back tables (`?readback=`, above; the areas in the first one:
 * {@link READ_BACK_FIRST}).
 */
export function linguiCatalogs() {
  return [...lingui({ configPath, failOnCompileError: true }), catalogPacks(), readBackCatalogs()];
}

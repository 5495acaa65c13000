import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createCompiledCatalog } from '@lingui/cli/api';
import { lingui } from '@lingui/vite-plugin';
import { LOCAL_NAMES } from '../../libs/shared/reference-data/src/lib/local-names.ts';
import type { Plugin } from 'vite';
import {
  areaOf,
  PACKS,
  type PackScope,
  packAreas,
  packLocalNames,
  packReadBack,
  packsOfPage,
} from '../../libs/shared/i18n/src/lib/packs.ts';
import {
  frameTable,
  readBackTable,
  readBackTables,
  startsWithAny,
} from '../../libs/shared/i18n/src/lib/read-back-tables.ts';

const configPath = fileURLToPath(new URL('../../lingui.config.js', import.meta.url));
const catalogs = fileURLToPath(new URL('../../libs/shared/i18n/src/catalogs', import.meta.url));

const catalogue = (locale: string, scope: string): Record<string, string> =>
  JSON.parse(readFileSync(`${catalogs}/${locale}/${scope}.json`, 'utf8'));

/** The English catalogues a read-back table reads, and `locale`'s translations of them. */
const readBackSources = (locale: string) =>
  [
    { common: catalogue('en', 'common'), contract: catalogue('en', 'contract') },
    { ...catalogue(locale, 'common'), ...catalogue(locale, 'contract') },
  ] as const;

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
      const table = readBackTables(...readBackSources(locale))[tier];
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
 * A pack of a catalogue (`catalogs/<locale>/<scope>.json?pack=<name>&messages`, lib/packs.ts),
 * or a page's packs merged (`catalogs/<locale>/common.json?page=<name>&messages`, PAGE_PACKS):
 * the messages of the packs' areas, compiled as Lingui's plugin compiles a whole catalogue (a
 * message missing in the language falls back to English; one that does not compile fails), in
 * one module with what else the pages that ask for it need first in that language:
 * - an app's `base` pack holds `common`'s `base` pack too (one request at the app's start);
 * - in another language than English, `readBack`: the read-back table of the contract's texts
 *   the pack's pages show first (PACK_READ_BACK; for an app's `base`, the frame's:
 *   READ_BACK_FIRST), so that a page's first paint needs no other table; and `names`:
 *   reference-data's names in that language the pack's pages show (PACK_LOCAL_NAMES).
 */
function catalogPacks(): Plugin {
  const pattern = /\/catalogs\/(\w+)\/(\w+)\.json\?(pack|page)=(\w+)&messages$/;
  return {
    name: 'portal-catalog-packs',
    transform(_source, id) {
      const match = pattern.exec(id);
      if (!match) return null;
      const [, locale = '', scope = '', kind = '', name = ''] = match;
      if (!(scope in PACKS)) throw new Error(`No catalogue ${scope}`);
      const appBase =
        kind === 'pack' && name === 'base' && scope !== 'common' && scope !== 'contract';
      /** The packs in the module: a page's (PAGE_PACKS), an app's base with common's, or one. */
      const packs: (readonly [PackScope, string])[] =
        kind === 'page'
          ? [...packsOfPage(name)]
          : appBase
            ? [
                ['common', 'base'],
                [scope as PackScope, 'base'],
              ]
            : [[scope as PackScope, name]];
      for (const each of new Set(['common', 'contract', ...packs.map(([one]) => one)])) {
        this.addWatchFile(`${catalogs}/en/${each}.json`);
        this.addWatchFile(`${catalogs}/${locale}/${each}.json`);
      }
      const messages: Record<string, string> = {};
      for (const [packScope, pack] of packs) {
        const english = catalogue('en', packScope);
        const translated = locale === 'en' ? english : catalogue(locale, packScope);
        const ids = Object.keys(english);
        const areas = new Set(packAreas(packScope, pack, [...new Set(ids.map(areaOf))]));
        for (const one of ids.filter((text) => areas.has(areaOf(text)))) {
          messages[one] = translated[one] ?? english[one] ?? '';
        }
      }
      const { source, errors } = createCompiledCatalog(locale, messages, { namespace: 'es' });
      if (errors.length) {
        throw new Error(
          `${locale}/${scope}: ${errors.map((each) => `${each.id}: ${String(each.error)}`).join('; ')}`,
        );
      }
      const prefixes = [
        ...new Set(packs.flatMap(([packScope, pack]) => packReadBack(packScope, pack))),
      ];
      const namePrefixes = packs.flatMap(([packScope, pack]) => packLocalNames(packScope, pack));
      const localNames: Readonly<Record<string, string>> =
        (LOCAL_NAMES as Readonly<Record<string, Readonly<Record<string, string>>>>)[locale] ?? {};
      const names = Object.fromEntries(
        Object.entries(localNames).filter(([entry]) =>
          namePrefixes.some((prefix) => entry.startsWith(prefix)),
        ),
      );
      let code = source;
      if (locale !== 'en' && (appBase || prefixes.length > 0)) {
        // An app's base: the frame's texts and the app's own first-paint ones.
        const table = appBase
          ? frameTable(...readBackSources(locale), prefixes)
          : readBackTable(...readBackSources(locale), startsWithAny(prefixes));
        code += `\nexport const readBack = JSON.parse(${JSON.stringify(JSON.stringify(table))});\n`;
      }
      if (locale !== 'en' && Object.keys(names).length > 0) {
        code += `\nexport const names = JSON.parse(${JSON.stringify(JSON.stringify(names))});\n`;
      }
      return { code, map: null, moduleType: 'js' };
    },
  };
}

/**
 * Compiles a message catalogue where a `?lingui` import names it (libs/shared/i18n): in the
 * apps' builds, every Vitest project and Storybook. A message that does not compile fails the
 * build rather than showing its ICU source to a patient. Also compiles the catalogues' packs
 * (`?pack=`) and builds the read-back tables (`?readback=`, above; the areas in the first one:
 * READ_BACK_FIRST in lib/read-back-tables.ts).
 */
export function linguiCatalogs() {
  return [...lingui({ configPath, failOnCompileError: true }), catalogPacks(), readBackCatalogs()];
}

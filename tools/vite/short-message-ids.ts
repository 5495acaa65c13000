import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

const catalogs = fileURLToPath(new URL('../../libs/shared/i18n/src/catalogs', import.meta.url));

/**
 * The catalogues whose ids the apps' code names (`t('hr.addEmployee.added')`) and their packs
 * hold. `contract`'s ids are not shortened: the browser reads the contract's texts back by
 * their English words, and the server, which is not built with this plugin, keys its problems
 * by the contract's ids.
 */
export const SHORTENED_SCOPES = ['common', 'public', 'clinical', 'hr'] as const;

/** Where the build writes what it shortened (beside Vite's manifest, which is not served). */
export const MESSAGE_IDS_FILE = '.vite/message-ids.json';

/** What {@link MESSAGE_IDS_FILE} holds: the short id of every id, and the ids each file named. */
export interface MessageIdsRecord {
  /** Every id of the shortened catalogues → its short id in this build. */
  readonly ids: Readonly<Record<string, string>>;
  /** Each output file (`assets/…js`) → the ids, in full, that it names or holds. */
  readonly files: Readonly<Record<string, readonly string[]>>;
}

/**
 * Every id of the shortened catalogues with its short id: the ids sorted, each given its
 * position in base 36 (542 ids today: one or two characters). The same catalogues give the same
 * ids; a build is consistent with itself, which is all the short ids need (they never leave it).
 */
export function shortIds(
  catalogue: (scope: string) => Readonly<Record<string, string>> = (scope) =>
    JSON.parse(readFileSync(`${catalogs}/en/${scope}.json`, 'utf8')),
): ReadonlyMap<string, string> {
  const ids = SHORTENED_SCOPES.flatMap((scope) => Object.keys(catalogue(scope))).sort();
  return new Map(ids.map((id, index) => [id, index.toString(36)]));
}

/**
 * A message id as a whole string literal of a rendered chunk: in quotes of any kind, or in
 * escaped double quotes (a key of a catalogue's JSON inside a string literal,
 * `JSON.parse("{\"common.loading\":…}")`). A template literal with a placeholder
 * (`` `common.title.${scope}` ``) is not one: ids are named whole (lib/runtime.ts).
 */
const QUOTED_ID = /(\\?)(["'`])((?:common|public|clinical|hr)\.[\w.]+)\1\2/g;

/**
 * Replaces every message id in a chunk's code with its short id (`ids`), in the code and in
 * the compiled catalogues' keys alike; returns the new code with its source map and the ids
 * (in full) it replaced, or null when the chunk names none. An id-like string no catalogue has
 * stays as it is.
 */
export function shortenIds(
  code: string,
  ids: ReadonlyMap<string, string>,
): { code: string; map: ReturnType<MagicString['generateMap']>; replaced: Set<string> } | null {
  let edited: MagicString | undefined;
  const replaced = new Set<string>();
  for (const match of code.matchAll(QUOTED_ID)) {
    const [, escape = '', , id = ''] = match;
    const short = ids.get(id);
    if (short === undefined) continue;
    edited ??= new MagicString(code);
    const start = match.index + escape.length + 1;
    edited.overwrite(start, start + id.length, short);
    replaced.add(id);
  }
  if (!edited) return null;
  return { code: edited.toString(), map: edited.generateMap({ hires: true }), replaced };
}

/**
 * Shortens the message ids in the apps' builds: `t('common.employeeEdit.description')`
 * becomes `t('8q')`, and the catalogues' packs are keyed alike, which takes 0.1 to 0.5 KB gzip
 * off each pack and each page's code, in every language (docs/i18n.md). The dev server, the
 * tests and Storybook keep the ids whole. Writes {@link MESSAGE_IDS_FILE}, which
 * tools/bundle-budget.mjs reads to check that each page's packs hold the texts its code names.
 */
export function shortMessageIds(): Plugin {
  let ids: ReadonlyMap<string, string> = new Map();
  /** The ids each chunk named, by the chunk's modules (its file name is not final yet). */
  const named = new Map<string, Set<string>>();
  const modulesKey = (moduleIds: readonly string[]) => [...moduleIds].sort().join('\n');
  return {
    name: 'portal:short-message-ids',
    apply: 'build',
    buildStart() {
      ids = shortIds();
      named.clear();
      for (const scope of SHORTENED_SCOPES) this.addWatchFile(`${catalogs}/en/${scope}.json`);
    },
    renderChunk(code, chunk) {
      const shortened = shortenIds(code, ids);
      if (!shortened) return null;
      named.set(modulesKey(chunk.moduleIds), shortened.replaced);
      return { code: shortened.code, map: shortened.map };
    },
    generateBundle(_options, bundle) {
      const files: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const replaced = named.get(modulesKey(output.moduleIds));
        if (replaced) files[output.fileName] = [...replaced].sort();
      }
      const record: MessageIdsRecord = { ids: Object.fromEntries(ids), files };
      this.emitFile({ type: 'asset', fileName: MESSAGE_IDS_FILE, source: JSON.stringify(record) });
    },
  };
}

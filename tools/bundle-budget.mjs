#!/usr/bin/env node
/**
 * The frontends' bundle budgets, measured from the built output (dist/apps/<app>): how much
 * JavaScript a first visit to each page downloads, as the server sends it (the build's gzip and
 * Brotli copies, tools/vite/precompress.ts; both are reported, the budgets are gzip), its ratio
 * to the React floor (React, React DOM and the scheduler as this build ships them), and what
 * it carries by npm package (from the source maps). `npm run size` builds the apps and
 * prints the table; the bundle-budget project's tests (tools/bundle-budget) hold the budgets in
 * `npm test`, and the e2e run checks this model against what the browser really fetches.
 *
 * A first visit loads the entry chunk with everything it imports statically, then the page's
 * own chunk with its static imports (Vite's manifest, .vite/manifest.json, holds that graph),
 * and, for a page that talks to the API, the query client's layout (TanStack Query).
 * The API layer (axios, the answer schemas) is imported dynamically on a page's first call, so
 * it counts for the pages that talk to the API as soon as they open (the lists, the patient's
 * record); the others fetch it when the user first submits.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The query client's layout (shell's QueryLayout), loaded with every page that talks to the API. */
const QUERY_LAYER = '../../libs/shared/shell/src/lib/query-layer.tsx';

/**
 * The add forms' request schemas (and zod with them), which a form page fetches when the
 * browser is idle after its first paint (libs/shared/form-widgets usePortalForm): not part of
 * the first visit's budget, measured and printed on its own.
 */
const VALIDATION_LAYER = '../../libs/shared/contract/src/schemas.ts';

/**
 * react-hook-form's zod resolver, which a form fetches with its rules (usePortalForm): its
 * module's key, or the key of the package's chunk that holds it (`_hookform-resolvers-….js`).
 */
const FORM_RESOLVER = /@?hookform[/-]resolvers/;

/** The frame's connection notice, which every page fetches once shown and idle (shell). */
const CONNECTION_NOTICE = /[\\/]connection-notice\.tsx$/;

/** Where the API layer's lazily loaded modules sit in the manifest (relative to the app). */
const API_LAYER = [
  '../../libs/shared/api-client/src/lib/http.ts',
  '../../libs/shared/api-client/src/lib/answers.ts',
];

/**
 * Each app: the budgets (KB of 1,024 bytes, gzip and Brotli) of a first visit to each of its
 * pages (the figures measured then, plus about 3 %, tightened since, and loosened only for a
 * feature a page gained, by the least that holds it: docs/performance.md, "First
 * visits: bundle budgets"), `firstPage` being the page its root opens (`/`; /patients-management →
 * add-patient; /employees-management → add-employee), the pages outside its QueryLayout (which never talk to the API), and the pages
 * that call the API as soon as they open, or once they are shown (`callsWhenIdle`: its API
 * layer is then printed as fetched when idle). Every other page is measured and printed too,
 * without a budget.
 */
/**
 * @typedef {object} AppBudget
 * @property {string} name
 * @property {string} scope its message catalogue (libs/shared/i18n), loaded with the shared ones
 * @property {Record<string, [number, number, number, number]>} budgets page → [KB gzip, KB Brotli]
 *   of the English first visit, then of the Thai one
 * @property {string} firstPage
 * @property {string[]} withoutQueries
 * @property {string[]} callsOnOpen
 * @property {string[]} [callsWhenIdle]
 * @property {string[]} [meterPages] the pages with a new password's strength meter (METER_BUDGET_KB)
 */
/** The gzip budget of a first visit to the app's root (its first page). */
export const rootBudgetKb = (/** @type {AppBudget} */ app) => app.budgets[app.firstPage][0];

/** @type {AppBudget[]} */
export const APPS = [
  {
    name: 'public-and-patient',
    scope: 'public',
    budgets: {
      'src/features/password-reset/password-reset-page.tsx': [129, 113, 130, 114],
      'src/features/booking/book-appointment-page.tsx': [165, 145, 168, 147],
      'src/features/landing/landing-page.tsx': [101, 87, 102, 88],
      'src/features/login/login-page.tsx': [120, 105, 121, 106],
      'src/features/system/system-page.tsx': [121, 106, 122, 107],
      'src/features/profile/patient-profile-page.tsx': [174, 153, 176, 154],
      'src/features/profile/patient-access-log-page.tsx': [169, 148, 170, 150],
      'src/features/account/account-page.ts': [191, 168, 192, 169],
    },
    firstPage: 'src/features/landing/landing-page.tsx',
    withoutQueries: [
      'src/features/landing/landing-page.tsx',
      'src/features/login/login-page.tsx',
      'src/features/system/system-page.tsx',
    ],
    callsOnOpen: [
      'src/features/profile/patient-profile-page.tsx',
      'src/features/profile/patient-access-log-page.tsx',
      // My account reads the account and its sessions as it opens.
      'src/features/account/account-page.ts',
    ],
    // The register form (on the login page) and My account's password form.
    meterPages: ['src/features/login/login-page.tsx', 'src/features/account/account-page.ts'],
  },
  {
    name: 'clinical',
    scope: 'clinical',
    budgets: {
      'src/features/add-patient/add-patient-page.tsx': [138, 121, 139, 122],
      'src/features/appointment/add-appointment-page.tsx': [139, 122, 141, 123],
      'src/features/history/add-history-page.tsx': [137, 120, 138, 121],
      'src/features/edit-patient/edit-patient-page.tsx': [141, 124, 143, 125],
      'src/features/chart/patient-chart-page.tsx': [181, 159, 183, 161],
      'src/features/visit/patient-visit-page.tsx': [185, 163, 188, 165],
      'src/features/search/search-patient-page.tsx': [190, 167, 191, 169],
      'src/features/today/today-page.tsx': [172, 151, 173, 152],
      'src/features/account/account-page.ts': [193, 170, 194, 171],
    },
    firstPage: 'src/features/add-patient/add-patient-page.tsx',
    withoutQueries: [],
    callsOnOpen: [
      'src/features/search/search-patient-page.tsx',
      'src/features/chart/patient-chart-page.tsx',
      'src/features/visit/patient-visit-page.tsx',
      'src/features/today/today-page.tsx',
      'src/features/account/account-page.ts',
    ],
    callsWhenIdle: ['src/features/add-patient/add-patient-page.tsx'],
    meterPages: ['src/features/account/account-page.ts'],
  },
  {
    name: 'hr',
    scope: 'hr',
    budgets: {
      'src/features/clinic-hours/clinic-hours-page.tsx': [135, 118, 137, 120],
      'src/features/add-employee/add-employee-page.tsx': [137, 120, 138, 121],
      'src/features/edit-employee/edit-employee-page.tsx': [140, 123, 141, 124],
      'src/features/search/search-employee-page.tsx': [191, 168, 192, 170],
      'src/features/account/account-page.ts': [192, 169, 194, 171],
    },
    firstPage: 'src/features/add-employee/add-employee-page.tsx',
    withoutQueries: [],
    callsOnOpen: [
      'src/features/search/search-employee-page.tsx',
      'src/features/account/account-page.ts',
    ],
    callsWhenIdle: ['src/features/add-employee/add-employee-page.tsx'],
    meterPages: ['src/features/account/account-page.ts'],
  },
];

/** The other apps' source folders, which must never appear in an app's bundle. */
export const APP_SOURCES = Object.fromEntries(APPS.map((app) => [app.name, `apps/${app.name}/`]));

const distOf = (app) => `${root}dist/apps/${app}`;
/** Where an app's build leaves its source maps: outside the served folder (tools/vite/source-maps.ts). */
const sourceMapsOf = (app) => `${root}dist/source-maps/${app}`;

/**
 * The app's Vite manifest; throws with a hint when the app is not built.
 * @param {string} app
 * @returns {Record<string, { file: string, imports?: string[], dynamicImports?: string[], isEntry?: boolean, isDynamicEntry?: boolean }>}
 */
export function readManifest(app) {
  const file = `${distOf(app)}/.vite/manifest.json`;
  if (!existsSync(file))
    throw new Error(`${file} is missing: build the apps first (npm run build)`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * The modules the app's routes load lazily: the dynamic imports of the entry and of the chunks
 * it imports statically (the build may put the start-up code in a chunk the entry imports).
 * @param {ReturnType<typeof readManifest>} manifest
 * @param {string} entryKey
 * @returns {string[]}
 */
function startUpDynamicImports(manifest, entryKey) {
  const keys = new Set();
  const visit = (key) => {
    if (keys.has(key)) return;
    keys.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  visit(entryKey);
  return [...new Set([...keys].flatMap((key) => manifest[key]?.dynamicImports ?? []))];
}

/**
 * The output files a manifest entry loads statically, itself included.
 * @param {Record<string, { file: string, imports?: string[] }>} manifest
 * @param {string} key
 * @param {Set<string>} [files]
 * @returns {Set<string>}
 */
function staticClosure(manifest, key, files = new Set()) {
  const entry = manifest[key];
  if (!entry) throw new Error(`No ${key} in the manifest`);
  if (files.has(entry.file)) return files;
  files.add(entry.file);
  for (const imported of entry.imports ?? []) staticClosure(manifest, imported, files);
  return files;
}

const compressedSizes = new Map();
/**
 * Bytes of a built file as the server sends it compressed (`encoding` 'gzip' or 'br'): the
 * build's precompressed copy (tools/vite/precompress.ts), or, where the build wrote none (a file
 * under 1 KB), the same compression done here at the same level.
 */
export function compressedSize(app, file, encoding = 'gzip') {
  const path = `${distOf(app)}/${file}`;
  const key = `${encoding}:${path}`;
  if (!compressedSizes.has(key)) {
    const copy = `${path}.${encoding === 'br' ? 'br' : 'gz'}`;
    let size;
    if (existsSync(copy)) size = readFileSync(copy).length;
    else {
      const content = readFileSync(path);
      size = (
        encoding === 'br'
          ? brotliCompressSync(content, {
              params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
            })
          : gzipSync(content, { level: 9 })
      ).length;
    }
    compressedSizes.set(key, size);
  }
  return compressedSizes.get(key);
}
const gzipSize = (app, file) => compressedSize(app, file, 'gzip');
const brotliSize = (app, file) => compressedSize(app, file, 'br');

// ---------------------------------------------------------------------------------------------
// What a chunk holds, by package: from its source map

/** The parts a first visit is broken into, in the order of the breakdown's columns. */
export const PARTS = [
  'React',
  'router',
  'TanStack Query',
  'axios',
  'zod',
  'react-hook-form',
  'jwt-decode',
  'other packages',
  'contract',
  'messages',
  'app code',
];

/**
 * The part a bundled source belongs to: an npm package by its name (React with React DOM and
 * the scheduler; react-router with react-router-dom; react-hook-form with its resolvers), the
 * shared contract, or the app's own code (its sources and the other shared libraries).
 */
export function partOf(source) {
  const match = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (!match) {
    if (/(?:^|\/)libs\/shared\/i18n\/src\/catalogs\//.test(source)) return 'messages';
    return /(?:^|\/)libs\/shared\/contract\//.test(source) ? 'contract' : 'app code';
  }
  const name = match[1];
  if (['react', 'react-dom', 'scheduler'].includes(name)) return 'React';
  if (name === 'react-router' || name === 'react-router-dom') return 'router';
  if (name.startsWith('@tanstack/')) return 'TanStack Query';
  if (name === 'axios') return 'axios';
  if (name === 'zod') return 'zod';
  if (name === 'react-hook-form' || name.startsWith('@hookform/')) return 'react-hook-form';
  if (name === 'jwt-decode') return 'jwt-decode';
  return 'other packages';
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** One source map segment's fields (base64 VLQ, the source map v3 format). */
export function decodeSegment(text) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = BASE64.indexOf(char);
    if (digit < 0) throw new Error(`Bad source map character ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

const chunkParts = new Map();
/** The generated code of React in each chunk (for the floor). */
const reactCode = new Map();
/**
 * The characters of a built chunk by part (partOf), from its source map: each mapped span of
 * generated code counts for its source; code the map names no source for (the bundler's own
 * glue) is left out, and the shares below are of the mapped code.
 * @returns {Map<string, number>}
 */
function charactersByPart(app, file) {
  const key = `${app}/${file}`;
  if (chunkParts.has(key)) return chunkParts.get(key);
  const mapFile = `${sourceMapsOf(app)}/${file}.map`;
  // The bundler's own runtime chunk has no map: it counts with the app's code.
  if (!existsSync(mapFile)) {
    chunkParts.set(key, new Map());
    reactCode.set(key, '');
    return chunkParts.get(key);
  }
  const map = JSON.parse(readFileSync(mapFile, 'utf8'));
  const lines = readFileSync(`${distOf(app)}/${file}`, 'utf8').split('\n');
  const parts = new Map();
  const react = [];
  let source = 0;
  map.mappings.split(';').forEach((segments, lineIndex) => {
    const lineLength = lines[lineIndex]?.length ?? 0;
    let column = 0;
    /** @type {[number, number | null][]} */
    const spans = [];
    for (const segment of segments ? segments.split(',') : []) {
      const fields = decodeSegment(segment);
      column += fields[0];
      if (fields.length >= 4) source += fields[1];
      spans.push([column, fields.length >= 4 ? source : null]);
    }
    spans.forEach(([start, sourceIndex], i) => {
      if (sourceIndex === null) return;
      const end = i + 1 < spans.length ? spans[i + 1][0] : lineLength;
      const part = partOf(map.sources[sourceIndex] ?? '');
      parts.set(part, (parts.get(part) ?? 0) + Math.max(0, end - start));
      if (part === 'React') react.push(lines[lineIndex].slice(start, end));
    });
  });
  chunkParts.set(key, parts);
  reactCode.set(key, react.join(''));
  return parts;
}

/**
 * A set of chunks' compressed bytes by part: each chunk's compressed size shared among its
 * parts by their characters (exact for a chunk of one package, which is how the build cuts the
 * npm packages; a share for the start-up chunk, which mixes the app's code with the router).
 * @returns {Record<string, { gzip: number, br: number }>}
 */
export function bytesByPart(app, files) {
  const totals = Object.fromEntries(PARTS.map((part) => [part, { gzip: 0, br: 0 }]));
  for (const file of files) {
    const parts = charactersByPart(app, file);
    const mapped = [...parts.values()].reduce((sum, n) => sum + n, 0);
    if (mapped === 0) {
      totals['app code'].gzip += gzipSize(app, file);
      totals['app code'].br += brotliSize(app, file);
      continue;
    }
    for (const [part, characters] of parts) {
      totals[part].gzip += (gzipSize(app, file) * characters) / mapped;
      totals[part].br += (brotliSize(app, file) * characters) / mapped;
    }
  }
  return totals;
}

const floors = new Map();
/**
 * The React floor of an app: React, React DOM and the scheduler as its build ships them (their
 * generated code, from the source maps), compressed on their own as the build compresses a
 * file (gzip -9, Brotli 11): what every page of the app loads at the least.
 * @returns {{ gzip: number, br: number }}
 */
export function reactFloor(app) {
  if (floors.has(app)) return floors.get(app);
  const assets = `${distOf(app)}/assets`;
  const code = readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => {
      charactersByPart(app, `assets/${file}`);
      return reactCode.get(`${app}/assets/${file}`) ?? '';
    })
    .join('');
  if (code.length === 0) throw new Error(`${app}: no React found in the build`);
  const content = Buffer.from(code);
  const floor = {
    gzip: gzipSync(content, { level: 9 }).length,
    br: brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }).length,
  };
  floors.set(app, floor);
  return floor;
}

/** The languages a first visit is measured in; the budget holds for each. */
export const LANGUAGES = ['en', 'th'];

/**
 * The message catalogues a first visit in `language` loads beside its page (mountPortalApp):
 * the `base` pack of the app's catalogue, which holds the shared catalogue's too
 * (libs/shared/i18n lib/packs.ts) and, in another language than English, the frame's read-back
 * table (the rest of the read-back tables is fetched once the page is shown). The packs a
 * page asks for are found in its chunks ({@link pagePacks}); the read-back reader comes with a
 * pack whose table has patterns ({@link READ_BACK_READER}).
 * @param {AppBudget} app
 * @param {string} language
 */
const catalogueKeys = (app, language) => [
  `../../libs/shared/i18n/src/catalogs/${language}/${app.scope}.json?pack=base&messages`,
];

/**
 * The reader of texts with values (libs/shared/i18n lib/read-back.ts): fetched with the first
 * read-back table that has patterns (`addReadBack` in lib/runtime.ts); whole texts are read
 * back without it.
 */
const READ_BACK_READER = '../../libs/shared/i18n/src/lib/read-back.ts';

/**
 * The `later` pack of `common` in `language` (libs/shared/i18n lib/packs.ts): the texts shown
 * only after something happens, which every page fetches once it is shown (PortalRoot), not on
 * its first visit; a page holds them all the same.
 * @param {string} language
 */
const laterPackKey = (language) =>
  `../../libs/shared/i18n/src/catalogs/${language}/common.json?pack=later&messages`;

/** The rest of the Thai read-back tables, fetched once a Thai page is shown (loadRestOfReadBack). */
const READ_BACK_REST_TH = '../../libs/shared/i18n/src/catalogs/th/contract.json?readback=rest';

/**
 * The built files of an app's catalogues in `language` (whole, packs, read-back tables): what a
 * visit in the other language must never fetch.
 * @param {string} appName
 * @param {string} language
 */
export function catalogueFiles(appName, language) {
  const manifest = readManifest(appName);
  return Object.entries(manifest)
    .filter(([key]) => key.includes(`/libs/shared/i18n/src/catalogs/${language}/`))
    .map(([, entry]) => entry.file);
}

/**
 * A pack's manifest key: its language, catalogue and name (or a page's packs merged:
 * `common.json?page=<name>`, PAGE_PACKS in libs/shared/i18n lib/packs.ts).
 */
const PACK_KEY = /\/catalogs\/(\w+)\/(\w+)\.json\?(?:pack|page)=(\w+)&messages$/;

/**
 * The packs but `base` in `language` that the chunks `files` ask for (`requirePack` in a page's module: a
 * dynamic import of each language's pack, in the chunk's manifest entry), as manifest keys.
 * @param {ReturnType<typeof readManifest>} manifest
 * @param {Iterable<string>} files
 * @param {string} language
 */
function pagePacks(manifest, files, language) {
  const chunks = new Set(files);
  return Object.values(manifest)
    .filter((entry) => chunks.has(entry.file))
    .flatMap((entry) => entry.dynamicImports ?? [])
    .filter((key) => {
      const [, packLanguage, , pack] = PACK_KEY.exec(key) ?? [];
      // The base packs are the app's start (catalogueKeys); the start-up chunk can load each app's.
      // The `later` pack comes once the page is shown (laterPackKey).
      return packLanguage === language && pack !== 'base' && pack !== 'later';
    });
}

/**
 * Every page of an app (the manifest's lazily loaded modules under src/features) with the
 * JavaScript a first visit to it loads, in English (the figures and parts) and in Thai (its
 * catalogues instead: `thai`): files, gzip bytes, and whether a budget applies.
 * @param {AppBudget} app
 */
export function measureApp(app) {
  const manifest = readManifest(app.name);
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error(`${app.name}: the manifest has no entry`);
  // The pages: what the app's routes load lazily (the entry's dynamic imports under
  // src/features), not the chunks a page itself loads later (its rules, a later step).
  const pages = startUpDynamicImports(manifest, entryKey).filter((key) =>
    key.startsWith('src/features/'),
  );
  if (!pages.includes(app.firstPage)) throw new Error(`${app.name}: no page ${app.firstPage}`);
  // The section's frame's own parts (src/frame: HR's count of access waiting for approval),
  // loaded beside every page.
  const frameParts = startUpDynamicImports(manifest, entryKey).filter((key) =>
    key.startsWith('src/frame/'),
  );
  return pages.sort().map((page) => {
    const files = staticClosure(manifest, entryKey);
    staticClosure(manifest, page, files);
    for (const key of frameParts) staticClosure(manifest, key, files);
    if (!app.withoutQueries.includes(page)) staticClosure(manifest, QUERY_LAYER, files);
    const callsOnOpen = app.callsOnOpen.includes(page);
    if (callsOnOpen) for (const key of API_LAYER) staticClosure(manifest, key, files);
    const withMessages = (language) => {
      const visit = new Set(files);
      const packs = [...catalogueKeys(app, language), ...pagePacks(manifest, files, language)];
      for (const key of packs) staticClosure(manifest, key, visit);
      if (packs.some((key) => readBackPatternsHeld(app.name, manifest[key].file) > 0))
        staticClosure(manifest, READ_BACK_READER, visit);
      return [...visit].filter((file) => file.endsWith('.js'));
    };
    const js = withMessages('en');
    const thaiJs = withMessages('th');
    // Fetched once the page is shown: its form's rules, and the API layer for a page that
    // asks for something then (the add pages' next free id).
    const later = new Set();
    // (the contract's schemas module, or a page's own `*-schema.ts` built on them).
    for (const key of manifest[page].dynamicImports ?? []) {
      if (key === VALIDATION_LAYER || key.endsWith('-schema.ts'))
        staticClosure(manifest, key, later);
    }
    // And react-hook-form's zod adapter, which usePortalForm (in a chunk of the first visit)
    // fetches with the rules, in a chunk of its own.
    for (const entry of Object.values(manifest)) {
      if (!files.has(entry.file)) continue;
      for (const key of entry.dynamicImports ?? [])
        if (FORM_RESOLVER.test(key)) staticClosure(manifest, key, later);
    }
    // And the frame's connection notice, on every page.
    for (const key of Object.keys(manifest))
      if (CONNECTION_NOTICE.test(key)) staticClosure(manifest, key, later);
    if (!callsOnOpen && (app.callsWhenIdle ?? []).includes(page)) {
      for (const key of API_LAYER) staticClosure(manifest, key, later);
    }
    // And the `later` pack in the language shown.
    const afterPaint = [...staticClosure(manifest, laterPackKey('en'), new Set(later))].filter(
      (file) => file.endsWith('.js') && !files.has(file),
    );
    const floor = reactFloor(app.name);
    const gzipBytes = js.reduce((sum, file) => sum + gzipSize(app.name, file), 0);
    const brotliBytes = js.reduce((sum, file) => sum + brotliSize(app.name, file), 0);
    return {
      page,
      /** The page's own chunk. */
      chunk: manifest[page].file,
      callsOnOpen,
      budgeted: page === app.firstPage,
      /** The page's budget, KB gzip and Brotli (none: a page nobody gave one, which fails). */
      budget: app.budgets[page]
        ? {
            gzipKb: app.budgets[page][0],
            brKb: app.budgets[page][1],
            thai: { gzipKb: app.budgets[page][2], brKb: app.budgets[page][3] },
          }
        : null,
      files: js,
      gzipBytes,
      brotliBytes,
      /** The same first visit in Thai: its catalogues instead of the English ones. */
      thai: {
        files: thaiJs,
        gzipBytes: thaiJs.reduce((sum, file) => sum + gzipSize(app.name, file), 0),
        brotliBytes: thaiJs.reduce((sum, file) => sum + brotliSize(app.name, file), 0),
        /**
         * What a Thai page fetches once shown: the above, and the rest of the read-back tables
         * with the reader of their patterns (when the first visit did not bring it).
         */
        afterPaint: [
          ...new Set([
            ...[
              ...later,
              ...staticClosure(manifest, laterPackKey('th')),
              ...staticClosure(manifest, READ_BACK_REST_TH),
              ...staticClosure(manifest, READ_BACK_READER),
            ].filter((file) => file.endsWith('.js') && !thaiJs.includes(file)),
          ]),
        ],
      },
      /** The first visit over the React floor (gzip and Brotli). */
      ratio: { gzip: gzipBytes / floor.gzip, br: brotliBytes / floor.br },
      /** The first visit's compressed bytes by part (PARTS). */
      parts: bytesByPart(app.name, js),
      /** What the page fetches once idle after the first paint: its form's rules, the API layer. */
      afterPaint,
      afterPaintGzipBytes: afterPaint.reduce((sum, file) => sum + gzipSize(app.name, file), 0),
      afterPaintBrotliBytes: afterPaint.reduce((sum, file) => sum + brotliSize(app.name, file), 0),
    };
  });
}

/** The strength meter (PasswordField's lazily loaded meter) and the estimator it loads on first use. */
const METER = '../../libs/shared/form-widgets/src/lib/password-strength-meter.tsx';
const METER_ESTIMATOR = '../../libs/shared/contract/src/lib/meter-zxcvbn.ts';

/**
 * The most (KB of 1,024 bytes, gzip) that someone who opens a form with the strength meter (the
 * register form, My account's password form) downloads for it, beyond the page's first visit:
 * the meter and its estimator, with the meter's dictionaries (the server keeps the full ones).
 */
export const METER_BUDGET_KB = 100;

/**
 * The output files an entry reaches, statically or on demand (every dynamic import followed).
 * @param {ReturnType<typeof readManifest>} manifest
 * @param {string} key
 * @param {Set<string>} [keys] the entries already followed
 * @returns {Set<string>}
 */
function everythingReached(manifest, key, keys = new Set()) {
  if (keys.has(key)) return keys;
  keys.add(key);
  const entry = manifest[key];
  if (!entry) throw new Error(`No ${key} in the manifest`);
  for (const next of [...(entry.imports ?? []), ...(entry.dynamicImports ?? [])]) {
    everythingReached(manifest, next, keys);
  }
  return keys;
}

const CATALOGUE_KEY = /\/libs\/shared\/i18n\/src\/catalogs\//;
/** A message id in built code: a whole one in quotes, or the start of one built in a template. */
const MESSAGE_ID = /["'`]((?:common|public|clinical|hr)\.[\w.]*?)(\$\{|["'`])/g;

/**
 * The message ids (or, for an id built in a template, its start, ending in a dot) that the code
 * of the chunks `keys` names, catalogues left out.
 * @param {string} app
 * @param {ReturnType<typeof readManifest>} manifest
 * @param {Iterable<string>} keys
 */
function idsNamed(app, manifest, keys) {
  const record = messageIds(app);
  const ids = new Set();
  for (const key of keys) {
    if (CATALOGUE_KEY.test(key) || !manifest[key]?.file.endsWith('.js')) continue;
    const code = readFileSync(`${distOf(app)}/${manifest[key].file}`, 'utf8');
    // Ids the build left whole (none but one built in a template), and those it shortened.
    for (const [, id] of code.matchAll(MESSAGE_ID)) ids.add(id);
    for (const id of record.files[manifest[key].file] ?? []) ids.add(id);
  }
  return ids;
}

/**
 * What the build's short-message-ids plugin (tools/vite/short-message-ids.ts) wrote: every
 * message id's short id, and the ids (in full) each output file named before it shortened them.
 * @param {string} app
 * @returns {{ ids: Record<string, string>, files: Record<string, string[]> }}
 */
export function messageIds(app) {
  const file = `${distOf(app)}/.vite/message-ids.json`;
  if (!existsSync(file)) throw new Error(`${app}: no ${file} (build the app)`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The message ids a built catalogue chunk holds (its compiled JSON's keys, in full). */
function idsHeld(app, file) {
  const full = new Map(Object.entries(messageIds(app).ids).map(([id, short]) => [short, id]));
  const code = readFileSync(`${distOf(app)}/${file}`, 'utf8');
  return [...code.matchAll(/"([\w.]+)":\[/g)].flatMap(([, key]) => {
    const id = full.get(key) ?? key;
    return /^(?:common|public|clinical|hr)\./.test(id) ? [id] : [];
  });
}

/**
 * The texts each page can show that its messages do not hold (should be none): every message
 * id named by the code the page can run (its chunks and what they load later, and the app's
 * start-up code), less the ids of the English `base` packs and of the packs the page asks for
 * (its `PAGE_TEXTS`, libs/shared/i18n lib/packs.ts). A page missing one would show the id.
 * @param {AppBudget} app
 * @returns {{ page: string, missing: string[] }[]}
 */
export function missingTexts(app) {
  const manifest = readManifest(app.name);
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error(`${app.name}: the manifest has no entry`);
  const routed = startUpDynamicImports(manifest, entryKey);
  const isPage = (key) => key.startsWith('src/features/') && routed.includes(key);
  /** What `key` reaches, without entering another page. */
  const reached = (key, keys = new Set()) => {
    if (keys.has(key)) return keys;
    keys.add(key);
    for (const next of [...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? [])])
      if (!isPage(next)) reached(next, keys);
    return keys;
  };
  const startUp = reached(entryKey);
  const base = catalogueKeys(app, 'en').flatMap((key) => idsHeld(app.name, manifest[key].file));
  const pages = routed.filter(isPage).sort();
  return pages.map((page) => {
    const keys = reached(page, new Set(startUp));
    const files = [...keys].map((key) => manifest[key].file);
    const held = new Set([
      ...base,
      ...idsHeld(app.name, manifest[laterPackKey('en')].file),
      ...pagePacks(manifest, files, 'en').flatMap((key) => idsHeld(app.name, manifest[key].file)),
    ]);
    const missing = [...idsNamed(app.name, manifest, keys)].filter((id) =>
      id.endsWith('.') ? ![...held].some((each) => each.startsWith(id)) : !held.has(id),
    );
    return { page, missing: missing.sort() };
  });
}

/**
 * The key of an English text in a read-back table: libs/shared/i18n lib/text-key.ts's
 * `textKey` (FNV-1a, 32 bits, and the length, base 36), which this plain-JavaScript tool cannot
 * import; were the two to differ, {@link missingReadBack} would find every text missing
 * (bundle-budget.test.ts compares them on every catalogue text).
 */
export function textKey(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36) + text.length.toString(36);
}

/** The objects a built chunk parses from JSON literals (`JSON.parse(…)`, as the packs hold them). */
function jsonLiterals(app, file) {
  const code = readFileSync(`${distOf(app)}/${file}`, 'utf8');
  // Minified: quotes of any kind.
  const literals = code.matchAll(
    /JSON\.parse\((`(?:[^`\\]|\\.)*`|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\)/g,
  );
  return [...literals].map(([, literal]) => JSON.parse(new Function(`return ${literal};`)()));
}

/** How many patterns the read-back table a built Thai pack chunk carries has (0: none, or no table). */
function readBackPatternsHeld(app, file) {
  const table = jsonLiterals(app, file).find(
    (value) => value && typeof value === 'object' && 'exact' in value,
  );
  return table?.patterns?.length ?? 0;
}

/** The keys of the read-back table a built Thai pack chunk carries (its `readBack`), if any. */
function readBackKeysHeld(app, file) {
  const table = jsonLiterals(app, file).find(
    (value) => value && typeof value === 'object' && 'exact' in value,
  );
  return table ? Object.keys(table.exact) : [];
}

/**
 * The code a page's Thai first visit can run before its first paint, by page: the files of its
 * first visit but the catalogues, less the API layer's own code (its answer schemas and
 * problems, with the catalogues' ids they check: run when a request answers or fails, once the
 * rest of the read-back tables is there), unless the page's or the start's code imports it too.
 * What {@link missingReadBack} and {@link missingLocalNames} read.
 * @param {AppBudget} app
 * @returns {{ page: string, code: string[], catalogues: string[] }[]}
 */
function firstPaintCode(app) {
  const manifest = readManifest(app.name);
  const catalogueFiles = new Set(
    Object.entries(manifest)
      .filter(([key]) => CATALOGUE_KEY.test(key))
      .map(([, entry]) => entry.file),
  );
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const apiLayer = new Set();
  for (const key of API_LAYER) staticClosure(manifest, key, apiLayer);
  return measureApp(app).map(({ page, thai }) => {
    const own = staticClosure(manifest, entryKey);
    staticClosure(manifest, page, own);
    if (!app.withoutQueries.includes(page)) staticClosure(manifest, QUERY_LAYER, own);
    return {
      page,
      code: thai.files
        .filter((file) => !catalogueFiles.has(file) && (own.has(file) || !apiLayer.has(file)))
        .map((file) => readFileSync(`${distOf(app.name)}/${file}`, 'utf8')),
      catalogues: thai.files.filter((file) => catalogueFiles.has(file)),
    };
  });
}

/** A reference-data entry's id (a disease, drug, department, position: I001, R001, D001, P001). */
const ENTRY_ID = /^[IRDP]\d{3}$/;

/** The ids of the reference-data names a built Thai pack chunk carries (its `names`), if any. */
function namesHeld(app, file) {
  const names = jsonLiterals(app, file).find(
    (value) =>
      value &&
      typeof value === 'object' &&
      Object.keys(value).length > 0 &&
      Object.keys(value).every((key) => ENTRY_ID.test(key)),
  );
  return names ? Object.keys(names) : [];
}

/**
 * The reference-data entries a page's first paint can show (the code it runs first has the
 * entry's data, `{id: 'R004', name: …}`, so it may show its name: {@link firstPaintCode}; the
 * API layer's own code holds the catalogues' entries only to check the ids a request sends)
 * whose Thai name neither the app's Thai `base` pack nor the page's Thai packs bring (should be
 * none: the page would show the English name in Thai). The names are the ones some Thai pack
 * of the app carries (PACK_LOCAL_NAMES in libs/shared/i18n lib/packs.ts).
 * @param {AppBudget} app
 * @returns {{ page: string, missing: string[] }[]}
 */
export function missingLocalNames(app) {
  const manifest = readManifest(app.name);
  const ids = [
    ...new Set(
      Object.keys(manifest)
        .filter((key) => PACK_KEY.exec(key)?.[1] === 'th')
        .flatMap((key) => namesHeld(app.name, manifest[key].file)),
    ),
  ];
  if (ids.length === 0) throw new Error(`${app.name}: no Thai pack carries reference-data's names`);
  return firstPaintCode(app).map(({ page, code, catalogues }) => {
    const held = new Set(catalogues.flatMap((file) => namesHeld(app.name, file)));
    const all = code.join('\n');
    const missing = ids.filter(
      (id) => !held.has(id) && new RegExp(`id:\\s*["'\`]${id}["'\`],\\s*name:`).test(all),
    );
    return { page, missing: missing.sort() };
  });
}

/**
 * The contract's texts a page's first paint can show in English that a Thai first visit
 * cannot read back (should be none): every text of the English `common` and `contract`
 * catalogues that some Thai pack of the app reads back first (the `base` pack's frame texts,
 * the packs' PACK_READ_BACK, libs/shared/i18n lib/packs.ts), and every one of the spec's
 * messages and the session's notices (`contract.message.*`, `contract.session.*`, read back by
 * app), that the code a page's first
 * paint runs holds as a string ({@link firstPaintCode}: what the later chunks show, a dialog, a
 * rule's message, comes after the rest of the tables), less those the app's Thai `base` pack
 * and the page's Thai packs read back, and those Thai writes as English does ("-"). Such a text
 * would show in English on the first paint.
 * @param {AppBudget} app
 * @returns {{ page: string, missing: string[] }[]}
 */
export function missingReadBack(app) {
  const manifest = readManifest(app.name);
  const thaiPacks = Object.keys(manifest).filter((key) => PACK_KEY.exec(key)?.[1] === 'th');
  const firstPaintKeys = new Set(
    thaiPacks.flatMap((key) => readBackKeysHeld(app.name, manifest[key].file)),
  );
  if (firstPaintKeys.size === 0) throw new Error(`${app.name}: no Thai pack reads anything back`);
  const catalogueOf = (locale, scope) =>
    JSON.parse(
      readFileSync(`${root}libs/shared/i18n/src/catalogs/${locale}/${scope}.json`, 'utf8'),
    );
  const catalogues = ['common', 'contract'].map((scope) => catalogueOf('en', scope));
  // The texts Thai writes as English does ("-", "PXXX"): shown as they are, nothing to read
  // back (the tables leave them out). The first id of a text gives its translation, as in the
  // tables (readBackTable).
  const thai = { ...catalogueOf('th', 'common'), ...catalogueOf('th', 'contract') };
  const firstIds = new Map();
  for (const [id, text] of catalogues.flatMap((each) => Object.entries(each))) {
    if (!firstIds.has(text) && thai[id] !== undefined) firstIds.set(text, id);
  }
  const asInThai = (text) => thai[firstIds.get(text)] === text;
  // And the spec's messages and the session's notices, whichever app's pack reads them back
  // (each app's base its own): a page may show any of them.
  const spec = new Set(
    Object.entries(catalogues[1])
      .filter(([id]) => id.startsWith('contract.message.') || id.startsWith('contract.session.'))
      .map(([, text]) => text),
  );
  const texts = [...new Set(catalogues.flatMap((each) => Object.values(each)))].filter(
    (text) =>
      !text.includes('{') &&
      !asInThai(text) &&
      (firstPaintKeys.has(textKey(text)) || spec.has(text)),
  );
  const quoted = (text) =>
    ['"', "'", '`'].map((quote) => `${quote}${JSON.stringify(text).slice(1, -1)}${quote}`);
  return firstPaintCode(app).map(({ page, code, catalogues: packs }) => {
    const held = new Set(packs.flatMap((file) => readBackKeysHeld(app.name, file)));
    const missing = texts.filter(
      (text) =>
        !held.has(textKey(text)) &&
        code.some((chunk) => quoted(text).some((literal) => chunk.includes(literal))),
    );
    return { page, missing: missing.sort() };
  });
}

/** The npm packages a built file holds code of, from its source map. */
function packagesOf(app, file) {
  const mapFile = `${sourceMapsOf(app)}/${file}.map`;
  if (!existsSync(mapFile)) return [];
  /** @type {string[]} */
  const sources = JSON.parse(readFileSync(mapFile, 'utf8')).sources ?? [];
  return sources.flatMap((source) => {
    const match = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
    return match?.[1] ? [match[1]] : [];
  });
}

/**
 * What each page with the strength meter (the app's `meterPages`) downloads for it once someone
 * types a new password: the meter's and its estimator's chunks with what they import, less what
 * the page loaded already (its first visit and what it fetches when idle, its form's rules).
 * Throws when a page named there does not reach the meter, so the check cannot pass by
 * measuring nothing.
 * @param {AppBudget} app
 */
export function measureMeter(app) {
  const manifest = readManifest(app.name);
  const pages = measureApp(app);
  return (app.meterPages ?? []).map((name) => {
    const page = pages.find((measured) => measured.page === name);
    if (!page) throw new Error(`${app.name}: no page ${name}`);
    const meterFile = manifest[METER]?.file;
    const reached = [...everythingReached(manifest, name)].map((key) => manifest[key]?.file);
    if (!meterFile || !reached.includes(meterFile)) {
      throw new Error(`${app.name}: ${name} does not load the strength meter`);
    }
    const files = staticClosure(manifest, METER);
    staticClosure(manifest, METER_ESTIMATOR, files);
    const loaded = new Set([...page.files, ...page.afterPaint]);
    const js = [...files].filter((file) => file.endsWith('.js') && !loaded.has(file));
    return {
      page: name,
      files: js,
      gzipBytes: js.reduce((sum, file) => sum + gzipSize(app.name, file), 0),
      brotliBytes: js.reduce((sum, file) => sum + brotliSize(app.name, file), 0),
      /** The npm packages in them (a zxcvbn language package would be a full dictionary). */
      packages: [...new Set(js.flatMap((file) => packagesOf(app.name, file)))].sort(),
    };
  });
}

/** The whole build of an app: every JavaScript file and its gzip size. */
export function totalJs(app) {
  const assets = `${distOf(app.name)}/assets`;
  const js = readdirSync(assets).filter((file) => file.endsWith('.js'));
  return js.reduce((sum, file) => sum + gzipSize(app.name, `assets/${file}`), 0);
}

/**
 * The source files bundled into an app, from its source maps (paths from the workspace root).
 * Throws when the build has no source maps, so the check below cannot pass by seeing nothing.
 * @param {string} app
 * @returns {Set<string>}
 */
export function bundledSources(app) {
  const assets = `${sourceMapsOf(app)}/assets`;
  const maps = readdirSync(assets).filter((file) => file.endsWith('.js.map'));
  if (maps.length === 0) throw new Error(`${app}: no source maps in ${assets}`);
  /** @type {Set<string>} */
  const sources = new Set();
  for (const map of maps) {
    for (const source of JSON.parse(readFileSync(`${assets}/${map}`, 'utf8')).sources ?? []) {
      // Maps name sources relative to the assets folder: dist/source-maps/<app>/assets → workspace root.
      sources.add(source.replace(/^(\.\.\/)+/, ''));
    }
  }
  return sources;
}

/**
 * What of the source maps a browser could reach in an app's served folder (should be nothing):
 * `.map` files, and scripts or styles that name a map.
 * @param {string} app
 * @returns {string[]}
 */
export function servedSourceMaps(app) {
  const dir = distOf(app);
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
    (file) =>
      /\.map(?:\.(?:br|gz))?$/i.test(file) ||
      (/\.(?:js|css)$/.test(file) &&
        readFileSync(`${dir}/${file}`, 'utf8').includes('sourceMappingURL=')),
  );
}

/**
 * The message ids an app's built JavaScript still names whole, or builds in a template (should
 * be none), as `file: id`: the build shortens every id a chunk names and keys the catalogues'
 * packs alike (tools/vite/short-message-ids.ts), so a whole id would not be found in them, and
 * an id built from its start (`` `common.title.${scope}` ``) would ask for a whole id at run time.
 * @param {string} app
 * @returns {string[]}
 */
export function wholeMessageIds(app) {
  const assets = `${distOf(app)}/assets`;
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .flatMap((file) =>
      [...readFileSync(`${assets}/${file}`, 'utf8').matchAll(MESSAGE_ID)].map(
        ([, id, end]) => `assets/${file}: ${id}${end === '${' ? '${…}' : ''}`,
      ),
    );
}

/**
 * Cycles of static imports between an app's built chunks (should be none), each as the chunks
 * in order, the first again at the end. In a cycle, the chunk that runs first finds the other's
 * bindings uninitialised: a shared chunk (the chunk plan's groups, tools/vite/app-config.ts)
 * that imports a module Rolldown put in a chunk which imports it back breaks every page that
 * loads them, whatever the budgets say. Read from the manifest's static imports.
 * @param {string} app
 * @returns {string[][]}
 */
export function chunkCycles(app) {
  const manifest = readManifest(app);
  /** @type {Map<string, Set<string>>} file → the files it imports statically */
  const imports = new Map();
  for (const entry of Object.values(manifest)) {
    const targets = imports.get(entry.file) ?? new Set();
    for (const key of entry.imports ?? []) {
      if (manifest[key] && manifest[key].file !== entry.file) targets.add(manifest[key].file);
    }
    imports.set(entry.file, targets);
  }
  /** @type {string[][]} */
  const cycles = [];
  const state = new Map();
  /** @type {string[]} */
  const path = [];
  const visit = (file) => {
    state.set(file, 'open');
    path.push(file);
    for (const next of imports.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of imports.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

/**
 * Source files of the other apps found in this app's bundle (should be none).
 * @param {string} app
 * @returns {string[]}
 */
export function foreignSources(app) {
  const others = Object.entries(APP_SOURCES).filter(([name]) => name !== app);
  return [...bundledSources(app)].filter((source) =>
    others.some(([, folder]) => source.startsWith(folder)),
  );
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

/** The size table of every app, and how many checks failed (over budget, foreign code). */
export function sizeReport() {
  const lines = [];
  let failures = 0;
  for (const app of APPS) {
    const pages = measureApp(app);
    const floor = reactFloor(app.name);
    lines.push(
      '',
      `${app.name} (budget ${rootBudgetKb(app)} KB gzip for a first visit to its root; React floor ` +
        `${kb(floor.gzip)} KB gzip, ${kb(floor.br)} KB Brotli; whole build ${kb(totalJs(app))} KB gzip)`,
      `  ${'page'.padEnd(58)} ${'gzip'.padStart(8)} ${'Brotli'.padStart(8)}  ${'Thai gz/br'.padStart(13)}  ${'× React'.padStart(11)}  ${'when idle gz/br'.padStart(17)}  check`,
    );
    for (const page of pages) {
      const over =
        !page.budget ||
        page.gzipBytes > page.budget.gzipKb * 1024 ||
        page.brotliBytes > page.budget.brKb * 1024 ||
        page.thai.gzipBytes > page.budget.thai.gzipKb * 1024 ||
        page.thai.brotliBytes > page.budget.thai.brKb * 1024;
      if (over) failures += 1;
      const check = !page.budget
        ? 'NO BUDGET'
        : `${over ? 'OVER BUDGET' : 'within'} ${page.budget.gzipKb}/${page.budget.brKb}, Thai ${page.budget.thai.gzipKb}/${page.budget.thai.brKb}`;
      const label = `${page.page}${page.callsOnOpen ? ' + API layer' : ''}`;
      const idle = page.afterPaint.length
        ? `+${kb(page.afterPaintGzipBytes)}/${kb(page.afterPaintBrotliBytes)}`
        : '';
      const ratio = `${page.ratio.gzip.toFixed(2)}/${page.ratio.br.toFixed(2)}`;
      lines.push(
        `  ${label.padEnd(58)} ${kb(page.gzipBytes).padStart(8)} ${kb(page.brotliBytes).padStart(8)}  ${`${kb(page.thai.gzipBytes)}/${kb(page.thai.brotliBytes)}`.padStart(13)}  ${ratio.padStart(11)}  ${idle.padStart(17)}  ${check}`,
      );
    }
    // What each first visit carries beyond React, by part (KB gzip / Brotli).
    const beyond = PARTS.filter((part) => part !== 'React');
    lines.push(
      '',
      `  first visit beyond React, by part (KB gzip/Brotli; start-up chunk shared by its source map):`,
    );
    for (const page of pages) {
      const cells = beyond
        .filter((part) => page.parts[part].gzip >= 1)
        .map((part) => `${part} ${kb(page.parts[part].gzip)}/${kb(page.parts[part].br)}`);
      lines.push(`  ${page.page.replace(/^src\/features\//, '')}: ${cells.join(', ')}`);
    }
    for (const meter of measureMeter(app)) {
      const over = meter.gzipBytes > METER_BUDGET_KB * 1024;
      if (over) failures += 1;
      lines.push(
        `  strength meter on ${meter.page.replace(/^src\/features\//, '')}, once a password is typed: ` +
          `+${kb(meter.gzipBytes)} KB gzip, +${kb(meter.brotliBytes)} KB Brotli ` +
          `(${meter.files.length} files)  ${over ? 'OVER BUDGET' : 'within'} ${METER_BUDGET_KB}`,
      );
    }
    for (const { page, missing } of missingTexts(app)) {
      if (missing.length === 0) continue;
      failures += 1;
      lines.push(`  TEXTS MISSING on ${page}: ${missing.join(', ')}`);
    }
    for (const { page, missing } of missingLocalNames(app)) {
      if (missing.length === 0) continue;
      failures += 1;
      lines.push(`  THAI NAMES MISSING on ${page}: ${missing.join(', ')}`);
    }
    for (const { page, missing } of missingReadBack(app)) {
      if (missing.length === 0) continue;
      failures += 1;
      lines.push(
        `  THAI READ-BACK MISSING on ${page}: ${missing.map((text) => JSON.stringify(text)).join(', ')}`,
      );
    }
    for (const whole of wholeMessageIds(app.name)) {
      failures += 1;
      lines.push(`  MESSAGE ID NOT SHORTENED: ${whole}`);
    }
    for (const cycle of chunkCycles(app.name)) {
      failures += 1;
      lines.push(`  CHUNK CYCLE: ${cycle.join(' → ')}`);
    }
    const foreign = foreignSources(app.name);
    if (foreign.length) failures += 1;
    lines.push(
      foreign.length
        ? `  FOREIGN CODE: ${foreign.join(', ')}`
        : '  no code of the other apps in this bundle',
    );
  }
  return { text: lines.join('\n'), failures };
}

/** The figures of every page, for docs/performance.md's tables (`node tools/bundle-budget.mjs --json`). */
export function sizeFigures() {
  return APPS.map((app) => ({
    app: app.name,
    floor: reactFloor(app.name),
    pages: measureApp(app).map(
      ({
        page,
        gzipBytes,
        brotliBytes,
        thai,
        ratio,
        parts,
        afterPaintGzipBytes,
        afterPaintBrotliBytes,
      }) => ({
        page,
        gzipBytes,
        brotliBytes,
        thai,
        ratio,
        parts,
        afterPaintGzipBytes,
        afterPaintBrotliBytes,
      }),
    ),
  }));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(sizeFigures(), null, 2));
    process.exit(0);
  }
  const { text, failures } = sizeReport();
  console.log(text);
  console.log(failures ? `\n${failures} budget check(s) failed` : '\nAll budgets met');
  process.exit(failures ? 1 : 0);
}

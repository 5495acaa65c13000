#!/usr/bin/env node
/**
 * The frontends' bundle budgets, measured from the built output (dist/apps/<app>): how much
 * JavaScript, gzipped, a first visit to each page downloads. `npm run size` builds the apps and
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
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The query client's layout (shell's QueryLayout), loaded with every page that talks to the API. */
const QUERY_LAYER = '../../libs/shared/shell/src/lib/query-layer.tsx';

/**
 * The add forms' request schemas (and zod with them), which a form page fetches when the
 * browser is idle after its first paint (libs/shared/form-widgets usePortalForm): not part of
 * the first visit's budget, measured and printed on its own.
 */
const VALIDATION_LAYER = '../../libs/shared/contract/src/schemas.ts';

/** Where the API layer's lazily loaded modules sit in the manifest (relative to the app). */
const API_LAYER = [
  '../../libs/shared/api-client/src/lib/http.ts',
  '../../libs/shared/api-client/src/lib/answers.ts',
];

/**
 * Each app: its budget (KB of 1,024 bytes, gzipped) for a first visit, which lands on the page
 * its root opens (`/`; /patients-management → add-patient; /employees-management →
 * add-employee), the pages outside its QueryLayout (which never talk to the API), and the pages
 * that call the API as soon as they open, or once they are shown (`callsWhenIdle`: its API
 * layer is then printed as fetched when idle). Every other page is measured and printed too,
 * without a budget.
 */
export const APPS = [
  {
    name: 'public-and-patient',
    budgetKb: 100,
    firstPage: 'src/features/landing/landing-page.tsx',
    withoutQueries: ['src/features/landing/landing-page.tsx'],
    callsOnOpen: [
      'src/features/profile/patient-profile-page.tsx',
      'src/features/profile/patient-access-log-page.tsx',
    ],
  },
  {
    name: 'clinical',
    budgetKb: 150,
    firstPage: 'src/features/add-patient/add-patient-page.tsx',
    withoutQueries: [],
    callsOnOpen: [
      'src/features/search/search-patient-page.tsx',
      'src/features/chart/patient-chart-page.tsx',
    ],
    callsWhenIdle: ['src/features/add-patient/add-patient-page.tsx'],
  },
  {
    name: 'hr',
    budgetKb: 130,
    firstPage: 'src/features/add-employee/add-employee-page.tsx',
    withoutQueries: [],
    callsOnOpen: ['src/features/search/search-employee-page.tsx'],
    callsWhenIdle: ['src/features/add-employee/add-employee-page.tsx'],
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
 * @returns {Record<string, { file: string, imports?: string[], isEntry?: boolean, isDynamicEntry?: boolean }>}
 */
export function readManifest(app) {
  const file = `${distOf(app)}/.vite/manifest.json`;
  if (!existsSync(file))
    throw new Error(`${file} is missing: build the apps first (npm run build)`);
  return JSON.parse(readFileSync(file, 'utf8'));
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

const gzipSizes = new Map();
/**
 * gzip size of a built file at the highest level, as the build's precompressed `.gz` copies
 * that the server sends (tools/vite/precompress.ts).
 */
function gzipSize(app, file) {
  const path = `${distOf(app)}/${file}`;
  if (!gzipSizes.has(path)) gzipSizes.set(path, gzipSync(readFileSync(path), { level: 9 }).length);
  return gzipSizes.get(path);
}

/**
 * Every page of an app (the manifest's lazily loaded modules under src/features) with the
 * JavaScript a first visit to it loads: files, gzip bytes, and whether a budget applies.
 */
export function measureApp(app) {
  const manifest = readManifest(app.name);
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error(`${app.name}: the manifest has no entry`);
  const pages = Object.keys(manifest).filter(
    (key) => manifest[key].isDynamicEntry && key.startsWith('src/features/'),
  );
  if (!pages.includes(app.firstPage)) throw new Error(`${app.name}: no page ${app.firstPage}`);
  return pages.sort().map((page) => {
    const files = staticClosure(manifest, entryKey);
    staticClosure(manifest, page, files);
    if (!app.withoutQueries.includes(page)) staticClosure(manifest, QUERY_LAYER, files);
    const callsOnOpen = app.callsOnOpen.includes(page);
    if (callsOnOpen) for (const key of API_LAYER) staticClosure(manifest, key, files);
    const js = [...files].filter((file) => file.endsWith('.js'));
    // Fetched once the page is shown: its form's rules, and the API layer for a page that
    // asks for something then (the add pages' next free id).
    const later = new Set();
    if ((manifest[page].dynamicImports ?? []).includes(VALIDATION_LAYER)) {
      staticClosure(manifest, VALIDATION_LAYER, later);
    }
    if (!callsOnOpen && (app.callsWhenIdle ?? []).includes(page)) {
      for (const key of API_LAYER) staticClosure(manifest, key, later);
    }
    const afterPaint = [...later].filter((file) => file.endsWith('.js') && !files.has(file));
    return {
      page,
      /** The page's own chunk. */
      chunk: manifest[page].file,
      callsOnOpen,
      budgeted: page === app.firstPage,
      files: js,
      gzipBytes: js.reduce((sum, file) => sum + gzipSize(app.name, file), 0),
      /** What the page fetches once idle after the first paint: its form's rules, the API layer. */
      afterPaint,
      afterPaintGzipBytes: afterPaint.reduce((sum, file) => sum + gzipSize(app.name, file), 0),
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
    lines.push(
      '',
      `${app.name} (budget ${app.budgetKb} KB gzip for a first visit; whole build ${kb(totalJs(app))} KB)`,
      `  ${'page'.padEnd(58)} ${'first visit'.padStart(11)}  ${'when idle'.padStart(9)}  check`,
    );
    for (const page of pages) {
      const over = page.budgeted && page.gzipBytes > app.budgetKb * 1024;
      if (over) failures += 1;
      const check = page.budgeted ? (over ? 'OVER BUDGET' : 'within budget') : '';
      const label = `${page.page}${page.callsOnOpen ? ' + API layer' : ''}`;
      const idle = page.afterPaint.length ? `+${kb(page.afterPaintGzipBytes)} KB` : '';
      lines.push(
        `  ${label.padEnd(58)} ${`${kb(page.gzipBytes)} KB`.padStart(11)}  ${idle.padStart(9)}  ${check}`,
      );
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

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { text, failures } = sizeReport();
  console.log(text);
  console.log(failures ? `\n${failures} budget check(s) failed` : '\nAll budgets met');
  process.exit(failures ? 1 : 0);
}

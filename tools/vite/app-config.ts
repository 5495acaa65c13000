import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appDocument, type AppDocumentOptions } from './app-document.ts';
import { linguiCatalogs } from './lingui.ts';
import { precompress } from './precompress.ts';
import { shortMessageIds } from './short-message-ids.ts';
import { sourceMapsOutside } from './source-maps.ts';

const workspaceRoot = fileURLToPath(new URL('../..', import.meta.url));

// Library modules that must run when imported, whether or not an export is used.
const SIDE_EFFECT_MODULES = ['/libs/shared/contract/src/lib/zod-setup.ts'];

function isSideEffectFreeLibraryModule(id: string): boolean {
  const path = id.replaceAll('\\', '/');
  return (
    path.includes('/libs/shared/') &&
    /\.tsx?$/.test(path) &&
    !SIDE_EFFECT_MODULES.some((module) => path.endsWith(module))
  );
}

// The npm package a module belongs to, as a chunk name ('@tanstack/react-query' → 'tanstack-react-query').
function packageChunkName(id: string): string | null {
  const match = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id);
  return match?.[1] ? match[1].replace('@', '').replace(/[\\/]/, '-') : null;
}

/** TanStack Query's two packages (core and React), which only ever load together. */
const TANSTACK = /[\\/]node_modules[\\/]@tanstack[\\/]/;
/**
 * zod, and the contract's modules that build their schemas with it, with the plain values those
 * schemas name that no page needs at first paint (the clinical actions, which the problem's
 * schema names: left alone, Rolldown put them in the API layer's chunk, which imports the zod
 * chunk that imported them back, a cycle between chunks).
 */
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;
const CONTRACT_SCHEMAS =
  /[\\/]libs[\\/]shared[\\/]contract[\\/]src[\\/]lib[\\/](account|auth|catalogues|chart|clinical-lists|clinical-permissions|employees|mfa|my-record|paging|password-reset|patients|problem|record-kind-schemas|rules|zod-setup)\.ts$/;
/**
 * The access log's words (contract access-log.ts), which my-record.ts's schemas name: a chunk of
 * its own. Where only the API layer reaches it (the staff apps), Rolldown would put it in the
 * answers' chunk, which imports the zod chunk that imports it back: a cycle between chunks,
 * whose first module to run finds the other's bindings uninitialised (every call failed).
 */
const ACCESS_LOG_WORDS = /[\\/]libs[\\/]shared[\\/]contract[\\/]src[\\/]lib[\\/]access-log\.ts$/;
/**
 * Clinic hours' schemas and rules (contract clinic-hours.ts, clinic-hours-rules.ts): a chunk of
 * their own, fetched by the pages and calls that use them, so that neither the zod chunk nor
 * the API layer every page loads grows with them.
 */
const CLINIC_HOURS =
  /[\\/]libs[\\/]shared[\\/]contract[\\/]src[\\/]lib[\\/]clinic-hours(-rules)?\.ts$/;
/**
 * The visit's schemas and rules (contract vitals.ts, notes.ts): a chunk of their own, fetched
 * with the chart's vital signs and notes after the chart shows, so that neither the zod chunk
 * nor the API layer every page loads grows with them.
 */
const VISIT = /[\\/]libs[\\/]shared[\\/]contract[\\/]src[\\/]lib[\\/](vitals|notes)\.ts$/;
/** react-hook-form and its resolvers. */
const HOOK_FORM = /[\\/]node_modules[\\/](react-hook-form|@hookform[\\/][^\\/]+)[\\/]/;
/**
 * The forms' own kit (libs/shared/form-widgets): the form, its hook, the text field and the
 * actions every form shows, which load with react-hook-form. The other fields (select, date,
 * time, text area, e-mail, password) stay in chunks by the pages that show them.
 */
const FORMS_KIT =
  /[\\/]libs[\\/]shared[\\/]form-widgets[\\/]src[\\/]lib[\\/](use-portal-form|portal-form|text-field|form-actions|field-base|form-error-summary|server-errors|field-registry)\.tsx?$/;

/**
 * Modules of one app that ride in a shared chunk rather than in small chunks of their own (a
 * chunk of 0.1 to 2 KB costs its own compression window and request), by the chunk's name:
 * `tanstack-query` (TanStack Query's; for modules that every page of the app loads, as every
 * page in its QueryLayout loads TanStack Query), `forms` (react-hook-form and the forms' kit;
 * for modules that every page with a form loads), or a name of the app's own for modules that
 * the same pages load (the form fields of its form pages, say). Listed in each app's
 * vite.config.ts and measured page by page (docs/performance.md, "First visits: bundle budgets"): a module
 * listed where some page does not need it makes that page bigger.
 */
export type SharedChunkModules = Readonly<Record<string, readonly RegExp[]>>;

/**
 * Modules every page of a staff app (clinical, HR) loads, as it loads TanStack Query: the
 * notice, the plain rules, the e-mail domains and the query keys. Each app adds its own.
 */
export const EVERY_STAFF_PAGE: readonly RegExp[] = [
  /\/libs\/shared\/ui\/src\/lib\/notice\/notice\.tsx$/,
  /\/libs\/shared\/contract\/src\/lib\/plain-rules\.ts$/,
  /\/libs\/shared\/reference-data\/src\/lib\/email-domains\.ts$/,
  /\/libs\/shared\/api-client\/src\/lib\/query-keys\.ts$/,
];

/** Modules every page that edits loads beside its form: the leave guard and the save notices. */
export const EVERY_EDITING_PAGE: readonly RegExp[] = [
  /\/libs\/shared\/shell\/src\/lib\/(leave-guard\.tsx|unsaved-changes\.ts)$/,
  /\/libs\/shared\/form-widgets\/src\/lib\/(hints\.ts|submit-feedback\.tsx)$/,
];

/**
 * The chunk of a module that is not the app's start-up code nor React: TanStack Query's
 * (`tanstack-query`), the forms' (`forms`) or another the app names, or, for another npm
 * package, a chunk of its own (the next group). A module that a dynamic `import()` names keeps
 * its own chunk: a page, the query or API layer, a catalogue pack (the budget tool finds them
 * by those chunks' names), and the resolvers' zod adapter, which a form fetches when the
 * browser is idle after its first paint (usePortalForm), not with the page.
 */
function sharedChunkOf(modules: SharedChunkModules) {
  return (
    id: string,
    context: { getModuleInfo(id: string): { dynamicImporters: string[] } | null },
  ): string | null => {
    if ((context.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0) return null;
    const path = id.replaceAll('\\', '/');
    if (TANSTACK.test(path)) return 'tanstack-query';
    if (HOOK_FORM.test(path) || FORMS_KIT.test(path)) return 'forms';
    if (ZOD.test(path) || CONTRACT_SCHEMAS.test(path)) return 'zod';
    if (CLINIC_HOURS.test(path)) return 'clinic-hours';
    if (VISIT.test(path)) return 'visit-rules';
    if (ACCESS_LOG_WORDS.test(path)) return 'access-log';
    const listed = Object.entries(modules).find(([, tests]) =>
      tests.some((test) => test.test(path)),
    );
    return listed?.[0] ?? null;
  };
}

/**
 * How the code is cut (higher priorities claim their modules first): everything the entry needs
 * before the first paint is one start-up chunk (one request, one compression window); beyond
 * it, React, React DOM and the scheduler load together; TanStack Query and the forms' kit are
 * one chunk each, with the app modules its vite.config.ts names (SharedChunkModules); and every
 * other npm package is a chunk of its own, so it reaches the browser with the first page that
 * imports it instead of riding in the entry because several pages share it. The shared chunks
 * take the modules they name and not, as the other groups do, everything those import: what
 * they import stays in the chunks of the pages that need it.
 */
function chunkGroups(modules: SharedChunkModules) {
  return [
    { name: 'startup', tags: ['$initial' as const], priority: 3 },
    { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
    { name: sharedChunkOf(modules), priority: 1, includeDependenciesRecursively: false },
    { name: packageChunkName, priority: 1 },
  ];
}

/**
 * React Router's production build, for the builds: the package's exports name its development
 * build under every condition (remix-run/react-router#14102), whose warnings — long messages
 * behind `ENABLE_DEV_WARNINGS = true` — would otherwise ship in every start-up chunk. The two
 * builds differ in that constant only. The dev server and the tests keep the warnings.
 */
const reactRouterBuild = `${dirname(createRequire(import.meta.url).resolve('react-router/package.json'))}/dist/production`;
const PRODUCTION_ALIASES = [
  { find: /^react-router$/, replacement: `${reactRouterBuild}/index.mjs` },
  { find: /^react-router\/dom$/, replacement: `${reactRouterBuild}/dom-export.mjs` },
];

/**
 * The one Vite setup of the three frontends. `base` is the path prefix the app owns on the
 * shared origin ('/' for the public app, '/patients-management/' for the clinical app, …), so
 * each bundle's assets live under its own prefix and the API can serve all three.
 */
export function defineAppConfig(options: {
  name: string;
  base: string;
  appDir: URL;
  document: AppDocumentOptions;
  /** App modules that ride in a shared chunk, by its name (see SharedChunkModules). */
  sharedChunks?: SharedChunkModules;
}) {
  return defineConfig(({ command }) => ({
    root: fileURLToPath(options.appDir),
    base: options.base,
    plugins: [
      appDocument(options.document),
      react(),
      tailwindcss(),
      linguiCatalogs(),
      shortMessageIds(),
      precompress(),
      sourceMapsOutside(`${workspaceRoot}dist/source-maps/${options.name}`),
    ],
    resolve: { tsconfigPaths: true, alias: command === 'build' ? PRODUCTION_ALIASES : [] },
    build: {
      outDir: `${workspaceRoot}dist/apps/${options.name}`,
      emptyOutDir: true,
      // Maps for the bundle-budget check, written outside the served folder (source-maps.ts)
      // and named by no script.
      sourcemap: 'hidden',
      // .vite/manifest.json: the chunk graph tools/bundle-budget reads to measure first visits.
      manifest: true,
      target: 'es2022',
      rolldownOptions: {
        output: {
          codeSplitting: { groups: chunkGroups(options.sharedChunks ?? {}) },
        },
        treeshake: {
          // The shared libraries' modules only declare things (the one exception is listed in
          // SIDE_EFFECT_MODULES), so a page that imports one export of a library does not pull
          // in the rest of its barrel: this is what keeps each route's bundle to its own code.
          moduleSideEffects: (id: string) => !isSideEffectFreeLibraryModule(id),
        },
      },
    },
  }));
}

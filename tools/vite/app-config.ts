import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appDocument, type AppDocumentOptions } from './app-document.ts';
import { linguiCatalogs } from './lingui.ts';
import { precompress } from './precompress.ts';
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

/**
 * How the code is cut (higher priorities claim their modules first): everything the entry needs
 * before the first paint is one start-up chunk (one request, one compression window); beyond
 * it, React, React DOM and the scheduler load together, and every other npm package is a chunk
 * of its own, so it reaches the browser with the first page that imports it instead of riding
 * in the entry because several pages share it.
 */
const CHUNK_GROUPS = [
  { name: 'startup', tags: ['$initial' as const], priority: 3 },
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
  { name: packageChunkName, priority: 1 },
];

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
}) {
  return defineConfig(({ command }) => ({
    root: fileURLToPath(options.appDir),
    base: options.base,
    plugins: [
      appDocument(options.document),
      react(),
      tailwindcss(),
      linguiCatalogs(),
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
          codeSplitting: { groups: CHUNK_GROUPS },
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

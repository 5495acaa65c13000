import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import lingui from 'eslint-plugin-lingui';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const serverPackages = [
  'fastify',
  '@fastify/*',
  'fastify-*',
  'pg',
  '@electric-sql/*',
  'drizzle-orm',
  'drizzle-orm/*',
  'jose',
];
const browserPackages = [
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  '@tanstack/*',
  'axios',
  'jwt-decode',
];

/**
 * What the "text outside the catalogue" rule leaves alone: strings that are not words a person
 * reads (class lists, paths, ids, keys, roles, types, test ids) by where they stand, and calls
 * whose strings are not shown (the console, errors, storage, URLs, string methods, queries).
 */
const notShownNames =
  '^(className|.*[Cc]lass(es|Name)?|type|role|to|href|src|id|key|name|as|autoComplete|inputMode|method|rel|target|lang|htmlFor|variant|size|tone|kind|mode|path|field|data-.*|aria-(controls|describedby|labelledby|live|current|haspopup|expanded|hidden|atomic|relevant))$';
const notShownCalls = [
  'console.*',
  'Error',
  'cva',
  'URL',
  'Symbol',
  'document.*',
  'window.*',
  'navigate',
  'invariant',
  'matchMedia',
  'useQuery',
  'useMutation',
  '*.startsWith',
  '*.endsWith',
  '*.includes',
  '*.split',
  '*.replace',
  '*.replaceAll',
  '*.join',
  '*.addEventListener',
  '*.removeEventListener',
  '*.getItem',
  '*.setItem',
  '*.removeItem',
  '*.get',
  '*.set',
  '*.has',
  '*.querySelector',
  '*.closest',
  '*.matchMedia',
];

/**
 * Every text a person reads comes from the message catalogues (libs/shared/i18n, docs/i18n.md):
 * a word written into a component is an error. Stories and tests show English on purpose; the
 * apps' texts in .ts files (field lists, link labels) go through the catalogue by the same rule
 * in review. `files` are read from the workspace root (a project's lint target too: see
 * projectConfig).
 * @param {string[]} files
 */
export function localizedTexts(files) {
  return {
    files,
    ignores: ['**/*.test.tsx', '**/*.stories.tsx', '**/*.suite.tsx'],
    plugins: { lingui },
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          // Not words: no letter, or one token with no capital first (a class, a key, a path).
          ignore: ['^(?![A-Z])\\S+$', '^[A-Z0-9_-]+$'],
          ignoreNames: [{ regex: { pattern: notShownNames } }],
          ignoreFunctions: notShownCalls,
          useTsTypes: true,
        },
      ],
    },
  };
}

/** Focused and skipped tests never land: a skipped test hides a failure. */
const noFocusedOrSkippedTests = ['describe', 'it', 'test'].flatMap((object) =>
  ['only', 'skip'].map((property) => ({
    object,
    property,
    message: `No .${property} in committed tests.`,
  })),
);

const config = tseslint.config(
  {
    ignores: [
      '**/dist',
      '**/node_modules',
      '**/tmp',
      '**/.nx',
      '**/*.d.ts',
      'apps/api/db/migrations',
    ],
  },
  js.configs.recommended,
  ...nx.configs['flat/base'],
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.mjs', 'tools/*.mjs', 'tools/*/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX },
    // Cycles between projects are the module-boundary rule's job; this one looks within a project.
    settings: { 'import-x/resolver-next': [createNodeResolver()] },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-floating-promises': 'error',
      // Fastify awaits plugins and handlers: they are async by contract, awaiting or not.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-restricted-properties': ['error', ...noFocusedOrSkippedTests],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: true,
          // The bundle-budget model (a workspace script) is also read by its tests and the e2e run;
          // the meter's dictionary generator by the test that the checked-in file is its output;
          // the build's message-id shortening by its test.
          allow: [
            '../../bundle-budget.mjs',
            '../../vite/short-message-ids.ts',
            '../../../tools/bundle-budget.mjs',
            '../../password-dictionaries.mjs',
          ],
          // The add forms load the contract's request schemas (`@portal/contract/schemas`) after
          // the first paint, while the rest of the contract is imported statically: by design.
          // Likewise the shell's own entries (`@portal/shell/two-step`, `@portal/shell/account`):
          // the second factor's set-up and My account come with the page that shows them.
          checkDynamicDependenciesExceptions: ['@portal/contract', '@portal/shell'],
          depConstraints: [
            {
              sourceTag: 'scope:public',
              onlyDependOnLibsWithTags: ['scope:public', 'scope:shared'],
            },
            {
              sourceTag: 'scope:clinical',
              onlyDependOnLibsWithTags: ['scope:clinical', 'scope:shared'],
            },
            { sourceTag: 'scope:hr', onlyDependOnLibsWithTags: ['scope:hr', 'scope:shared'] },
            {
              sourceTag: 'scope:api',
              onlyDependOnLibsWithTags: ['scope:api', 'scope:shared'],
              bannedExternalImports: browserPackages,
            },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            {
              sourceTag: 'type:ui',
              onlyDependOnLibsWithTags: ['type:ui', 'type:util'],
              bannedExternalImports: serverPackages,
            },
            {
              sourceTag: 'type:data-access',
              onlyDependOnLibsWithTags: ['type:data-access', 'type:util'],
              bannedExternalImports: serverPackages,
            },
            {
              sourceTag: 'type:util',
              onlyDependOnLibsWithTags: ['type:util'],
              bannedExternalImports: [...serverPackages, ...browserPackages],
            },
            {
              sourceTag: 'type:testing',
              onlyDependOnLibsWithTags: [
                'type:feature',
                'type:util',
                'type:data-access',
                'type:ui',
                'type:testing',
              ],
            },
            {
              sourceTag: 'type:feature',
              onlyDependOnLibsWithTags: [
                'type:feature',
                'type:ui',
                'type:data-access',
                'type:util',
              ],
              bannedExternalImports: serverPackages,
            },
            {
              sourceTag: 'type:app',
              onlyDependOnLibsWithTags: [
                'type:feature',
                'type:ui',
                'type:data-access',
                'type:util',
                'type:testing',
              ],
            },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:util', 'type:testing'] },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.strict.rules },
  },
  localizedTexts([
    'apps/public-and-patient/src/**/*.tsx',
    'apps/clinical/src/**/*.tsx',
    'apps/hr/src/**/*.tsx',
    'libs/shared/{ui,shell,form-widgets,auth}/src/**/*.tsx',
  ]),
  {
    // MSW handlers, factories and render helpers exist for tests and stories only.
    files: ['apps/*/src/**', 'libs/shared/*/src/**'],
    ignores: [
      '**/*.test.ts',
      '**/*.test.tsx',
      // A suite of tests several test files run with their own configuration.
      '**/*.suite.tsx',
      '**/*.stories.tsx',
      'libs/shared/testing/**',
      'apps/api/**',
      'apps/e2e/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@portal/testing', message: 'Test and story code only.' }] },
      ],
    },
  },
  {
    // contract and reference-data run in the browser and on the server alike.
    files: ['libs/shared/contract/src/**', 'libs/shared/reference-data/src/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*'], message: 'Isomorphic library: no Node APIs.' }] },
      ],
    },
  },
  {
    // Build and test configuration files are not part of any project's typed program.
    files: [
      '**/*.js',
      '**/*.mjs',
      '**/vite.config.ts',
      '**/vitest.config.ts',
      '**/drizzle.config.ts',
      '**/playwright.config.ts',
    ],
    ...tseslint.configs.disableTypeChecked,
    rules: { ...tseslint.configs.disableTypeChecked.rules, '@nx/enforce-module-boundaries': 'off' },
  },
  {
    // The workspace's scripts (npm test, dev, the benchmarks) run in Node.
    files: ['tools/**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  prettier,
);

export default config;

/**
 * The same blocks for a project's own lint target. `nx lint` runs ESLint in the project's
 * folder, and a block's `files` and `ignores` are read from the folder of the config in use;
 * written from the workspace root (the apps' and libraries' src folders), they would
 * match nothing there and the blocks that name folders (test code only in tests, no Node in
 * isomorphic libraries, the catalogue's texts) would never apply. `basePath` reads them from
 * the workspace root wherever ESLint runs.
 */
export const projectConfig = config.map((block) => ({ basePath: import.meta.dirname, ...block }));

import { fileURLToPath } from 'node:url';
import { defineConfig, type ViteUserConfig } from 'vitest/config';
import { linguiCatalogs } from '../vite/lingui.ts';

type TestOptions = NonNullable<ViteUserConfig['test']>;

const workspaceRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The one Vitest setup every project uses: workspace path aliases, and a JSON report per
 * project in tmp/test-reports (`projectDir` is `new URL('.', import.meta.url)` of the config) so that `npm test` can print one total for the whole run.
 */
export function defineProject(
  projectDir: URL,
  name: string,
  test: TestOptions,
  extra: ViteUserConfig = {},
) {
  return defineConfig({
    ...extra,
    plugins: [linguiCatalogs(), ...(extra.plugins ?? [])],
    root: fileURLToPath(projectDir),
    resolve: { tsconfigPaths: true, ...extra.resolve },
    test: {
      name,
      include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
      // A form test types into a dozen fields; on a loaded two-core CI machine that alone can
      // pass Vitest's 5 s default. A time limit is a hang guard here, not a speed check (speed
      // is measured by the benchmarks and budgets).
      testTimeout: 20_000,
      reporters: ['default', 'json'],
      outputFile: { json: `${workspaceRoot}tmp/test-reports/${name}.json` },
      ...test,
    },
  });
}

import { defineProject } from '../../tools/vitest/define-project.ts';

export default defineProject(new URL('.', import.meta.url), 'api', {
  environment: 'node',
  // The fuzz suites live beside the sources (fuzz/), as test tooling, not among them.
  include: ['src/**/*.test.ts', 'fuzz/**/*.test.ts'],
  // The database every test file copies, migrated once for the run.
  globalSetup: ['src/test/global-setup.ts'],
  // Each test file opens its own PGlite (~150 MB); two at a time suits 2 cores.
  maxWorkers: 2,
  testTimeout: 30_000,
  hookTimeout: 60_000,
});

import { defineProject } from '../../tools/vitest/define-project.ts';

export default defineProject(new URL('.', import.meta.url), 'api', {
  environment: 'node',
  // The fuzz suites live beside the sources (fuzz/), as test tooling, not among them.
  include: ['src/**/*.test.ts', 'fuzz/**/*.test.ts'],
  // The template database every test file on the PostgreSQL server copies, migrated once.
  globalSetup: ['src/test/global-setup.ts'],
  // Each test file opens its own PGlite (about 4 s, ~150 MB); two at a time suits 2 cores.
  maxWorkers: 2,
  testTimeout: 30_000,
  hookTimeout: 60_000,
});

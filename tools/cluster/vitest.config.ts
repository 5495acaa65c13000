import { defineProject } from '../vitest/define-project.ts';

export default defineProject(new URL('.', import.meta.url), 'cluster', {
  environment: 'node',
  // One cluster at a time: its ports are fixed (docs/operations.md).
  maxWorkers: 1,
  testTimeout: 300_000,
  hookTimeout: 300_000,
});

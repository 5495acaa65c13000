import { defineProject } from '../../../tools/vitest/define-project.ts';

export default defineProject(new URL('.', import.meta.url), 'reference-data', {
  environment: 'node',
});

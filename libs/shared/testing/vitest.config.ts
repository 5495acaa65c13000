import { defineProject } from '../../../tools/vitest/define-project.ts';

export default defineProject(new URL('.', import.meta.url), 'testing', {
  environment: 'jsdom',
  setupFiles: ['../../../tools/vitest/setup-dom.ts'],
});

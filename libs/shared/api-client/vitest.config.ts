import { defineProject } from '../../../tools/vitest/define-project.ts';

export default defineProject(new URL('.', import.meta.url), 'api-client', {
  environment: 'jsdom',
  setupFiles: ['../../../tools/vitest/setup-dom.ts'],
});

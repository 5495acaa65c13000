import { defineProject } from '../../../tools/vitest/define-project.ts';

export default defineProject(new URL('.', import.meta.url), 'ui', {
  environment: 'jsdom',
  setupFiles: ['../../../tools/vitest/setup-dom.ts'],
  // The design-token tests read the themes as text (`?raw`); unprocessed CSS would be empty.
  css: { include: [/\.css\?raw$/] },
});

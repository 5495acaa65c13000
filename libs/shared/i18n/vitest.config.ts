import { defineProject } from '../../../tools/vitest/define-project.ts';

export default defineProject(new URL('.', import.meta.url), 'i18n', {
  environment: 'node',
});

import { defineProject } from '../vitest/define-project.ts';

export default defineProject(new URL('.', import.meta.url), 'bundle-budget', {
  environment: 'node',
});

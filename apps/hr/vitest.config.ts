import react from '@vitejs/plugin-react';
import { defineProject } from '../../tools/vitest/define-project.ts';

export default defineProject(
  new URL('.', import.meta.url),
  'hr',
  { environment: 'jsdom', setupFiles: ['../../tools/vitest/setup-dom.ts'] },
  { plugins: [react()] },
);

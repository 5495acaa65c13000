import { defineProject } from '../../../tools/vitest/define-project.ts';

export default defineProject('contract', { environment: 'node' });

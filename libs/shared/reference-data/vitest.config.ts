import { defineProject } from '../../../tools/vitest/define-project.ts';

export default defineProject('reference-data', { environment: 'node' });

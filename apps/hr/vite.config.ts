import { defineAppConfig } from '../../tools/vite/app-config.ts';

export default defineAppConfig({
  name: 'hr',
  base: '/employees-management/',
  appDir: new URL('.', import.meta.url),
  document: {
    scope: 'hr',
    description: 'Employees management for the HR staff of Riverside General Hospital.',
  },
});

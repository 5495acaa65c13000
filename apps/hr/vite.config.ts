import { defineAppConfig } from '../../tools/vite/app-config.ts';

export default defineAppConfig({
  name: 'hr',
  base: '/employees-management/',
  appDir: new URL('.', import.meta.url),
  document: {
    scope: 'hr',
    description: 'Employees management for the HR staff of Riverside General Hospital.',
  },
  // Every page of the app loads these, as it loads TanStack Query (docs/performance.md).
  sharedChunks: {
    'tanstack-query': [
      /\/libs\/shared\/ui\/src\/lib\/notice\/notice\.tsx$/,
      /\/libs\/shared\/contract\/src\/lib\/(plain-rules|display-dates)\.ts$/,
      /\/libs\/shared\/reference-data\/src\/lib\/email-domains\.ts$/,
      /\/libs\/shared\/api-client\/src\/lib\/query-keys\.ts$/,
    ],
    // The dialogs, the leave guard and the save notices of the pages that edit (add, edit, My account).
    editing: [
      /\/libs\/shared\/ui\/src\/lib\/dialog\/dialog\.tsx$/,
      /\/libs\/shared\/shell\/src\/lib\/(leave-guard\.tsx|unsaved-changes\.ts)$/,
      /\/libs\/shared\/form-widgets\/src\/lib\/(hints\.ts|submit-feedback\.tsx)$/,
    ],
  },
});

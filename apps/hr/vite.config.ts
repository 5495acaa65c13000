import {
  defineAppConfig,
  EVERY_EDITING_PAGE,
  EVERY_STAFF_PAGE,
} from '../../tools/vite/app-config.ts';

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
      ...EVERY_STAFF_PAGE,
      /\/libs\/shared\/contract\/src\/lib\/display-dates\.ts$/,
    ],
    // The dialogs, the leave guard and the save notices of the pages that edit (add, edit, My account).
    editing: [/\/libs\/shared\/ui\/src\/lib\/dialog\/dialog\.tsx$/, ...EVERY_EDITING_PAGE],
  },
});

import { defineAppConfig } from '../../tools/vite/app-config.ts';

export default defineAppConfig({
  name: 'clinical',
  base: '/patients-management/',
  appDir: new URL('.', import.meta.url),
  document: {
    scope: 'clinical',
    description: 'Patients management for the medical personnel of Riverside General Hospital.',
  },
  // Every page of the app loads these, as it loads TanStack Query (docs/performance.md).
  sharedChunks: {
    'tanstack-query': [
      /\/libs\/shared\/ui\/src\/lib\/notice\/notice\.tsx$/,
      /\/libs\/shared\/contract\/src\/lib\/plain-rules\.ts$/,
      /\/libs\/shared\/reference-data\/src\/lib\/(email-domains|hospital)\.ts$/,
      /\/libs\/shared\/api-client\/src\/lib\/query-keys\.ts$/,
    ],
    // The fields of the add and edit forms, the appointment's and the history entry's.
    fields: [/\/libs\/shared\/form-widgets\/src\/lib\/(date|text-area|select|time)-field\.tsx$/],
  },
});

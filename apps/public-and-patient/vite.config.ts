import { defineAppConfig, EVERY_EDITING_PAGE } from '../../tools/vite/app-config.ts';

export default defineAppConfig({
  name: 'public-and-patient',
  base: '/',
  appDir: new URL('.', import.meta.url),
  document: {
    scope: 'public',
    description:
      'Riverside General Hospital: your record, our care teams and staff services in one portal.',
  },
  // Every page of the app with a form (login, system, My account) loads these with the forms' kit.
  sharedChunks: {
    forms: [
      ...EVERY_EDITING_PAGE,
      /\/libs\/shared\/form-widgets\/src\/lib\/password-(field\.tsx|hint\.ts)$/,
    ],
  },
});

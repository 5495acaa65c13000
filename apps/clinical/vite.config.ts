import { defineAppConfig, EVERY_STAFF_PAGE } from '../../tools/vite/app-config.ts';

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
      ...EVERY_STAFF_PAGE,
      /\/libs\/shared\/reference-data\/src\/lib\/hospital\.ts$/,
    ],
    // The fields of the add and edit forms, the appointment's and the history entry's.
    fields: [/\/libs\/shared\/form-widgets\/src\/lib\/(date|text-area|select|time)-field\.tsx$/],
    // The booking's fields and call, which Patient Appointment and the visit's follow-up share
    // (the chart's reschedule dialog, loaded when opened, takes the fields): one chunk, not two.
    booking: [
      /\/apps\/clinical\/src\/features\/appointments\/booking-fields\.tsx$/,
      /\/libs\/shared\/api-client\/src\/lib\/calls\/add-appointment\.ts$/,
    ],
  },
});

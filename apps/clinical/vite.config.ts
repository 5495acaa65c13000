import { defineAppConfig } from '../../tools/vite/app-config.ts';

export default defineAppConfig({
  name: 'clinical',
  base: '/patients-management/',
  appDir: new URL('.', import.meta.url),
  document: {
    scope: 'clinical',
    description: 'Patients management for the medical personnel of Riverside General Hospital.',
  },
});

import { defineAppConfig } from '../../tools/vite/app-config.ts';

export default defineAppConfig({
  name: 'public-and-patient',
  base: '/',
  appDir: new URL('.', import.meta.url),
  document: {
    scope: 'public',
    description:
      'Riverside General Hospital: your record, our care teams and staff services in one portal.',
  },
});

import { defineAppConfig } from '../../tools/vite/app-config.ts';

export default defineAppConfig({
  name: 'public-and-patient',
  base: '/',
  appDir: new URL('.', import.meta.url),
});

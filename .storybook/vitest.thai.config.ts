import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { playwright } from '@vitest/browser-playwright';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { CHROMIUM_LAUNCH_OPTIONS } from '../tools/chromium.mjs';
import { linguiCatalogs } from '../tools/vite/lingui.ts';

const workspaceRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * Every page story in Thai (.storybook/thai): rendered in Chromium with the stories' own
 * handlers and loaders, then held to axe's WCAG checks and to "no English left on screen".
 * The English run with the play functions is .storybook/vitest.config.ts.
 */
export default defineConfig({
  plugins: [react(), tailwindcss(), linguiCatalogs()],
  // mockServiceWorker.js, so the stories' MSW handlers answer their API calls.
  publicDir: fileURLToPath(new URL('./public', import.meta.url)),
  resolve: { tsconfigPaths: true },
  optimizeDeps: {
    include: [
      'react',
      'react/jsx-runtime',
      'react/jsx-dev-runtime',
      'react-dom',
      'react-dom/client',
    ],
  },
  test: {
    name: 'storybook-thai',
    root: workspaceRoot,
    include: ['.storybook/thai/*.test.tsx'],
    setupFiles: ['.storybook/thai/setup.ts'],
    testTimeout: 60_000,
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({ launchOptions: CHROMIUM_LAUNCH_OPTIONS }),
      instances: [{ browser: 'chromium' }],
    },
    reporters: ['default', 'json'],
    outputFile: { json: `${workspaceRoot}tmp/test-reports/storybook-thai.json` },
  },
});

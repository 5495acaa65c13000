import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { CHROMIUM_LAUNCH_OPTIONS } from '../tools/chromium.mjs';

const workspaceRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * Every story is a test: rendered in Chromium, its play function run, and axe's WCAG checks
 * applied (preview.tsx sets a11y.test to 'error'), so a broken or inaccessible story fails.
 */
export default defineConfig({
  plugins: [storybookTest({ configDir: fileURLToPath(new URL('.', import.meta.url)) })],
  resolve: { tsconfigPaths: true },
  // React ships CommonJS: pre-bundle it so the browser gets ES modules.
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
    name: 'storybook',
    root: workspaceRoot,
    // A story that types a whole form and waits for a page's texts loaded on demand takes most
    // of the browser mode's 15 s on a busy two-core machine; a story that hangs still fails.
    testTimeout: 30_000,
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({ launchOptions: CHROMIUM_LAUNCH_OPTIONS }),
      instances: [{ browser: 'chromium' }],
    },
    reporters: ['default', 'json'],
    outputFile: { json: `${workspaceRoot}tmp/test-reports/storybook.json` },
  },
});

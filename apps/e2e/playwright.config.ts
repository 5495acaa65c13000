import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../../tools/chromium.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PORT = Number(process.env.E2E_PORT ?? 4310);

/**
 * Journeys in Chromium against the real server: the built API serving the built apps on one
 * origin, on a fresh embedded database with the demo data (see tools/e2e-server.mjs).
 */
export default defineConfig({
  testDir: './src',
  outputDir: `${root}tmp/e2e-artifacts`,
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: `${root}tmp/test-reports/e2e.json` }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], launchOptions: CHROMIUM_LAUNCH_OPTIONS },
    },
  ],
  webServer: {
    command: `node ${root}tools/e2e-server.mjs`,
    env: { PORT: String(PORT) },
    url: `http://127.0.0.1:${PORT}/api/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
  },
});

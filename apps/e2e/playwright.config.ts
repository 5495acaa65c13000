import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../../tools/chromium.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PORT = Number(process.env.E2E_PORT ?? 4310);
/** The second server's port (STAFF_MFA=required); support.ts derives the same. */
const MFA_PORT = PORT + 1000;

/**
 * Journeys in Chromium against the real server: the built API serving the built apps on one
 * origin, on a fresh embedded database with the demo data (see tools/e2e-server.mjs). A second
 * server on its own database runs with STAFF_MFA=required, as a deployment does by default,
 * for the second factor's journey; every other journey uses the first (STAFF_MFA optional).
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
  webServer: [
    {
      command: `node ${root}tools/e2e-server.mjs`,
      env: { PORT: String(PORT) },
      url: `http://127.0.0.1:${PORT}/api/ready`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
    },
    {
      command: `node ${root}tools/e2e-server.mjs`,
      env: {
        PORT: String(MFA_PORT),
        E2E_DATA_DIR: `${root}tmp/e2e-data-mfa`,
        STAFF_MFA: 'required',
      },
      url: `http://127.0.0.1:${MFA_PORT}/api/ready`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
    },
  ],
});

import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../../tools/chromium.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PORT = Number(process.env.E2E_PORT ?? 4310);
/** The second factor's server's port (STAFF_MFA=required); second-factor.spec.ts derives the same. */
const MFA_PORT = PORT + 1000;
/** The second worker's server's port. */
const SECOND_PORT = PORT + 1;

/**
 * The journeys the second worker runs, on its own server: about half the suite's time. Each
 * server serves one worker, one journey at a time, as when the suite ran serially, so no
 * journey sees another's data change under it.
 */
const SECOND_WORKER_SPECS = [
  'accessibility.spec.ts',
  'keyboard.spec.ts',
  'thai-screens.spec.ts',
  'thai.spec.ts',
  'record-download.spec.ts',
  'session-ended.spec.ts',
];

/** A server on a fresh database with the demo data, for `port`. */
const server = (port: number, env: Record<string, string> = {}) => ({
  command: `node ${root}tools/e2e-server.mjs`,
  env: { PORT: String(port), ...env },
  url: `http://127.0.0.1:${port}/api/ready`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'pipe' as const,
});

/**
 * Journeys in Chromium against the real server: the built API serving the built apps on one
 * origin, on a fresh embedded database with the demo data (see tools/e2e-server.mjs). Two
 * workers, each with its own server (STAFF_MFA optional), each running its share of the spec
 * files one at a time. A third server on its own database runs with STAFF_MFA=required, as a
 * deployment does by default, for the second factor's journey.
 */
export default defineConfig({
  testDir: './src',
  outputDir: `${root}tmp/e2e-artifacts`,
  fullyParallel: false,
  workers: 2,
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
      testIgnore: SECOND_WORKER_SPECS,
      // One worker per project: its server serves one journey at a time.
      workers: 1,
      use: { ...devices['Desktop Chrome'], launchOptions: CHROMIUM_LAUNCH_OPTIONS },
    },
    {
      name: 'chromium-2',
      testMatch: SECOND_WORKER_SPECS,
      workers: 1,
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: CHROMIUM_LAUNCH_OPTIONS,
        baseURL: `http://127.0.0.1:${SECOND_PORT}`,
      },
    },
  ],
  webServer: [
    // Patients may cancel until the start here (self-service.spec.ts cancels a visit later
    // today, which Today lists); the 24 hours' notice is the API tests'.
    server(PORT, { PATIENT_CANCEL_NOTICE_HOURS: '0' }),
    server(SECOND_PORT, { E2E_DATA_DIR: `${root}tmp/e2e-data-2` }),
    server(MFA_PORT, { E2E_DATA_DIR: `${root}tmp/e2e-data-mfa`, STAFF_MFA: 'required' }),
  ],
});

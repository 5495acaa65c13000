#!/usr/bin/env node
/**
 * The server the browser journeys run against: the built API and apps, on a fresh embedded
 * database in tmp/e2e-data with the demo data, so every run starts from the same state.
 * E2E_DATA_DIR names another folder (the second worker's server; the one with
 * STAFF_MFA=required for the second factor's journey); any other setting, such as STAFF_MFA,
 * comes from the environment.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = process.env.E2E_DATA_DIR ?? `${root}tmp/e2e-data`;
rmSync(dataDir, { recursive: true, force: true });

// The V8 heap cap `npm start` and docs/operations.md give every instance, so the journeys run
// the server as it is deployed.
const server = spawn(
  process.execPath,
  ['--max-old-space-size=192', `${root}dist/apps/api/main.js`],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: process.env.PORT ?? '4310',
      HOST: '127.0.0.1',
      DEMO_DATA: 'always',
      RATE_LIMIT_PER_MINUTE: '100000',
      LOG_LEVEL: 'warn',
    },
  },
);
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

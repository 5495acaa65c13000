#!/usr/bin/env node
/**
 * `npm run dev`: the whole portal on one origin (http://127.0.0.1:3000) with hot reload. The API
 * is rebuilt on every change and restarted; the three apps are served by Vite dev servers
 * inside the API process (DEV_FRONTENDS=true), so the session and cross-app links behave as
 * in production.
 */
import { spawn } from 'node:child_process';
import { existsSync, rmSync, watch } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const bundle = 'dist/apps/api';
const main = `${bundle}/main.js`;
rmSync(main, { force: true });

const builder = spawn(
  'npx',
  [
    'vite',
    'build',
    '--watch',
    '--mode',
    'development',
    '--config',
    'apps/api/vite.config.ts',
    '--logLevel',
    'warn',
  ],
  { stdio: 'inherit' },
);
while (!existsSync(main)) await sleep(200);

let server;
const startServer = () => {
  server = spawn(process.execPath, [main], {
    stdio: 'inherit',
    env: { ...process.env, DEV_FRONTENDS: 'true' },
  });
};
const restart = async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  startServer();
};

// Restart only when the API bundle is rewritten (not on the temporary files Vite writes while
// loading the apps' configs, which a plain `node --watch` would also see).
let timer;
watch(bundle, () => {
  clearTimeout(timer);
  timer = setTimeout(() => void restart(), 400);
});
startServer();

const stop = () => {
  builder.kill('SIGTERM');
  server?.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

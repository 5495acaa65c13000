#!/usr/bin/env node
/**
 * `npm run dev`: the whole portal on one origin (http://127.0.0.1:3000) with hot reload. The API
 * is rebuilt on every change and restarted; the three apps are served by Vite dev servers
 * inside the API process (DEV_FRONTENDS=true), so the session and cross-app links behave as
 * in production.
 */
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const main = 'dist/apps/api/main.js';
rmSync(main, { force: true });
const children = [];
const start = (command, args, env = {}) => {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  children.push(child);
  return child;
};

start('npx', [
  'vite',
  'build',
  '--watch',
  '--mode',
  'development',
  '--config',
  'apps/api/vite.config.ts',
  '--logLevel',
  'warn',
]);
while (!existsSync(main)) await sleep(200);
start(process.execPath, ['--watch', main], { DEV_FRONTENDS: 'true' });

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

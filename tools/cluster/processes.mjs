/**
 * The cluster tool's process and file helpers: start a daemon as the `postgres` user with its
 * pid in a file and its output in a log, stop exactly the processes it started, wait with a
 * bound. Nothing here ends a process it did not start (pid files only).
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The uid and gid of the `postgres` user (PostgreSQL refuses to run as root). */
export function postgresUser() {
  const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  if (!Number.isInteger(uid) || !Number.isInteger(gid))
    throw new Error('No `postgres` user: install PostgreSQL (apt-get install postgresql-15)');
  return { uid, gid };
}

/** Makes a directory owned by postgres, private to it. */
export function postgresDir(path, user = postgresUser()) {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  spawnSync('chown', ['-R', `${user.uid}:${user.gid}`, path]);
  return path;
}

/** Whether a process is alive. */
export function alive(pid) {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The pid in a pid file, if the file is there. */
export function pidIn(file) {
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/**
 * Starts `command` in the background as a process group of its own (as `user` when given),
 * output to `dir/log/name.log`, pid to `dir/run/name.pid`.
 */
export function daemon(dir, name, command, args, { user, env = {}, cwd } = {}) {
  const log = openSync(join(dir, 'log', `${name}.log`), 'a');
  const child = spawn(command, args, {
    detached: true,
    stdio: ['ignore', log, log],
    env: { ...process.env, ...env },
    ...(cwd ? { cwd } : {}),
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
  });
  closeSync(log);
  child.unref();
  writeFileSync(join(dir, 'run', `${name}.pid`), String(child.pid));
  return child.pid;
}

/**
 * Stops the daemon `name` started: SIGTERM to its process group, SIGKILL after `graceMs`.
 * Returns whether one was running.
 */
export async function stopDaemon(dir, name, graceMs = 5000) {
  const file = join(dir, 'run', `${name}.pid`);
  const pid = pidIn(file);
  if (!alive(pid)) {
    rmSync(file, { force: true });
    return false;
  }
  const signal = (sig) => {
    try {
      process.kill(-pid, sig);
    } catch {
      try {
        process.kill(pid, sig);
      } catch {
        /* gone */
      }
    }
  };
  signal('SIGTERM');
  for (const until = Date.now() + graceMs; alive(pid) && Date.now() < until;) await sleep(100);
  if (alive(pid)) signal('SIGKILL');
  for (const until = Date.now() + 2000; alive(pid) && Date.now() < until;) await sleep(50);
  rmSync(file, { force: true });
  return true;
}

/** Waits until `check()` is truthy, polling every `everyMs`, at most `ms`; returns its value. */
export async function waitFor(what, check, ms, everyMs = 250) {
  const until = Date.now() + ms;
  let last;
  while (Date.now() < until) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    await sleep(everyMs);
  }
  throw new Error(
    `timed out after ${ms / 1000} s waiting for ${what}${last ? `: ${last.message}` : ''}`,
  );
}

/** GET or other request with a timeout: { status, body } or throws. */
export async function request(
  url,
  { method = 'GET', headers = {}, body, timeoutMs = 10_000 } = {},
) {
  const response = await fetch(url, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  let json;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, body: json, text };
}

/** Runs a command to its end (as `user` when given); throws with its output when it fails. */
export function run(command, args, { user, env = {}, input, quiet = false } = {}) {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    input,
    maxBuffer: 64 * 1024 * 1024,
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
  });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`,
    );
  }
  if (!quiet && result.stderr.trim()) process.stderr.write(result.stderr);
  return result.stdout;
}

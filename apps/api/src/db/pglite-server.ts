import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * The embedded database's thread. PGlite runs PostgreSQL compiled to WebAssembly on
 * the thread that calls it, so on the server's own thread one slow query would freeze every
 * request. Here a worker thread owns PGlite and serves it over the PostgreSQL wire protocol on
 * a Unix socket (`@electric-sql/pglite-socket`), and the server talks to it with node-postgres,
 * exactly as to a PostgreSQL server: one driver and one code path for both modes. Still one
 * process and one data folder.
 *
 * The worker's code is plain JavaScript given as text, so that the same file serves the tests
 * (TypeScript run by Vitest) and the bundled server (`dist/apps/api/main.js`); it imports the
 * packages by the absolute paths resolved here.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
// PGlite's file system layer (Emscripten's NODEFS, through this thread's own fs module) makes
// every file 0666 whatever the process umask: the WAL and pg_hba.conf readable and writable by
// every user of the machine. Each mode it asks for loses the group's and others' bits here, so
// what it creates while the server runs is private too, not only what start repaired.
const fs = require('node:fs');
const privateMode = (mode) => (typeof mode === 'number' ? mode & ~0o077 : mode);
const withPrivateMode = (name, position) => {
  const original = fs[name];
  fs[name] = function (...args) {
    const mode = args[position];
    if (typeof mode === 'number') args[position] = privateMode(mode);
    else if (mode && typeof mode === 'object' && typeof mode.mode === 'number')
      args[position] = { ...mode, mode: privateMode(mode.mode) };
    return original.apply(this, args);
  };
};
withPrivateMode('writeFileSync', 2);
withPrivateMode('openSync', 2);
withPrivateMode('mkdirSync', 1);
withPrivateMode('chmodSync', 1);
withPrivateMode('fchmodSync', 1);
(async () => {
  const { PGlite } = await import(workerData.modules.pglite);
  const { pg_trgm } = await import(workerData.modules.pgTrgm);
  const { PGLiteSocketServer } = await import(workerData.modules.socket);
  const db = await PGlite.create({ dataDir: workerData.dataDir, extensions: { pg_trgm } });
  const server = new PGLiteSocketServer({ db, path: workerData.socketPath, maxConnections: 4 });
  await server.start();
  parentPort.on('message', async (message) => {
    if (message !== 'close') return;
    try {
      await server.stop();
      await db.close();
      parentPort.postMessage({ closed: true });
    } catch (error) {
      parentPort.postMessage({ closed: true, error: String(error && error.stack || error) });
    }
  });
  parentPort.postMessage({ ready: true });
})().catch((error) => parentPort.postMessage({ error: String(error && error.stack || error) }));
`;

/** A running embedded database: where node-postgres reaches it, and how to stop it. */
export interface PgliteServer {
  /** The directory holding the socket (node-postgres' `host`), with port 5432. */
  readonly socketDir: string;
  /** Stops serving, closes PGlite (flushing the data folder), ends the thread. */
  close(): Promise<void>;
}

function modulePaths() {
  const require = createRequire(import.meta.url);
  const url = (name: string) => pathToFileURL(require.resolve(name)).href;
  return {
    pglite: url('@electric-sql/pglite'),
    pgTrgm: url('@electric-sql/pglite/contrib/pg_trgm'),
    socket: url('@electric-sql/pglite-socket'),
  };
}

/** Starts PGlite in a worker thread (`dataDir` undefined: in memory) and waits until it serves. */
export async function startPgliteServer(dataDir: string | undefined): Promise<PgliteServer> {
  // Unix socket paths are short (108 bytes), so the socket lives in a fresh temporary folder.
  const socketDir = mkdtempSync(join(tmpdir(), 'portal-pglite-'));
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { dataDir, socketPath: join(socketDir, '.s.PGSQL.5432'), modules: modulePaths() },
  });
  const removeSocketDir = () => rmSync(socketDir, { recursive: true, force: true });
  const started = new Promise<void>((resolvePromise, reject) => {
    const onMessage = (message: { ready?: boolean; error?: string }) => {
      worker.off('error', reject);
      worker.off('exit', onExit);
      if (message.ready) resolvePromise();
      else reject(new Error(message.error ?? 'PGlite failed to start'));
    };
    const onExit = (code: number) => reject(new Error(`PGlite's thread ended (${code})`));
    worker.once('message', onMessage);
    worker.once('error', reject);
    worker.once('exit', onExit);
  });
  try {
    await started;
  } catch (error) {
    await worker.terminate();
    removeSocketDir();
    throw error;
  }
  // An error after start-up ends the thread; node-postgres then reports the lost connection.
  worker.on('error', () => {});
  let closing: Promise<void> | undefined;
  return {
    socketDir,
    close: () =>
      (closing ??= (async () => {
        try {
          await new Promise<void>((resolvePromise, reject) => {
            worker.once('message', (message: { closed?: boolean; error?: string }) =>
              message.error ? reject(new Error(message.error)) : resolvePromise(),
            );
            worker.once('exit', () => resolvePromise());
            worker.postMessage('close');
          });
        } finally {
          await worker.terminate();
          removeSocketDir();
        }
      })()),
  };
}

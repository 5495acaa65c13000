import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Raised when another live process already holds the data directory. */
export class DataDirectoryInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by another portal server (process ${pid}). ` +
        'PGlite cannot share a directory between processes: stop that server, or set DATA_DIR ' +
        'to another directory, or DATABASE_URL to use a PostgreSQL server.',
    );
    this.name = 'DataDirectoryInUseError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Directories this process holds, so a second open in the same process is refused too. */
const heldHere = new Set<string>();

/** Reads the pid in a lock file, or undefined if the file is gone or holds no pid. */
function readHolder(lockPath: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the data directory for this process. PGlite takes no lock of its own and two
 * processes on one directory corrupt it, so the server holds `portal.lock` (with its pid)
 * while it runs. The lock appears atomically with its pid already in it (written to a
 * private file, then hard-linked into place), and a lock left by a dead process is taken over
 * by an atomic rename, so of two processes racing for a stale lock only one can win.
 */
export function lockDataDirectory(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, 'portal.lock');
  const mine = `${lockPath}.${process.pid}.${Date.now()}`;
  writeFileSync(mine, String(process.pid), { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(mine, lockPath);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const holder = readHolder(lockPath);
        const heldByUs = holder === process.pid && heldHere.has(lockPath);
        if (holder !== undefined && (heldByUs || (holder !== process.pid && isAlive(holder)))) {
          throw new DataDirectoryInUseError(dataDir, holder);
        }
        // A stale lock: move it aside. If another process moved it first, this rename fails
        // and the next attempt meets that process's fresh lock instead.
        try {
          renameSync(lockPath, `${mine}.stale`);
          rmSync(`${mine}.stale`, { force: true });
        } catch (renameError) {
          if ((renameError as NodeJS.ErrnoException).code !== 'ENOENT') throw renameError;
        }
        continue;
      }
      heldHere.add(lockPath);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldHere.delete(lockPath);
        // Only remove the lock if it is still ours.
        if (readHolder(lockPath) === process.pid) rmSync(lockPath, { force: true });
      };
    }
    throw new Error(`Could not lock the data directory ${dataDir}`);
  } finally {
    rmSync(mine, { force: true });
  }
}

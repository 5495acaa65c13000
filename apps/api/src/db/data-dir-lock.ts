import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
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

/**
 * Takes the data directory for this process. PGlite takes no lock of its own and two
 * processes on one directory corrupt it, so the server holds `portal.lock` (with its pid)
 * while it runs. A lock left by a process that died is taken over.
 */
export function lockDataDirectory(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, 'portal.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldHere.add(lockPath);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldHere.delete(lockPath);
        rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
      const heldByUs = holder === process.pid && heldHere.has(lockPath);
      if (
        heldByUs ||
        (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder))
      ) {
        throw new DataDirectoryInUseError(dataDir, holder);
      }
      // Stale lock from a process that is gone (or an unreadable one): remove it and retry once.
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
}

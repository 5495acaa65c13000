import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The modes of everything in the data directory: the server's user alone. */
export const PRIVATE_DIRECTORY_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
/** The permission bits of the group and of others. */
const OTHERS = 0o077;

/** What {@link secureDataDirectory} changed. */
export interface DataDirectoryRepair {
  /** Directories and files whose group/other permissions were removed. */
  readonly directories: number;
  readonly files: number;
}

/** Raised when the data directory holds entries others can read that this user cannot fix. */
export class DataDirectoryNotPrivateError extends Error {
  constructor(
    readonly dataDir: string,
    readonly entries: number,
  ) {
    super(
      `The data directory ${dataDir} holds ${entries} file(s) or folder(s) other users can read ` +
        'or write, and this server cannot make them private (they belong to another user). ' +
        `As their owner, run: chmod -R go-rwx ${dataDir} — or set DATA_DIR to a directory of ` +
        "this server's user.",
    );
    this.name = 'DataDirectoryNotPrivateError';
  }
}

/**
 * Makes the data directory (PGlite's files, the generated secrets, the lock) the server's
 * alone: created 0700 when missing; every directory under it 0700 and every file 0600 where
 * the group or others had any permission, also in a directory an earlier version made (PGlite
 * wrote its files 0666: the WAL, with patient names and password hashes, and pg_hba.conf).
 * Symbolic links are left alone (their own mode means nothing; what they point at is not the
 * server's to change). Returns what it changed; refuses (DataDirectoryNotPrivateError) when
 * it cannot change something.
 */
export function secureDataDirectory(dataDir: string): DataDirectoryRepair {
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  let directories = 0;
  let files = 0;
  let refused = 0;
  const visit = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    const directory = stat.isDirectory();
    if ((stat.mode & OTHERS) !== 0) {
      try {
        chmodSync(
          path,
          (stat.mode & 0o7777 & ~OTHERS) | (directory ? PRIVATE_DIRECTORY_MODE : PRIVATE_FILE_MODE),
        );
        if (directory) directories += 1;
        else files += 1;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
        refused += 1;
      }
    }
    if (directory) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(dataDir);
  if (refused > 0) throw new DataDirectoryNotPrivateError(dataDir, refused);
  return { directories, files };
}

/** The one line start logs after a repair (no file names, nothing of their content). */
export function describeRepair(dataDir: string, repair: DataDirectoryRepair): string | undefined {
  if (repair.directories === 0 && repair.files === 0) return undefined;
  return (
    `The data directory ${dataDir} was readable by other users: made ${repair.files} file(s) ` +
    `0600 and ${repair.directories} folder(s) 0700, the server's user alone.`
  );
}

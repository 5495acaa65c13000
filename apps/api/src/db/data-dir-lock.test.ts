import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirectoryInUseError, lockDataDirectory } from './data-dir-lock';

const dirs: string[] = [];
const children: ChildProcess[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-'));
  dirs.push(dir);
  return dir;
}

const lockFile = (dir: string) => path.join(dir, 'portal.lock');

/** What a lock attempt threw (the test fails if it did not throw). */
function refusal(dir: string): DataDirectoryInUseError {
  let caught: unknown;
  try {
    lockDataDirectory(dir)();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(DataDirectoryInUseError);
  return caught as DataDirectoryInUseError;
}

/** A live process that is not this one: `sleep 30`, with its pid once it has started. */
async function otherProcess(): Promise<ChildProcess & { pid: number }> {
  const child = spawn('sleep', ['30'], { stdio: 'ignore' });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  return child as ChildProcess & { pid: number };
}

afterAll(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('lockDataDirectory', () => {
  it('writes portal.lock with this process id, and removes it on release', () => {
    const dir = tempDir();
    const release = lockDataDirectory(dir);
    expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
  });

  it('creates the data directory when it does not exist yet', () => {
    const dir = path.join(tempDir(), 'new', 'data');
    const release = lockDataDirectory(dir);
    expect(fs.existsSync(lockFile(dir))).toBe(true);
    release();
  });

  it('refuses a second lock on the same directory in the same process, with a clear message', () => {
    const dir = tempDir();
    const release = lockDataDirectory(dir);
    try {
      const error = refusal(dir);
      expect(error.name).toBe('DataDirectoryInUseError');
      expect(error.dataDir).toBe(dir);
      expect(error.pid).toBe(process.pid);
      expect(error.message).toContain(dir);
      expect(error.message).toContain(`process ${process.pid}`);
      expect(error.message).toMatch(/DATA_DIR/);
      expect(error.message).toMatch(/DATABASE_URL/);
      // The refusal leaves the holder's lock alone.
      expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(String(process.pid));
    } finally {
      release();
    }
  });

  it('can be taken again after release', () => {
    const dir = tempDir();
    lockDataDirectory(dir)();
    const again = lockDataDirectory(dir);
    expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(String(process.pid));
    again();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
  });

  it('releases once: a second call of a release does not remove a newer holder’s lock', () => {
    const dir = tempDir();
    const first = lockDataDirectory(dir);
    first();
    const second = lockDataDirectory(dir);
    first();
    expect(fs.existsSync(lockFile(dir))).toBe(true);
    expect(() => lockDataDirectory(dir)).toThrow(DataDirectoryInUseError);
    second();
  });

  it('locks different directories independently', () => {
    const a = lockDataDirectory(tempDir());
    const b = lockDataDirectory(tempDir());
    a();
    b();
  });

  it('refuses a directory whose lock names another live process, then takes it over once that process is gone', async () => {
    const dir = tempDir();
    const child = await otherProcess();
    fs.writeFileSync(lockFile(dir), String(child.pid));

    const error = refusal(dir);
    expect(error.pid).toBe(child.pid);
    expect(error.message).toContain(`process ${child.pid}`);
    expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(String(child.pid));

    // Wait for the exit event: by then Node has reaped the child, so its pid is really gone.
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;

    const release = lockDataDirectory(dir);
    expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('takes over a lock this process left behind without holding it (a previous run with the same pid)', () => {
    const dir = tempDir();
    fs.writeFileSync(lockFile(dir), String(process.pid));
    const release = lockDataDirectory(dir);
    expect(() => lockDataDirectory(dir)).toThrow(DataDirectoryInUseError);
    release();
  });

  it.each(['', 'garbage', '0', '-5'])('takes over an unreadable lock file (%j)', (content) => {
    const dir = tempDir();
    fs.writeFileSync(lockFile(dir), content);
    const release = lockDataDirectory(dir);
    expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(String(process.pid));
    release();
  });
});

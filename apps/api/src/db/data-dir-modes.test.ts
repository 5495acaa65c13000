/**
 * The data directory (PGlite's files, the generated secrets, the lock) is the server's alone:
 * directories 0700, files 0600 — at start, where an earlier version left them readable
 * (repaired, with one log line), and for the files PGlite writes while the server runs (WAL
 * segments after writes), not only those there at start.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { logCapture, WARN } from '../../fuzz/raw-http';
import { type RunningServer, startServer } from '../server';
import { queryRows } from './database';
import { secureDataDirectory } from './data-dir-modes';

const dirs: string[] = [];

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A data directory path that does not exist yet, in a fresh temporary folder. */
function newDataDir(): string {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-modes-'));
  dirs.push(parent);
  return path.join(parent, 'data');
}

/** Every entry under `root` (itself included) with its permission bits. */
function modes(root: string): Map<string, { directory: boolean; mode: number }> {
  const found = new Map<string, { directory: boolean; mode: number }>();
  const visit = (entry: string) => {
    const stat = fs.lstatSync(entry);
    found.set(path.relative(root, entry) || '.', {
      directory: stat.isDirectory(),
      mode: stat.mode & 0o777,
    });
    if (stat.isDirectory()) for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(root);
  return found;
}

/** The entries whose mode is not the private one, as `path mode` lines. */
function notPrivate(root: string): string[] {
  return [...modes(root)]
    .filter(([, { directory, mode }]) => mode !== (directory ? 0o700 : 0o600))
    .map(([entry, { mode }]) => `${entry} ${mode.toString(8)}`);
}

async function start(dataDir: string, logger: boolean | object = false): Promise<RunningServer> {
  return startServer(
    loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'never',
    }),
    logger,
    undefined,
  );
}

/** Enough writes for PostgreSQL to make new files: a table, its rows, new WAL segments. */
async function write(server: RunningServer): Promise<void> {
  const table = sql.raw(`mode_probe_${Date.now()}`);
  await queryRows(server.database.db, sql`create table ${table} (n int, filler text)`);
  await queryRows(
    server.database.db,
    sql`insert into ${table} select g, repeat('x', 1000) from generate_series(1, 20000) g`,
  );
  await queryRows(server.database.db, sql`checkpoint`);
}

describe('data directory modes', () => {
  it('a new data directory and every file PGlite writes later are the server’s alone', async () => {
    const dataDir = newDataDir();
    const server = await start(dataDir);
    try {
      const atStart = new Set(modes(dataDir).keys());
      await write(server);
      const later = [...modes(dataDir).keys()].filter((entry) => !atStart.has(entry));
      // The writes made files that were not there at start (table files, WAL segments).
      expect(later.length).toBeGreaterThan(0);
      expect(notPrivate(dataDir)).toEqual([]);
    } finally {
      await server.close();
    }
    expect(notPrivate(dataDir)).toEqual([]);
  }, 120_000);

  it('repairs a data directory an earlier version left readable, says so once, and keeps it private', async () => {
    const dataDir = newDataDir();
    const first = await start(dataDir);
    await first.close();
    // As an earlier version left it: folders 0755, PGlite's files 0666, and strays.
    fs.writeFileSync(path.join(dataDir, 'stray-notes.txt'), 'x', { mode: 0o644 });
    fs.mkdirSync(path.join(dataDir, 'stray-folder'), { mode: 0o755 });
    fs.writeFileSync(path.join(dataDir, 'stray-folder', 'inside'), 'x', { mode: 0o666 });
    for (const [entry, { directory }] of modes(dataDir))
      fs.chmodSync(path.join(dataDir, entry), directory ? 0o755 : 0o666);
    expect(notPrivate(dataDir).length).toBeGreaterThan(10);
    const secret = fs.readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8');

    const log = logCapture();
    const server = await start(dataDir, { level: 'warn', stream: log.stream });
    try {
      const warnings = log.parsed().filter((line) => line.level >= WARN);
      expect(warnings).toEqual([
        expect.objectContaining({
          level: WARN,
          msg: expect.stringMatching(
            /^The data directory .* was readable by other users: made \d+ file\(s\) 0600 and \d+ folder\(s\) 0700/,
          ) as unknown,
        }),
      ]);
      expect(log.lines.join('\n')).not.toContain(secret);
      expect(notPrivate(dataDir)).toEqual([]);
      await write(server);
      expect(notPrivate(dataDir)).toEqual([]);
    } finally {
      await server.close();
    }
    // Nothing left to repair: the next start says nothing.
    expect(secureDataDirectory(dataDir)).toEqual({ directories: 0, files: 0 });
  }, 120_000);
});

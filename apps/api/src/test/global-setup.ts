/**
 * Once per test run, before any test file: a migrated PGlite database dumped to a file, and
 * (when TEST_DATABASE_URL names a server) a migrated template database on the server. Each test
 * file's createTestDatabase then starts from a copy instead of migrating again, which was most
 * of the API suite's time. Tests of the migrations themselves still migrate.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import * as schema from '../db/schema';
import { adminQuery, databaseUrl } from './server-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data folder, as a dumpDataDir tar file. */
    pgliteDump: string;
    /** The migrated template database on TEST_DATABASE_URL's server ('' when there is none). */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = mkdtempSync(join(tmpdir(), 'portal-migrated-'));
  const dump = join(folder, 'pglite.tar');
  const pglite = await PGlite.create({ extensions: { pg_trgm } });
  try {
    await migrate(drizzle({ client: pglite, schema }));
    writeFileSync(dump, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await pglite.close();
  }
  project.provide('pgliteDump', dump);

  const adminUrl = process.env['TEST_DATABASE_URL'];
  let template = '';
  if (adminUrl) {
    template = `portal_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, `create database ${template}`);
    // Closed before any copy: PostgreSQL copies a template only while nobody is connected to it.
    const database = await openDatabase({ url: databaseUrl(adminUrl, template) });
    try {
      await migrate(database.db);
    } finally {
      await database.close();
    }
  }
  project.provide('postgresTemplate', template);

  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (adminUrl && template)
      await adminQuery(adminUrl, `drop database if exists ${template} with (force)`);
  };
}

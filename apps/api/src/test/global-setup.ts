/**
 * Once per test run, before any test file, when TEST_DATABASE_URL names a server: a migrated
 * template database there. Each test file's server database is a copy of it instead of being
 * migrated again. Tests of the migrations themselves still migrate. (PGlite still migrates per
 * file: a PGlite loaded from a dump of a migrated one ran the login-flood test three times
 * slower, for a reason not yet known.)
 */
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { adminQuery, databaseUrl } from './server-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template database on TEST_DATABASE_URL's server ('' when there is none). */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
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
    if (adminUrl && template)
      await adminQuery(adminUrl, `drop database if exists ${template} with (force)`);
  };
}

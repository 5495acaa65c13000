/**
 * The catalogue table after the migrations: every entry of the data file, once; a second
 * start with the same file loads nothing. PGlite always, PostgreSQL when TEST_DATABASE_URL is
 * set.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../db/database';
import { migrate } from '../db/migrate';
import { BACKENDS, createTestDatabase } from '../test/harness';
import { catalogueEntries, entryForSeedCode } from './catalogue';
import { loadCatalogue } from './loader';

describe.each(BACKENDS)('the catalogue table, on %s', (backend) => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('holds every entry of the data file, by kind', async () => {
    const rows = await queryRows<{ kind: string; count: number }>(
      database.db,
      sql`select kind, count(*)::int as count from catalogue_entry group by kind`,
    );
    const expected = new Map<string, number>();
    for (const entry of catalogueEntries())
      expected.set(entry.kind, (expected.get(entry.kind) ?? 0) + 1);
    expect(new Map(rows.map((r) => [r.kind, r.count]))).toEqual(expected);
  });

  it('keeps the seed codes and codes the file gives', async () => {
    const amoxicillin = entryForSeedCode('R003');
    const [row] = await queryRows<{ id: string; codes: unknown; class_ids: string[] }>(
      database.db,
      sql`select id, codes, class_ids from catalogue_entry where seed_code = 'R003'`,
    );
    expect(row).toEqual({
      id: amoxicillin.id,
      codes: amoxicillin.codes,
      class_ids: amoxicillin.class_ids,
    });
  });

  it('loads a data file once: a second start leaves the table alone', async () => {
    expect(await loadCatalogue(database.db)).toBe(false);
    await migrate(database.db);
    const [version] = await queryRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from catalogue_version`,
    );
    expect(version?.count).toBe(1);
  });

  it('loads again when the file changed', async () => {
    await database.db.execute(sql`update catalogue_version set digest = 'older'`);
    await database.db.execute(sql`update catalogue_entry set name = 'stale' where seed_code = 'I001'`);
    expect(await loadCatalogue(database.db)).toBe(true);
    const [row] = await queryRows<{ name: string }>(
      database.db,
      sql`select name from catalogue_entry where seed_code = 'I001'`,
    );
    expect(row?.name).toBe(entryForSeedCode('I001').name);
  });
});

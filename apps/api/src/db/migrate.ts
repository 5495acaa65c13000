import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DEPARTMENTS, DISEASES, DRUGS, POSITIONS } from '@portal/reference-data';
import { type Db, queryRows } from './database';
import { department, disease, drug, position } from './schema';

/** One forward-only migration: its file name and SQL. */
export interface Migration {
  readonly name: string;
  readonly sql: string;
}

/** The SQL migrations, bundled into the server at build time so the bundle can move freely. */
export const MIGRATIONS: readonly Migration[] = Object.entries(
  import.meta.glob<string>('../../db/migrations/*.sql', {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
)
  .map(([path, text]) => ({ name: path.slice(path.lastIndexOf('/') + 1), sql: text }))
  .sort((a, b) => a.name.localeCompare(b.name));

/** An arbitrary constant naming the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_KEY = 715_202_611;

const checksum = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Brings the schema up to date, then makes the reference tables match the shared
 * reference-data library. Runs in one transaction under an advisory lock, so instances that
 * start together wait for each other and a failed migration leaves nothing half done.
 * `andThen` runs last, in the same transaction and under the same lock: start-up work that must
 * be done once however many instances start together (the demo data), so the instance that
 * waited sees what the first one did. Returns the names of the migrations it applied.
 */
export async function migrate(
  db: Db,
  migrations: readonly Migration[] = MIGRATIONS,
  andThen?: (tx: Db) => Promise<void>,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await tx.execute(sql`create table if not exists schema_migration (
      name text primary key,
      checksum text not null,
      applied_at timestamptz not null default now()
    )`);
    const applied = new Map(
      (
        await queryRows<{ name: string; checksum: string }>(
          tx,
          sql`select name, checksum from schema_migration`,
        )
      ).map((row) => [row.name, row.checksum]),
    );
    const done: string[] = [];
    for (const migration of migrations) {
      const sum = checksum(migration.sql);
      const previous = applied.get(migration.name);
      if (previous !== undefined) {
        if (previous !== sum) {
          throw new Error(
            `Migration ${migration.name} was changed after it was applied; add a new migration instead.`,
          );
        }
        continue;
      }
      for (const statement of migration.sql.split('--> statement-breakpoint')) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(
        sql`insert into schema_migration (name, checksum) values (${migration.name}, ${sum})`,
      );
      done.push(migration.name);
    }
    await syncReferenceData(tx);
    if (andThen) await andThen(tx);
    return done;
  });
}

/** Upserts departments, positions, diseases and drugs from the shared library. */
async function syncReferenceData(tx: Pick<Db, 'insert'>): Promise<void> {
  const upsertName = { set: { name: sql`excluded.name` } };
  await tx
    .insert(department)
    .values(DEPARTMENTS.map((d) => ({ id: d.id, name: d.name })))
    .onConflictDoUpdate({ target: department.id, ...upsertName });
  await tx
    .insert(position)
    .values(
      POSITIONS.map((p) => ({
        id: p.id,
        name: p.name,
        departmentId: p.departmentId,
        portalRole: p.portalRole,
      })),
    )
    .onConflictDoUpdate({
      target: position.id,
      set: {
        name: sql`excluded.name`,
        departmentId: sql`excluded.department_id`,
        portalRole: sql`excluded.portal_role`,
      },
    });
  await tx
    .insert(disease)
    .values(DISEASES.map((d) => ({ id: d.id, name: d.name })))
    .onConflictDoUpdate({ target: disease.id, ...upsertName });
  await tx
    .insert(drug)
    .values(DRUGS.map((d) => ({ id: d.id, name: d.name })))
    .onConflictDoUpdate({ target: drug.id, ...upsertName });
}

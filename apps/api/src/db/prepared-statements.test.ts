import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, preparedRows, queryRows } from './database';
import {
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  newPatient,
  type TestUser,
} from '../test/harness';
import { expectSuccess } from '../test/assertions';

/**
 * Which statements run prepared. On PGlite, whose pool is one connection, the
 * connection's `pg_prepared_statements` lists every statement prepared so far, so the test can
 * see exactly which calls were prepared and which were planned afresh.
 */
describe('prepared statements', () => {
  let database: Database;
  let app: FastifyInstance;
  let doctor: TestUser;

  const prepared = async () =>
    (
      await queryRows<{ name: string; statement: string }>(
        database.db,
        sql`select name, statement from pg_prepared_statements`,
      )
    ).filter((row) => row.name.startsWith('q_'));

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    ({ app } = await createTestApp(database));
    doctor = await createUser(app, database, 'medical_personnel');
    const body = newPatient();
    expectSuccess(
      await call(app, 'POST', '/patient/add-patient', { token: doctor.token, body }),
      201,
    );
  }, 180_000);

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('names a statement by its text, so one name never stands for two texts', async () => {
    const [a] = await preparedRows<{ n: number }>(database.db, sql`select ${1}::int as n`);
    const [b] = await preparedRows<{ n: number }>(database.db, sql`select ${2}::int as n`);
    const [c] = await preparedRows<{ n: number }>(database.db, sql`select ${3}::int + 0 as n`);
    expect([a?.n, b?.n, c?.n]).toEqual([1, 2, 3]);
    const mine = (await prepared()).filter((row) => row.statement.startsWith('select $1::int'));
    expect(mine).toHaveLength(2);
    expect(new Set(mine.map((row) => row.name)).size).toBe(2);
  });

  it('prepares the session check, the record read and the plain list, once each', async () => {
    const round = async () => {
      const list = await call(app, 'GET', '/patient?limit=5', { token: doctor.token });
      expectSuccess(list, 200);
      const [first] = list.json<{ patient: { patient_id: string } }[]>();
      expectSuccess(
        await call(app, 'GET', `/patient/${first!.patient.patient_id}`, { token: doctor.token }),
        200,
      );
    };
    await round();
    const afterOne = await prepared();
    const texts = afterOne.map((row) => row.statement);
    expect(texts.some((text) => /from session s/.test(text))).toBe(true);
    expect(texts.some((text) => /with events as[\s\S]*insert into audit_event/.test(text))).toBe(
      true,
    );
    expect(texts.some((text) => /select count\(\*\)::int as total/.test(text))).toBe(true);
    // The same calls again reuse those statements: nothing new is prepared.
    await round();
    await round();
    expect((await prepared()).map((row) => row.name).sort()).toEqual(
      afterOne.map((row) => row.name).sort(),
    );
  });

  it('still runs its prepared statements after a failed query replaced the connection', async () => {
    // node-postgres's pool ends a client whose query failed; the next connection reaches the
    // same PGlite session, where the statements of the last one are still prepared.
    expectSuccess(await call(app, 'GET', '/patient?limit=1', { token: doctor.token }), 200);
    await expect(queryRows(database.db, sql`select * from no_such_table`)).rejects.toThrow();
    for (let i = 0; i < 2; i++) {
      expectSuccess(await call(app, 'GET', '/patient?limit=1', { token: doctor.token }), 200);
    }
  });

  it('plans a search afresh: no search statement is ever prepared', async () => {
    for (const body of [{ first_name: 'ab' }, { first_name: 'abc' }, { patient_id: 'P0' }]) {
      expectSuccess(
        await call(app, 'POST', '/patient/search-patient', { token: doctor.token, body }),
        200,
      );
    }
    const statements = (await prepared()).map((row) => row.statement);
    expect(statements.some((text) => /like/i.test(text))).toBe(false);
  });

  it('reads the access log on generic plans, and leaves no other statement planned that way', async () => {
    const settings = async () =>
      (
        await queryRows<{
          plan_cache_mode: string;
          enable_seqscan: string;
          max_parallel_workers_per_gather: string;
        }>(
          database.db,
          sql`select current_setting('plan_cache_mode') as plan_cache_mode,
                     current_setting('enable_seqscan') as enable_seqscan,
                     current_setting('max_parallel_workers_per_gather') as max_parallel_workers_per_gather`,
        )
      )[0];
    // The session allows parallel workers (PGlite's default is none), so that finding the same
    // value after the log's transaction, which turns them off, shows the setting was local to it.
    await database.db.execute(
      sql`select set_config('max_parallel_workers_per_gather', '2', false)`,
    );
    const patient = await createUser(app, database, 'patient');
    // The doctor reads the record, so the log has a line; then the patient reads it twice.
    expectSuccess(
      await call(app, 'GET', `/patient/${patient.recordId}`, { token: doctor.token }),
      200,
    );
    for (let i = 0; i < 2; i++) {
      const log = await call(app, 'GET', '/profile/access-log', { token: patient.token });
      expectSuccess(log, 200);
      expect(log.json<{ action: string }[]>().length).toBeGreaterThan(0);
    }
    const stats = await queryRows<{
      statement: string;
      generic_plans: number;
      custom_plans: number;
    }>(
      database.db,
      sql`select statement, generic_plans::int, custom_plans::int from pg_prepared_statements
          where name like 'q_%' and statement like '%record_ids @>%'`,
    );
    // The page's statement and the count's, each run twice, on their generic plans only.
    expect(stats).toHaveLength(2);
    for (const row of stats) {
      expect(row.generic_plans).toBeGreaterThanOrEqual(2);
      expect(row.custom_plans).toBe(0);
    }
    // The settings ended with the transaction: the session plans as PostgreSQL chooses again.
    expect(await settings()).toEqual({
      plan_cache_mode: 'auto',
      enable_seqscan: 'on',
      max_parallel_workers_per_gather: '2',
    });
  });
});

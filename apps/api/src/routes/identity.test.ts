/**
 * Usernames in their one form (normaliseUsername): the login lock cannot be split by spelling,
 * names are stored so (migration 0009, which refuses a collision), and activation codes count
 * every registration that names them, so that a code cannot probe which usernames are taken.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIVATION_CODE_LOCKED_MESSAGE,
  ACTIVATION_CODE_MAX_ATTEMPTS,
  WRONG_CREDENTIALS_MESSAGE,
} from '@portal/contract';
import { runAdminCommand } from '../admin';
import { type Database, queryRows } from '../db/database';
import { migrate } from '../db/migrate';
import { patientsRepository } from '../repositories/patients';
import {
  BACKENDS,
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  GOOD_PASSWORD,
  newPatient,
  patientAddInput,
  type TestUser,
  unique,
} from '../test/harness';
import { auditOf, expectProblem, expectSuccess } from '../test/assertions';

/** Ways of typing the same name that the one form makes equal (and the old lock did not). */
function spellingsOf(name: string): string[] {
  const fullwidth = [...name]
    .map((c) => (c >= '!' && c <= '~' ? String.fromCodePoint(c.codePointAt(0)! + 0xfee0) : c))
    .join('');
  return [
    name.replace('i', '\u0130'), // İ, capital I with dot above
    name.replace('i', '\u0131'), // ı, dotless i
    name.toUpperCase(),
    fullwidth,
    name.replace('s', '\u017f'), // ſ, long s
  ];
}

const SYSTEM = { actor: null, address: '127.0.0.1', requestId: 'identity-test' };

describe.each(BACKENDS)('usernames and activation codes on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let address = 0;
  /** A new caller's address each time, so that only the account's count is in play. */
  const fresh = () => `10.9.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ app } = await createTestApp(database));
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const login = (username: string, password: string) =>
    call(app, 'POST', '/login', { body: { username, password }, remoteAddress: fresh() });

  describe('the login lock', () => {
    let user: TestUser;

    beforeAll(async () => {
      user = await createUser(app, database, 'patient');
      expect(user.username).toMatch(/i.*s|s.*i/);
    });

    it('any spelling of a name logs in to its account', async () => {
      for (const spelling of spellingsOf(user.username)) {
        const answer = await login(spelling, GOOD_PASSWORD);
        expectSuccess(answer, 200);
      }
    });

    it('counts wrong passwords under every spelling on the one account: the lock then holds for all', async () => {
      // demo.patİent and the others: five wrong guesses under five spellings use up the account.
      for (const spelling of spellingsOf(user.username)) {
        expectProblem(await login(spelling, 'wrong-password-123'), 401);
      }
      const refused = await login(user.username, GOOD_PASSWORD);
      expectProblem(refused, 429);
      // A locked account does not log in under any spelling either.
      for (const spelling of spellingsOf(user.username)) {
        expectProblem(await login(spelling, GOOD_PASSWORD), 429);
      }
      const [row] = await queryRows<{ key: string; failures: number }>(
        database.db,
        sql`select t.key, t.failures from login_throttle t
            join app_user u on t.key = 'account:' || u.id where u.username = ${user.username}`,
      );
      expect(row?.failures).toBe(5);
    });

    it('gives an unknown name one count too, whatever its spelling', async () => {
      const ghost = `ghost${unique()}.is`;
      for (const spelling of spellingsOf(ghost)) {
        expect(expectProblem(await login(spelling, 'wrong-password-123'), 401).detail).toBe(
          WRONG_CREDENTIALS_MESSAGE,
        );
      }
      expectProblem(await login(ghost, 'wrong-password-123'), 429);
    });

    it('the admin tool finds the account under any spelling', async () => {
      const other = await createUser(app, database, 'medical_personnel');
      const typed = spellingsOf(other.username)[0]!;
      expect(await runAdminCommand(database.db, ['lock', typed], 30)).toMatch(
        `Locked ${other.username};`,
      );
      // Locked by the administrator: refused under every spelling, the right password too.
      for (const spelling of [other.username, ...spellingsOf(other.username)]) {
        expectProblem(await login(spelling, GOOD_PASSWORD), 403);
      }
      expect(await runAdminCommand(database.db, ['unlock', typed.toUpperCase()], 30)).toBe(
        `Unlocked ${other.username}.`,
      );
      expectSuccess(await login(other.username, GOOD_PASSWORD), 200);
    });
  });

  describe('registration', () => {
    /** A new patient record and its activation code. */
    async function newRecord() {
      const created = await patientsRepository.add(
        database.db,
        SYSTEM,
        patientAddInput(newPatient()),
        30,
      );
      return { id: created.patient_id, code: created.activation_code };
    }

    const register = (record: { id: string; code: string }, username: string) =>
      call(app, 'POST', '/register', {
        body: {
          username,
          password: GOOD_PASSWORD,
          role: 'patient',
          id: record.id,
          activation_code: record.code,
        },
        remoteAddress: fresh(),
      });

    it('stores the name in its one form, and answers it', async () => {
      const typed = `Mixed.Case${unique()}`;
      const answer = await register(await newRecord(), typed);
      expectSuccess(answer, 201);
      expect(answer.json<{ username: string }>().username).toBe(typed.toLowerCase());
      const stored = await queryRows<{ username: string }>(
        database.db,
        sql`select username from app_user where username = ${typed.toLowerCase()}`,
      );
      expect(stored).toHaveLength(1);
      expectSuccess(await login(typed.toUpperCase(), GOOD_PASSWORD), 200);
    });

    it('answers 409 naming username to another spelling of a taken name', async () => {
      const taken = await createUser(app, database, 'patient');
      for (const spelling of [
        taken.username.toUpperCase(),
        `${taken.username[0]!.toUpperCase()}${taken.username.slice(1)}`,
      ]) {
        expectProblem(await register(await newRecord(), spelling), 409, 'username');
      }
    });

    it(`counts every attempt with a valid code, a taken name too: after ${ACTIVATION_CODE_MAX_ATTEMPTS} the code is locked, and audited once`, async () => {
      const taken = await createUser(app, database, 'patient');
      const record = await newRecord();
      for (let i = 0; i < ACTIVATION_CODE_MAX_ATTEMPTS; i += 1) {
        expectProblem(await register(record, taken.username), 409, 'username');
      }
      // Even a free name now: the code is locked, and says what to do.
      const locked = await register(record, `free${unique()}`);
      expect(expectProblem(locked, 400, 'activation_code').detail).toBe(
        ACTIVATION_CODE_LOCKED_MESSAGE,
      );
      expect(await auditOf(database, locked)).toEqual([
        expect.objectContaining({
          action: 'register.code-locked',
          outcome: 'denied',
          record_ids: [record.id],
        }),
        expect.objectContaining({ action: 'register', outcome: 'failure' }),
      ]);
      const again = await register(record, `free${unique()}`);
      expect(expectProblem(again, 400, 'activation_code').detail).toBe(
        ACTIVATION_CODE_LOCKED_MESSAGE,
      );
      expect((await auditOf(database, again)).map((e) => e.action)).toEqual(['register']);

      // Staff reissue the code (here the admin tool): the new one counts afresh and registers.
      const issued = await runAdminCommand(database.db, ['activation-code', record.id], 30);
      const code = /: (\S+) \(valid/.exec(issued)![1]!;
      expectSuccess(await register({ id: record.id, code }, `free${unique()}`), 201);
    });

    it(`evaluates at most ${ACTIVATION_CODE_MAX_ATTEMPTS} of 30 concurrent attempts with one code`, async () => {
      const taken = await createUser(app, database, 'patient');
      const record = await newRecord();
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => register(record, taken.username)),
      );
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses.filter((s) => s === 409)).toHaveLength(ACTIVATION_CODE_MAX_ATTEMPTS);
      expect(statuses.filter((s) => s === 400)).toHaveLength(30 - ACTIVATION_CODE_MAX_ATTEMPTS);
      for (const answer of answers.filter((a) => a.statusCode === 400)) {
        expect(answer.json<{ detail: string }>().detail).toBe(ACTIVATION_CODE_LOCKED_MESSAGE);
      }
      const locks = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from audit_event
            where action = 'register.code-locked' and record_ids @> array[${record.id}]::text[]`,
      );
      expect(locks[0]!.n).toBe(1);
    });
  });
});

describe.each(BACKENDS)('migration 0009 (usernames in their one form) on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let first: TestUser;
  let second: TestUser;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ app } = await createTestApp(database));
    first = await createUser(app, database, 'patient');
    second = await createUser(app, database, 'HR');
    // Back to before 0009, on a database whose lower() let two spellings of one name in (its
    // index need only exist): the names as typed, and the code column not there yet.
    await database.db.execute(sql`drop index app_user_username_key`);
    await database.db.execute(
      sql`create index app_user_username_key on app_user (lower(username))`,
    );
    await database.db.execute(sql`alter table activation_code drop column attempts`);
    await database.db.execute(sql`delete from schema_migration where name like '0009%'`);
    await database.db.execute(
      sql`update app_user set username = ${first.username.toUpperCase()} where username = ${second.username}`,
    );
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const applied = () =>
    queryRows<{ name: string }>(
      database.db,
      sql`select name from schema_migration where name like '0009%'`,
    );

  it('stops, changing nothing, while two accounts have names of one form', async () => {
    const failure = await migrate(database.db).then(
      () => undefined,
      (error: { cause?: { message?: string } }) => error,
    );
    const names = [first.username, first.username.toUpperCase()].sort().join(', ');
    expect(failure?.cause?.message).toBe(`Accounts whose usernames differ only in case: ${names}`);
    expect(await applied()).toEqual([]);
    const still = await queryRows<{ username: string }>(
      database.db,
      sql`select username from app_user where lower(username) = ${first.username}`,
    );
    expect(still.map((r) => r.username).sort()).toEqual(
      [first.username, first.username.toUpperCase()].sort(),
    );
  });

  it('applies once one is renamed: names in their one form, unique as stored', async () => {
    await database.db.execute(
      sql`update app_user set username = ${`Renamed.${second.username}`} where username = ${first.username.toUpperCase()}`,
    );
    await database.db.execute(
      sql`update app_user set username = ${`Mixed.${first.username}`} where username = ${first.username}`,
    );
    expect(await migrate(database.db)).toEqual(['0009_username_form_code_attempts.sql']);
    const names = await queryRows<{ username: string }>(
      database.db,
      sql`select username from app_user order by username`,
    );
    expect(names.map((r) => r.username).sort()).toEqual(
      [`mixed.${first.username}`, `renamed.${second.username}`].sort(),
    );
    await expect(
      database.db.execute(
        sql`update app_user set username = ${`mixed.${first.username}`} where username = ${`renamed.${second.username}`}`,
      ),
    ).rejects.toMatchObject({ cause: { code: '23505', constraint: 'app_user_username_key' } });
    // The account logs in under its old spelling.
    const answer = await call(app, 'POST', '/login', {
      body: { username: `Mixed.${first.username}`, password: GOOD_PASSWORD },
    });
    expectSuccess(answer, 200);
  });

  it('refuses a name outside the characters registration takes, naming it', async () => {
    await database.db.execute(sql`delete from schema_migration where name like '0009%'`);
    await database.db.execute(sql`alter table activation_code drop column attempts`);
    await database.db.execute(
      sql`update app_user set username = 'straße.x' where username = ${`renamed.${second.username}`}`,
    );
    const failure = await migrate(database.db).then(
      () => undefined,
      (error: { cause?: { message?: string } }) => error,
    );
    expect(failure?.cause?.message).toBe(
      'Usernames with characters other than letters, digits, dots, dashes, underscores or @: straße.x',
    );
    expect(await applied()).toEqual([]);
  });
});

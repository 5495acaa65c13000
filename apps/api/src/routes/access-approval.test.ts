/**
 * The two-person rule: no single HR person gives anyone access to the portal. HR cannot change
 * its own position or work status; the portal access a new or changed employee's position gives
 * waits until a second HR person approves it (POST /employee/{id}/approve-access), and until
 * then the account has no role: login answers why, and an open session is refused. Registration
 * with the employee's code goes ahead (the account exists, but cannot sign in until approved).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_AWAITING_APPROVAL_MESSAGE,
  type AddEmployeeResponse,
  type Employee,
  OWN_ACCESS_FIELDS_MESSAGE,
  type PendingAccess,
  pendingAccessListSchema,
} from '@portal/contract';
import { type Database, queryRows } from '../db/database';
import { migrate } from '../db/migrate';
import { ProblemError } from '../errors';
import { employeesRepository } from '../repositories/employees';
import { auditOf, expectProblem, expectSuccess } from '../test/assertions';
import {
  BACKENDS,
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  GOOD_PASSWORD,
  newEmployee,
  type TestUser,
  unique,
} from '../test/harness';

describe.each(BACKENDS)('the two-person rule on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  /** Three HR people: hr1 makes the changes, hr2 and hr3 approve them. */
  let hr1: TestUser;
  let hr2: TestUser;
  let hr3: TestUser;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ app } = await createTestApp(database));
    hr1 = await createUser(app, database, 'HR');
    hr2 = await createUser(app, database, 'HR');
    hr3 = await createUser(app, database, 'HR');
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const addEmployee = async (by: TestUser, overrides: Record<string, unknown> = {}) => {
    const body = newEmployee(overrides);
    const response = await call(app, 'POST', '/employee/add-employee', { token: by.token, body });
    expectSuccess(response, 201);
    return { id: body.employee_id, created: response.json<AddEmployeeResponse>(), response };
  };
  const update = (by: TestUser, body: Record<string, unknown>) =>
    call(app, 'PUT', '/employee/update-employee', { token: by.token, body });
  const approve = (by: TestUser, employeeId: string, positionId: string) =>
    call(app, 'POST', `/employee/${employeeId}/approve-access`, {
      token: by.token,
      body: { position_id: positionId },
    });
  const pending = async (by: TestUser): Promise<PendingAccess[]> => {
    const response = await call(app, 'GET', '/employee/access-approvals', { token: by.token });
    expectSuccess(response, 200);
    return pendingAccessListSchema.parse(response.json());
  };
  const register = async (employeeId: string, code: string, role = 'medical_personnel') => {
    const username = `staff${unique()}`;
    const response = await call(app, 'POST', '/register', {
      body: { username, password: GOOD_PASSWORD, role, id: employeeId, activation_code: code },
    });
    return { username, response };
  };
  const nameOf = async (user: TestUser) => {
    const [row] = await queryRows<{ name: string }>(
      database.db,
      sql`select first_name || ' ' || last_name as name from employee
          where employee_id = ${user.recordId}`,
    );
    return row!.name;
  };
  const refuse = (by: TestUser, employeeId: string, body: Record<string, unknown>) =>
    call(app, 'POST', `/employee/${employeeId}/refuse-access`, { token: by.token, body });
  const logIn = (username: string) =>
    call(app, 'POST', '/login', { body: { username, password: GOOD_PASSWORD } });
  const expectAwaiting = async (username: string) => {
    const refused = await logIn(username);
    expectProblem(refused, 403);
    expect(refused.json<{ detail: string }>().detail).toBe(ACCESS_AWAITING_APPROVAL_MESSAGE);
  };
  const stored = async (employeeId: string) => {
    const [row] = await queryRows<{
      access_role: string | null;
      requested_by: string | null;
      approved_by: string | null;
      approved: boolean;
    }>(
      database.db,
      sql`select e.access_role, ru.username as requested_by, au.username as approved_by,
            e.access_approved_at is not null as approved
          from employee e
          left join app_user ru on ru.id = e.access_requested_by
          left join app_user au on au.id = e.access_approved_by
          where e.employee_id = ${employeeId}`,
    );
    return row!;
  };

  describe('HR and its own record', () => {
    it.each([
      ['position', { position_id: 'doctor' }, ['position_id']],
      ['work status', { work_status: 'no', resignation_date: '2026-06-30' }, ['work_status']],
      [
        'position and work status',
        { position_id: 'P001', work_status: 'no', resignation_date: '2026-06-30' },
        ['position_id', 'work_status'],
      ],
    ])(
      'refuses a change of its own %s (403 naming the field), and audits it',
      async (_w, fields, named) => {
        const response = await update(hr1, { employee_id: hr1.recordId, ...fields });
        const problem = expectProblem(response, 403);
        expect(problem.detail).toBe(OWN_ACCESS_FIELDS_MESSAGE);
        expect(problem.errors?.map((e) => e.field)).toEqual(named);
        expect((await auditOf(database, response)).map((e) => [e.action, e.outcome])).toEqual([
          ['employee.update', 'failure'],
        ]);
        const record = await call(app, 'GET', `/employee/${hr1.recordId}`, { token: hr2.token });
        expect(record.json<Employee>()).toMatchObject({ position_id: 'P011', work_status: 'yes' });
      },
    );

    it('lets HR edit the rest of its own record, the form sending the same position and status', async () => {
      const response = await update(hr1, {
        employee_id: hr1.recordId,
        position_id: 'HR',
        work_status: 'yes',
        phone_number: '0812223333',
      });
      expectSuccess(response, 200);
      expect(response.json<Employee>()).toMatchObject({
        phone_number: '0812223333',
        access_pending: false,
      });
    });

    it('lets another HR person change it', async () => {
      const other = await createUser(app, database, 'HR');
      expectSuccess(await update(hr2, { employee_id: other.recordId, position_id: 'P001' }), 200);
    });
  });

  describe('a Doctor created by HR', () => {
    it('registers, but cannot sign in until a second HR person approves; then can', async () => {
      const { id, created, response } = await addEmployee(hr1, { position_id: 'P001' });
      expect(created.access_pending).toBe(true);
      // The add and its request for approval are audited with the actor.
      expect(
        (await auditOf(database, response)).map((e) => [e.action, e.actor_username, e.outcome]),
      ).toEqual([
        ['employee.access.request', hr1.username, 'success'],
        ['employee.create', hr1.username, 'success'],
      ]);

      // Registration with the code goes ahead; the account has no role until approved.
      const { username, response: registered } = await register(id, created.activation_code!);
      expectSuccess(registered, 201);
      await expectAwaiting(username);

      // The list: who asked and when; the one who asked sees it as theirs.
      const seenBy2 = (await pending(hr2)).find((p) => p.employee_id === id);
      expect(seenBy2).toMatchObject({
        position_id: 'P001',
        position_name: 'Doctor',
        role: 'medical_personnel',
        // The person asking, by name, not their username.
        requested_by: await nameOf(hr1),
        requested_by_you: false,
      });
      expect(Date.now() - Date.parse(seenBy2!.requested_at)).toBeLessThan(60_000);
      expect((await pending(hr1)).find((p) => p.employee_id === id)?.requested_by_you).toBe(true);

      // The one who asked cannot approve it.
      const own = await approve(hr1, id, 'P001');
      expectProblem(own, 403, 'employee_id');
      expect((await auditOf(database, own)).map((e) => [e.action, e.outcome])).toEqual([
        ['employee.access.approve', 'failure'],
      ]);
      await expectAwaiting(username);

      // A position the approver did not see is not approved.
      expectProblem(await approve(hr2, id, 'P011'), 409, 'position_id');

      const approved = await approve(hr2, id, 'doctor');
      expectSuccess(approved, 200);
      expect(approved.json<Employee>()).toMatchObject({ employee_id: id, access_pending: false });
      expect(
        (await auditOf(database, approved)).map((e) => [e.action, e.actor_username, e.outcome]),
      ).toEqual([['employee.access.approve', hr2.username, 'success']]);
      expect(await stored(id)).toEqual({
        access_role: 'medical_personnel',
        requested_by: hr1.username,
        approved_by: hr2.username,
        approved: true,
      });
      expect((await pending(hr2)).map((p) => p.employee_id)).not.toContain(id);

      const signedIn = await logIn(username);
      expectSuccess(signedIn, 200);
      const { token } = signedIn.json<{ token: string }>();
      expectSuccess(await call(app, 'GET', '/patient?limit=1', { token }), 200);

      // Nothing waits any more.
      expectProblem(await approve(hr3, id, 'P001'), 409, 'employee_id');
    });

    it('asks again when an HR person reissues the code of an approved, unregistered Doctor', async () => {
      const { id } = await addEmployee(hr1, { position_id: 'P001' });
      expectSuccess(await approve(hr2, id, 'P001'), 200);
      // hr3 alone takes the code over: the new code holds no approved access.
      const reissued = await call(app, 'POST', `/employee/${id}/activation-code`, {
        token: hr3.token,
      });
      expectSuccess(reissued, 201);
      expect((await auditOf(database, reissued)).map((e) => [e.action, e.outcome])).toEqual([
        ['employee.access.request', 'success'],
        ['employee.activation-code.create', 'success'],
      ]);
      const code = reissued.json<{ activation_code: string }>().activation_code;
      const { username, response: registered } = await register(id, code);
      expectSuccess(registered, 201);
      await expectAwaiting(username);
      expect(await stored(id)).toMatchObject({ access_role: null, requested_by: hr3.username });
      // The one who reissued cannot approve it; another HR person can.
      expectProblem(await approve(hr3, id, 'P001'), 403, 'employee_id');
      expectSuccess(await approve(hr1, id, 'P001'), 200);
      expectSuccess(await logIn(username), 200);
    });

    it('cannot be approved by the employee themselves', async () => {
      // No pending employee has a role to call with, so the rule is checked where it is kept.
      const { id } = await addEmployee(hr1, { position_id: 'P011' });
      const self = {
        actor: {
          userId: (await accountIdOf(hr2.username))!,
          username: hr2.username,
          role: 'HR' as const,
          sessionId: '00000000-0000-0000-0000-000000000000',
          patientId: null,
          employeeId: id,
        },
        address: '127.0.0.1',
        requestId: `self-${unique()}`,
      };
      const error = await employeesRepository.approveAccess(database.db, self, id, 'P011').then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ProblemError);
      expect(error).toMatchObject({ status: 403, message: 'You cannot approve your own access' });
    });

    it('a position without portal access needs no approval, and none waits', async () => {
      const { id, created } = await addEmployee(hr1, { position_id: 'P008' });
      expect(created).toMatchObject({ activation_code: null, access_pending: false });
      expect((await pending(hr2)).map((p) => p.employee_id)).not.toContain(id);
      expectProblem(await approve(hr2, id, 'P008'), 409, 'employee_id');
    });

    it('a move to no access or leaving takes effect at once, and a return waits again', async () => {
      const doctor = await createUser(app, database, 'medical_personnel');
      const left = await update(hr1, {
        employee_id: doctor.recordId,
        work_status: 'no',
        resignation_date: '2026-06-30',
      });
      expectSuccess(left, 200);
      expect(left.json<Employee>().access_pending).toBe(false);
      expect(await stored(doctor.recordId)).toMatchObject({ access_role: null, approved: false });
      expectProblem(await logIn(doctor.username), 403);

      expectSuccess(await update(hr1, { employee_id: doctor.recordId, work_status: 'yes' }), 200);
      await expectAwaiting(doctor.username);
      expect((await pending(hr3)).find((p) => p.employee_id === doctor.recordId)).toMatchObject({
        requested_by: await nameOf(hr1),
      });
      expectSuccess(await approve(hr3, doctor.recordId, 'P001'), 200);
      expectSuccess(await logIn(doctor.username), 200);
    });

    it('a second HR person refuses a waiting access with a reason; it waits no more', async () => {
      const { id, created } = await addEmployee(hr1, { position_id: 'P002' });
      const { username } = await register(id, created.activation_code!);
      // The one who asked cannot refuse it either; a reason is needed; the position seen counts.
      expectProblem(
        await refuse(hr1, id, { position_id: 'P002', reason: 'No' }),
        403,
        'employee_id',
      );
      expectProblem(await refuse(hr2, id, { position_id: 'P002' }), 400, 'reason');
      expectProblem(await refuse(hr2, id, { position_id: 'P002', reason: '  ' }), 400, 'reason');
      expectProblem(
        await refuse(hr2, id, { position_id: 'P001', reason: 'No' }),
        409,
        'position_id',
      );

      const refused = await refuse(hr2, id, {
        position_id: 'nurse',
        reason: 'Not on the ward rota',
      });
      expectSuccess(refused, 200);
      expect(refused.json<Employee>()).toMatchObject({ employee_id: id, access_pending: false });
      expect(
        (await auditOf(database, refused)).map((e) => [e.action, e.actor_username, e.outcome]),
      ).toEqual([['employee.access.refuse', hr2.username, 'success']]);
      const [row] = await queryRows<{ reason: string; by: string }>(
        database.db,
        sql`select e.access_refusal_reason as reason, u.username as by from employee e
            join app_user u on u.id = e.access_refused_by where e.employee_id = ${id}`,
      );
      expect(row).toEqual({ reason: 'Not on the ward rota', by: hr2.username });
      expect((await pending(hr3)).map((p) => p.employee_id)).not.toContain(id);
      await expectAwaiting(username);
      expectProblem(await approve(hr3, id, 'P002'), 409, 'employee_id');
      expectProblem(await refuse(hr3, id, { position_id: 'P002', reason: 'Again' }), 409);

      // A later change that asks for access makes it wait again.
      expectSuccess(await update(hr2, { employee_id: id, position_id: 'P001' }), 200);
      expect((await pending(hr3)).find((p) => p.employee_id === id)).toMatchObject({
        requested_by: await nameOf(hr2),
      });
      expectSuccess(await approve(hr3, id, 'P001'), 200);
      expectSuccess(await logIn(username), 200);
    });

    it('a change by another HR person of a waiting record keeps who asked', async () => {
      const { id } = await addEmployee(hr1, { position_id: 'P002' });
      expectSuccess(await update(hr2, { employee_id: id, phone_number: '0899998888' }), 200);
      expect(await stored(id)).toMatchObject({ requested_by: hr1.username });
      // … but a change of the position is a new request, by whoever made it.
      expectSuccess(await update(hr2, { employee_id: id, position_id: 'P001' }), 200);
      expect(await stored(id)).toMatchObject({ requested_by: hr2.username });
      expectProblem(await approve(hr2, id, 'P001'), 403, 'employee_id');
      expectSuccess(await approve(hr1, id, 'P001'), 200);
    });
  });

  describe('validation', () => {
    it('answers 404 for an unknown employee, 400 naming the field for a bad id or body', async () => {
      expectProblem(await approve(hr2, 'E987654321', 'P001'), 404);
      expectProblem(await approve(hr2, 'P001', 'P001'), 400, 'employee_id');
      expectProblem(await approve(hr2, 'E001', 'surgeon'), 400, 'position_id');
      const noBody = await call(app, 'POST', '/employee/E001/approve-access', {
        token: hr2.token,
        body: {},
      });
      expectProblem(noBody, 400, 'position_id');
    });
  });

  describe('30 requests together', () => {
    it('approvals by two HR people: exactly one is approved, once, and audited once', async () => {
      const { id } = await addEmployee(hr1, { position_id: 'P001' });
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => approve(i % 2 ? hr2 : hr3, id, 'P001')),
      );
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses).toEqual([200, ...Array<number>(29).fill(409)]);
      const [row] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from audit_event
            where action = 'employee.access.approve' and outcome = 'success'
              and record_ids = array[${id}]::text[]`,
      );
      expect(row!.n).toBe(1);
      expect(await stored(id)).toMatchObject({ access_role: 'medical_personnel', approved: true });
    });

    it('approvals by two HR people while the requester changes the position: no role unseen is approved', async () => {
      const { id, created } = await addEmployee(hr1, { position_id: 'P001' });
      const { username } = await register(id, created.activation_code!);
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          i % 10 === 0
            ? update(hr1, { employee_id: id, position_id: 'HR' })
            : approve(i % 2 ? hr2 : hr3, id, 'P001'),
        ),
      );
      for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
      const approvals = answers.filter((a, i) => i % 10 !== 0 && a.statusCode === 200).length;
      expect(approvals).toBeLessThanOrEqual(1);
      for (const [i, answer] of answers.entries()) {
        if (i % 10 === 0) expect(answer.statusCode).toBe(200);
      }
      // The position is HR now, which nobody approved: no role until someone other than hr1 does.
      await expectAwaiting(username);
      const record = await stored(id);
      expect(record.requested_by).toBe(hr1.username);
      expect(record.access_role === null || record.access_role === 'medical_personnel').toBe(true);
      expectSuccess(await approve(hr2, id, 'P011'), 200);
      const signedIn = await logIn(username);
      expectSuccess(signedIn, 200);
      expect(signedIn.json<{ role: string }>().role).toBe('HR');
    });
  });

  /** The account id of a username (for a context made by hand). */
  async function accountIdOf(username: string): Promise<string | undefined> {
    const [row] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from app_user where username = ${username}`,
    );
    return row?.id;
  }
});

describe.each(BACKENDS)('migration 0010 on an existing deployment (%s)', (backend) => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ app } = await createTestApp(database));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('treats everyone working with portal access as approved, and no one else', async () => {
    const doctor = await createUser(app, database, 'medical_personnel');
    const hr = await createUser(app, database, 'HR');
    const leaver = await createUser(app, database, 'medical_personnel');
    await queryRows(
      database.db,
      sql`update employee set work_status = 'no', resignation_date = '2026-01-31'
          where employee_id = ${leaver.recordId}`,
    );
    // Back to the schema before 0010: no approval columns, 0010 not applied.
    await database.db.execute(sql`alter table employee drop column access_role,
      drop column access_requested_by, drop column access_requested_at,
      drop column access_approved_by, drop column access_approved_at`);
    await database.db.execute(
      sql`delete from schema_migration where name = '0010_access_approval.sql'`,
    );

    expect(await migrate(database.db)).toEqual(['0010_access_approval.sql']);

    for (const user of [doctor, hr]) {
      expectSuccess(await call(app, 'GET', '/profile', { token: user.token }), 200);
      const again = await call(app, 'POST', '/login', {
        body: { username: user.username, password: user.password },
      });
      expectSuccess(again, 200);
    }
    const [row] = await queryRows<{ access_role: string | null }>(
      database.db,
      sql`select access_role from employee where employee_id = ${leaver.recordId}`,
    );
    expect(row!.access_role).toBeNull();
    // Taken back, the leaver waits for a second HR person like anyone else.
    expectSuccess(
      await call(app, 'PUT', '/employee/update-employee', {
        token: hr.token,
        body: { employee_id: leaver.recordId, work_status: 'yes' },
      }),
      200,
    );
    const waiting = await call(app, 'POST', '/login', {
      body: { username: leaver.username, password: leaver.password },
    });
    expectProblem(waiting, 403);
    expect(waiting.json<{ detail: string }>().detail).toBe(ACCESS_AWAITING_APPROVAL_MESSAGE);
  });
});

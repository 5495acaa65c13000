/**
 * The role an account may use follows the employee's current position (the product decisions):
 * a change of position that changes the portal role ends every session of
 * the account at once; login is then refused unless the new position carries a portal role, in
 * which case it gives the new role. A change between positions with the same role (Doctor →
 * Nurse) changes nothing for the account: its sessions go on. A new portal role waits for a
 * second HR person's approval (the two-person rule): until then login is refused with a reason.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ACCESS_AWAITING_APPROVAL_MESSAGE,
  POSITION_WITHOUT_PORTAL_ACCESS_MESSAGE,
  SESSION_ENDED_BY_HOSPITAL,
} from '@portal/contract';
import { type Database, queryRows } from '../db/database';
import { accountsRepository } from '../repositories/accounts';
import {
  BACKENDS,
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  login,
  type TestUser,
} from '../test/harness';

describe.each(BACKENDS)('a change of position on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let hr: TestUser;
  /** The second HR person, who approves what `hr` changes. */
  let hr2: TestUser;
  /** A doctor (P001) with an open session, made afresh for each test. */
  let doctor: TestUser;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ app } = await createTestApp(database));
    hr = await createUser(app, database, 'HR');
    hr2 = await createUser(app, database, 'HR');
  });
  beforeEach(async () => {
    doctor = await createUser(app, database, 'medical_personnel');
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const moveTo = async (employeeId: string, positionId: string) => {
    const response = await call(app, 'PUT', '/employee/update-employee', {
      token: hr.token,
      body: { employee_id: employeeId, position_id: positionId },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ position_id: string; sessions_revoked: number }>();
  };
  const clinicalRead = (token: string) => call(app, 'GET', '/patient', { token });
  const loginAnswer = (user: TestUser) =>
    call(app, 'POST', '/login', { body: { username: user.username, password: user.password } });
  const approve = async (employeeId: string, positionId: string) => {
    const response = await call(app, 'POST', `/employee/${employeeId}/approve-access`, {
      token: hr2.token,
      body: { position_id: positionId },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const expectAwaitingApproval = async (user: TestUser) => {
    const refused = await loginAnswer(user);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json<{ detail: string }>().detail).toBe(ACCESS_AWAITING_APPROVAL_MESSAGE);
  };
  const listedRole = async (user: TestUser) =>
    (await accountsRepository.listAccounts(database.db)).find((a) => a.username === user.username)
      ?.role;

  it('Doctor → Porter: the old token is refused at once and login is refused with a reason', async () => {
    expect((await clinicalRead(doctor.token)).statusCode).toBe(200);

    const answer = await moveTo(doctor.recordId, 'P010');
    expect(answer.position_id).toBe('P010');
    expect(answer.sessions_revoked).toBe(1);

    const ended = await clinicalRead(doctor.token);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toMatchObject({ session_ended: SESSION_ENDED_BY_HOSPITAL });
    expect((await call(app, 'GET', '/profile', { token: doctor.token })).statusCode).toBe(401);
    const refused = await loginAnswer(doctor);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json<{ detail: string }>().detail).toBe(POSITION_WITHOUT_PORTAL_ACCESS_MESSAGE);
    // The admin tool's list says the account has no role to use.
    expect(await listedRole(doctor)).toBe('no portal role');
  });

  it('Porter → Doctor again: once a second HR person approves, login gives medical_personnel back', async () => {
    await moveTo(doctor.recordId, 'P010');
    expect((await moveTo(doctor.recordId, 'P001')).sessions_revoked).toBe(0);
    await expectAwaitingApproval(doctor);
    expect(await listedRole(doctor)).toBe('awaiting approval');
    await approve(doctor.recordId, 'P001');
    const token = await login(app, doctor.username, doctor.password);
    expect((await clinicalRead(token)).statusCode).toBe(200);
    expect(await listedRole(doctor)).toBe('medical_personnel');
  });

  it('Doctor → Nurse: the same role, so the session goes on', async () => {
    const answer = await moveTo(doctor.recordId, 'P002');
    expect(answer.sessions_revoked).toBe(0);
    expect((await clinicalRead(doctor.token)).statusCode).toBe(200);
    expect((await loginAnswer(doctor)).json<{ role: string }>().role).toBe('medical_personnel');
  });

  it('Doctor → HR: the sessions end, and once approved login gives the role HR', async () => {
    const answer = await moveTo(doctor.recordId, 'HR');
    expect(answer.position_id).toBe('P011');
    expect(answer.sessions_revoked).toBe(1);
    expect((await clinicalRead(doctor.token)).statusCode).toBe(401);
    await expectAwaitingApproval(doctor);
    await approve(doctor.recordId, 'P011');

    const fresh = await loginAnswer(doctor);
    expect(fresh.statusCode, fresh.body).toBe(200);
    const { token, role } = fresh.json<{ token: string; role: string }>();
    expect(role).toBe('HR');
    expect((await call(app, 'GET', '/employee', { token })).statusCode).toBe(200);
    expect((await clinicalRead(token)).statusCode).toBe(403);
    expect(await listedRole(doctor)).toBe('HR');
  });

  it('derives the role from the position on every request, not from what was stored', async () => {
    // A change made behind the API's back (a database edit): the session check still sees it.
    await queryRows(
      database.db,
      sql`update employee set position_id = 'P010' where employee_id = ${doctor.recordId}`,
    );
    expect((await clinicalRead(doctor.token)).statusCode).toBe(401);
    expect((await loginAnswer(doctor)).statusCode).toBe(403);
    await queryRows(
      database.db,
      sql`update employee set position_id = 'P011' where employee_id = ${doctor.recordId}`,
    );
    // The token says medical_personnel; the position now says HR, which no second HR person
    // approved: the token is not honoured, and login waits for the approval.
    expect((await clinicalRead(doctor.token)).statusCode).toBe(401);
    await expectAwaitingApproval(doctor);
  });

  it('gives an open session no role while its role waits for approval (the per-request query)', async () => {
    // An HR person with an open HR session, whose HR access is made to wait for approval behind
    // the API's back (no revocation, the token's role still the position's): only the
    // per-request check stands between the session and the role.
    const other = await createUser(app, database, 'HR');
    expect((await call(app, 'GET', '/employee', { token: other.token })).statusCode).toBe(200);
    await queryRows(
      database.db,
      sql`update employee set access_role = null, access_requested_at = now(),
            access_approved_at = null
          where employee_id = ${other.recordId}`,
    );
    const refused = await call(app, 'GET', '/employee', { token: other.token });
    expect(refused.statusCode, refused.body).toBe(401);
    await expectAwaitingApproval(other);
    await approve(other.recordId, 'P011');
    expect((await call(app, 'GET', '/employee', { token: other.token })).statusCode).toBe(200);
  });
});

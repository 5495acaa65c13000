import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SESSION_ENDED_BY_HOSPITAL,
  SESSION_SIGNED_OUT,
  type SessionStatus,
} from '@portal/contract';
import { type Database } from '../db/database';
import {
  BACKENDS,
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  login,
} from '../test/harness';
import { auditOf, expectProblem, expectSuccess } from '../test/assertions';

// GET /session: each open tab's check that its session is still open (every 4 s).
describe.each(BACKENDS)('session status on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ app } = await createTestApp(database));
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const status = (token: string) => call(app, 'GET', '/session', { token });

  describe('GET /session', () => {
    it('answers an open session with its end, and audits nothing', async () => {
      const patient = await createUser(app, database, 'patient');
      const response = await status(patient.token);
      expectSuccess(response, 200);
      const body = response.json<SessionStatus>();
      expect(body.active).toBe(true);
      const endsIn = Date.parse(body.ends_at) - Date.now();
      expect(endsIn).toBeGreaterThan(11 * 3_600_000);
      expect(endsIn).toBeLessThanOrEqual(12 * 3_600_000);
      expect(await auditOf(database, response)).toEqual([]);
    });

    it('is refused without a token', async () => {
      expectProblem(await call(app, 'GET', '/session'), 401);
    });

    it('says signed_out to another session of a person who logged out of it elsewhere', async () => {
      const nurse = await createUser(app, database, 'medical_personnel');
      // A second session of the same person, as on another computer.
      const other = await login(app, nurse.username, nurse.password);
      expect((await call(app, 'POST', '/logout', { token: other })).statusCode).toBe(204);
      const ended = expectProblem(await status(other), 401);
      expect(ended.session_ended).toBe(SESSION_SIGNED_OUT);
      // The first session goes on.
      expectSuccess(await status(nurse.token), 200);
    });

    it('says by_hospital once HR ended the employee’s access', async () => {
      const hr = await createUser(app, database, 'HR');
      const nurse = await createUser(app, database, 'medical_personnel');
      const left = await call(app, 'PUT', '/employee/update-employee', {
        token: hr.token,
        body: {
          employee_id: nurse.recordId,
          work_status: 'no',
          resignation_date: new Date().toISOString().slice(0, 10),
        },
      });
      expectSuccess(left, 200);
      const ended = expectProblem(await status(nurse.token), 401);
      expect(ended.session_ended).toBe(SESSION_ENDED_BY_HOSPITAL);
    });

    it('counts its rate limit per session, not per address', async () => {
      const a = await createUser(app, database, 'patient');
      const b = await createUser(app, database, 'patient');
      for (let i = 0; i < 120; i++) expectSuccess(await status(a.token), 200);
      expectProblem(await status(a.token), 429);
      // Another session from the same address still gets its answers.
      expectSuccess(await status(b.token), 200);
    });
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import {
  BACKENDS,
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  newEmployee,
  newPatient,
  type TestUser,
} from '../test/harness';
import { expectProblem, expectSuccess } from '../test/assertions';

/** GET /patient/next-id and GET /employee/next-id, on each backend. */
describe.each(BACKENDS)('the next free ids on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let doctor: TestUser;
  let hr: TestUser;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ app } = await createTestApp(database));
    doctor = await createUser(app, database, 'medical_personnel');
    hr = await createUser(app, database, 'HR');
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  async function next(kind: 'patient' | 'employee', token: string): Promise<string> {
    const response = await call(app, 'GET', `/${kind}/next-id`, { token });
    expectSuccess(response, 200);
    return response.json<Record<string, string>>()[`${kind}_id`]!;
  }

  it('suggests the id after the highest patient id, which adding then takes; a clash is still 409', async () => {
    const suggested = await next('patient', doctor.token);
    expect(suggested).toMatch(/^P\d{3,}$/);
    const body = newPatient();
    body.patient.patient_id = suggested;
    expectSuccess(
      await call(app, 'POST', '/patient/add-patient', { token: doctor.token, body }),
      201,
    );
    const after = await next('patient', doctor.token);
    expect(Number(after.slice(1))).toBe(Number(suggested.slice(1)) + 1);
    const again = newPatient();
    again.patient.patient_id = suggested;
    expectProblem(
      await call(app, 'POST', '/patient/add-patient', { token: doctor.token, body: again }),
      409,
      'patient.patient_id',
    );
  });

  it('counts the digits as a number and pads to three', async () => {
    const body = newPatient();
    body.patient.patient_id = 'P0999999';
    expectSuccess(
      await call(app, 'POST', '/patient/add-patient', { token: doctor.token, body }),
      201,
    );
    expect(await next('patient', doctor.token)).toBe('P1000000');
  });

  it('suggests the id after the highest employee id', async () => {
    const suggested = await next('employee', hr.token);
    expect(suggested).toMatch(/^E\d{3,}$/);
    const body = { ...newEmployee(), employee_id: suggested };
    expectSuccess(
      await call(app, 'POST', '/employee/add-employee', { token: hr.token, body }),
      201,
    );
    expect(Number((await next('employee', hr.token)).slice(1))).toBe(
      Number(suggested.slice(1)) + 1,
    );
  });

  it('is for the role that adds: medical personnel for patients, HR for employees', async () => {
    expectProblem(await call(app, 'GET', '/patient/next-id', { token: hr.token }), 403);
    expectProblem(await call(app, 'GET', '/employee/next-id', { token: doctor.token }), 403);
  });
});

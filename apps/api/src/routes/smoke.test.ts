import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { call, createTestApp, createTestDatabase, createUser, newPatient } from '../test/harness';

describe('smoke', () => {
  let database: Database;
  let app: Awaited<ReturnType<typeof createTestApp>>['app'];
  beforeAll(async () => {
    database = await createTestDatabase();
    ({ app } = await createTestApp(database));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('lets a doctor add and read a patient', async () => {
    const doctor = await createUser(app, database, 'medical_personnel');
    const body = newPatient();
    const added = await call(app, 'POST', '/patient/add-patient', { token: doctor.token, body });
    expect(added.statusCode).toBe(201);
    const read = await call(app, 'GET', `/patient/${body.patient.patient_id}`, {
      token: doctor.token,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().patient.last_name).toBe(body.patient.last_name);
  });
});

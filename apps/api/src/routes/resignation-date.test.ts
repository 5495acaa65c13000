/**
 * `work_status: "yes"` clears the resignation date (the product decisions):
 * someone working here has none. A date sent together with `yes` is dropped rather than refused,
 * because the spec's edit form sends the whole form — date field and all — when HR takes a
 * leaver back.
 */
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
  type TestUser,
} from '../test/harness';

describe.each(BACKENDS)('the resignation date of someone working here, on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let hr: TestUser;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ app } = await createTestApp(database));
    hr = await createUser(app, database, 'HR');
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const add = async (overrides: Record<string, unknown>) => {
    const body = newEmployee(overrides);
    const response = await call(app, 'POST', '/employee/add-employee', { token: hr.token, body });
    expect(response.statusCode, response.body).toBe(201);
    return body.employee_id;
  };
  const update = (body: Record<string, unknown>) =>
    call(app, 'PUT', '/employee/update-employee', { token: hr.token, body });
  const stored = async (employeeId: string) =>
    (await call(app, 'GET', `/employee/${employeeId}`, { token: hr.token })).json<{
      work_status: string;
      resignation_date: string | null;
    }>();

  it('is cleared when a leaver is taken back with work_status yes', async () => {
    const id = await add({ work_status: 'no', resignation_date: '2024-05-01' });
    expect((await stored(id)).resignation_date).toBe('2024-05-01');

    const response = await update({ employee_id: id, work_status: 'yes' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ work_status: 'yes', resignation_date: null });
    expect(await stored(id)).toMatchObject({ work_status: 'yes', resignation_date: null });
  });

  it('is not stored when sent with work_status yes on an edit (the whole form sent back)', async () => {
    const id = await add({ work_status: 'no', resignation_date: '2024-05-01' });
    const response = await update({
      employee_id: id,
      work_status: 'yes',
      resignation_date: '2024-05-01',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await stored(id)).toMatchObject({ work_status: 'yes', resignation_date: null });
  });

  it('is not stored when sent alone for someone still working here', async () => {
    const id = await add({ work_status: 'yes' });
    const response = await update({ employee_id: id, resignation_date: '2025-02-01' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await stored(id)).toMatchObject({ work_status: 'yes', resignation_date: null });
  });

  it('is not stored when a new employee is added with work_status yes and a date', async () => {
    const id = await add({ work_status: 'yes', resignation_date: '2025-02-01' });
    expect(await stored(id)).toMatchObject({ work_status: 'yes', resignation_date: null });
  });

  it('is still required for work_status no, and kept', async () => {
    const id = await add({ work_status: 'yes' });
    const refused = await update({ employee_id: id, work_status: 'no' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe(
      'resignation_date',
    );
    const response = await update({
      employee_id: id,
      work_status: 'no',
      resignation_date: '2025-03-01',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await stored(id)).toMatchObject({ work_status: 'no', resignation_date: '2025-03-01' });
  });
});

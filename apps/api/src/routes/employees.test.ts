import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_AWAITING_APPROVAL_MESSAGE,
  type AddEmployeeResponse,
  type Employee,
  employeeListSchema,
  type UpdateEmployeeResponse,
} from '@portal/contract';
import { type Database } from '../db/database';
import {
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  GOOD_PASSWORD,
  newEmployee,
  type TestUser,
  unique,
} from '../test/harness';
import { auditOf, CODE_FORMAT, expectProblem, expectSuccess } from '../test/assertions';

const DAY_MS = 86_400_000;
const EMPLOYEE_KEYS = [
  'access_pending',
  'department_name',
  'email',
  'employee_id',
  'first_name',
  'hire_date',
  'last_name',
  'phone_number',
  'position_id',
  'position_name',
  'registered',
  'resignation_date',
  'salary',
  'second_factor',
  'work_status',
];

let database: Database;
let app: FastifyInstance;
let hr: TestUser;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await createTestApp(database));
  hr = await createUser(app, database, 'HR');
});

afterAll(async () => {
  await app.close();
  await database.close();
});

/** Asserts the request wrote exactly one audit event, by the HR user, with these details. */
async function expectAudit(
  response: LightMyRequestResponse,
  action: string | string[],
  recordIds: string[],
  outcome = 'success',
  actor: TestUser = hr,
): Promise<void> {
  const events = await auditOf(database, response);
  expect(
    events
      .map((e) => ({ ...e, record_ids: e.record_ids && [...e.record_ids].sort() }))
      .sort((a, b) => a.action.localeCompare(b.action)),
  ).toEqual(
    [action].flat().map((each) => ({
      action: each,
      actor_username: actor.username,
      actor_role: 'HR',
      record_type: 'employee',
      record_ids: [...recordIds].sort(),
      outcome,
      address: '127.0.0.1',
    })),
  );
}

function postEmployee(body: object) {
  return call(app, 'POST', '/employee/add-employee', { token: hr.token, body });
}

async function addEmployee(overrides: Record<string, unknown> = {}) {
  const body = newEmployee(overrides);
  const response = await postEmployee(body);
  expectSuccess(response, 201);
  return { body, id: body.employee_id, created: response.json<AddEmployeeResponse>() };
}

async function getEmployee(id: string): Promise<Employee> {
  const response = await call(app, 'GET', `/employee/${id}`, { token: hr.token });
  expectSuccess(response, 200);
  return response.json<Employee>();
}

function updateEmployee(body: object) {
  return call(app, 'PUT', '/employee/update-employee', { token: hr.token, body });
}

/** Registers a staff account for an employee with a code; returns the response. */
function register(employeeId: string, code: string, role = 'medical_personnel') {
  return call(app, 'POST', '/register', {
    body: {
      username: `staff${unique()}`,
      password: GOOD_PASSWORD,
      role,
      id: employeeId,
      activation_code: code,
    },
  });
}

function expectFreshCode(code: {
  activation_code: string | null;
  activation_code_expires_at: string | null;
}) {
  expect(code.activation_code).toMatch(CODE_FORMAT);
  const expiresIn = Date.parse(code.activation_code_expires_at ?? '') - Date.now();
  expect(expiresIn).toBeGreaterThan(30 * DAY_MS - DAY_MS / 24);
  expect(expiresIn).toBeLessThan(30 * DAY_MS + DAY_MS / 24);
}

describe('GET /employee', () => {
  let added: string[];
  beforeAll(async () => {
    added = [];
    // Enough records for more than one default page of 50.
    for (let i = 0; i < 52; i++) added.push((await addEmployee()).id);
  });

  it('answers a page of 50 by default with the total and the next page in headers', async () => {
    const response = await call(app, 'GET', '/employee', { token: hr.token });
    expectSuccess(response, 200);
    const items = response.json<Employee[]>();
    expect(items).toHaveLength(50);
    expect(Number(response.headers['x-total-count'])).toBeGreaterThanOrEqual(53);
    const cursor = response.headers['x-next-cursor'];
    expect(typeof cursor).toBe('string');
    expect(response.headers['link']).toBe(`</api/employee?cursor=${String(cursor)}>; rel="next"`);
    expect(employeeListSchema.safeParse(items).error).toBeUndefined();
    for (const item of items) expect(Object.keys(item).sort()).toEqual(EMPLOYEE_KEYS);
    const nurse = items.find((e) => e.employee_id === added[0]);
    expect(nurse).toMatchObject({
      position_id: 'P002',
      position_name: 'Nurse',
      department_name: 'Nursing',
    });
    await expectAudit(
      response,
      'employee.list',
      items.map((e) => e.employee_id),
    );
  });

  it("sends the database's JSON as it is: exactly what the contract's schema and GET /employee/:id give", async () => {
    // The page's records are passed through as PostgreSQL built them, not parsed and
    // serialised again: they must be what the schema would have sent, key for key.
    for (const response of [
      await call(app, 'GET', '/employee?limit=5', { token: hr.token }),
      await call(app, 'GET', '/employee?limit=5&sort=name&order=desc', { token: hr.token }),
      await call(app, 'POST', '/employee/search-employee?limit=5', {
        token: hr.token,
        body: { first_name: '', last_name: '', employee_id: '' },
      }),
    ]) {
      expectSuccess(response, 200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const items = response.json<Employee[]>();
      expect(items).toHaveLength(5);
      expect(employeeListSchema.parse(items)).toStrictEqual(items);
      for (const item of items) {
        const one = await call(app, 'GET', `/employee/${item.employee_id}`, { token: hr.token });
        expect(one.json()).toStrictEqual(item);
      }
    }
  });

  it('honours limit, and walking the cursor returns every record exactly once', async () => {
    const first = await call(app, 'GET', '/employee?limit=6', { token: hr.token });
    expectSuccess(first, 200);
    const total = Number(first.headers['x-total-count']);
    const seen = first.json<Employee[]>().map((e) => e.employee_id);
    expect(seen).toHaveLength(6);
    let link = first.headers['link'] as string | undefined;
    let pages = 1;
    while (link) {
      const path = /^<\/api(\/employee\?[^>]+)>; rel="next"$/.exec(link)?.[1];
      expect(path).toContain('limit=6');
      const page = await call(app, 'GET', path!, { token: hr.token });
      expectSuccess(page, 200);
      expect(Number(page.headers['x-total-count'])).toBe(total);
      const items = page.json<Employee[]>();
      expect(items.length).toBeGreaterThan(0);
      expect(items.length).toBeLessThanOrEqual(6);
      seen.push(...items.map((e) => e.employee_id));
      link = page.headers['link'] as string | undefined;
      if (!link) expect(page.headers['x-next-cursor']).toBeUndefined();
      pages += 1;
      expect(pages).toBeLessThan(100);
    }
    expect(pages).toBe(Math.ceil(total / 6));
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect(seen).toEqual(expect.arrayContaining([...added, hr.recordId]));
  });

  it('answers null position and department names for an employee without a position', async () => {
    const { id } = await addEmployee({ position_id: null });
    const response = await call(app, 'GET', '/employee?limit=200', { token: hr.token });
    expectSuccess(response, 200);
    expect(response.headers['x-next-cursor']).toBeUndefined();
    expect(response.headers['link']).toBeUndefined();
    expect(response.json<Employee[]>().find((e) => e.employee_id === id)).toMatchObject({
      position_id: null,
      position_name: null,
      department_name: null,
    });
  });

  it.each(['201', '0', 'many', '1.5'])('refuses limit=%s naming limit', async (limit) => {
    const response = await call(app, 'GET', `/employee?limit=${limit}`, { token: hr.token });
    expectProblem(response, 400, 'limit');
  });

  it.each(['!!', 'bm90LWEtY3Vyc29y', ''])('refuses cursor=%s naming cursor', async (cursor) => {
    const response = await call(app, 'GET', `/employee?cursor=${encodeURIComponent(cursor)}`, {
      token: hr.token,
    });
    expectProblem(response, 400, 'cursor');
  });
});

describe('GET /employee/:id', () => {
  it('answers the employee with position and department names', async () => {
    const { body, id } = await addEmployee({ position_id: 'P001', salary: 98000 });
    const response = await call(app, 'GET', `/employee/${id}`, { token: hr.token });
    expectSuccess(response, 200);
    expect(response.json()).toEqual({
      ...body,
      position_name: 'Doctor',
      department_name: 'Medicine',
      registered: false,
      second_factor: false,
      // A new doctor's access waits for a second HR person.
      access_pending: true,
    });
    await expectAudit(response, 'employee.read', [id]);
  });

  it('says whether the employee has registered an account', async () => {
    const { id, created } = await addEmployee({ position_id: 'P011' });
    expect((await getEmployee(id)).registered).toBe(false);
    const registered = await register(id, created.activation_code!, 'HR');
    expect(registered.statusCode, registered.body).toBe(201);
    expect((await getEmployee(id)).registered).toBe(true);
  });

  it('accepts a lower-case id and answers it upper-cased', async () => {
    const { id } = await addEmployee();
    expect((await getEmployee(id.toLowerCase())).employee_id).toBe(id);
  });

  it('answers 404 for an unknown employee and audits the failed read', async () => {
    const response = await call(app, 'GET', '/employee/E999999999', { token: hr.token });
    expectProblem(response, 404);
    await expectAudit(response, 'employee.read', ['E999999999'], 'failure');
  });

  it.each(['P001', 'E1', 'E12345678901'])('refuses the malformed id %s', async (id) => {
    const response = await call(app, 'GET', `/employee/${id}`, { token: hr.token });
    expectProblem(response, 400, 'employee_id');
  });
});

describe('POST /employee/search-employee', () => {
  const tag = `Srch${unique()}x`;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const people = {
      anna: { first_name: 'Annabelle', last_name: `Whitmore${tag}` },
      hanna: { first_name: 'Hannah', last_name: `Brandt${tag}` },
      annaB: { first_name: 'Anna', last_name: `Brandt${tag}` },
      percent: { first_name: 'Per%cent', last_name: `Sign${tag}` },
      underscore: { first_name: 'Per_cent', last_name: `Sign${tag}` },
      plain: { first_name: 'Perxcent', last_name: `Sign${tag}` },
    };
    for (const [key, names] of Object.entries(people)) ids[key] = (await addEmployee(names)).id;
    // A short id so that a start-of-id match can be told from an any-part one.
    ids['short'] = (
      await addEmployee({ employee_id: 'E001', first_name: 'Short', last_name: `Ident${tag}` })
    ).id;
  });

  async function search(criteria: object, query = ''): Promise<LightMyRequestResponse> {
    const response = await call(app, 'POST', `/employee/search-employee${query}`, {
      token: hr.token,
      body: criteria,
    });
    expectSuccess(response, 200);
    return response;
  }

  const idsOf = (response: LightMyRequestResponse) =>
    response
      .json<Employee[]>()
      .map((e) => e.employee_id)
      .sort();

  it('matches any part of the first name, ignoring case, and audits the search', async () => {
    const response = await search({ first_name: 'ANNA', last_name: tag });
    expect(idsOf(response)).toEqual([ids['anna'], ids['hanna'], ids['annaB']].sort());
    expect(response.headers['x-total-count']).toBe('3');
    for (const item of response.json<Employee[]>()) {
      expect(Object.keys(item).sort()).toEqual(EMPLOYEE_KEYS);
    }
    await expectAudit(response, 'employee.search', idsOf(response));
  });

  it('matches any part of the last name, ignoring case', async () => {
    const response = await search({ last_name: `RANDT${tag}`.toLowerCase() });
    expect(idsOf(response)).toEqual([ids['hanna'], ids['annaB']].sort());
  });

  it('ANDs the non-empty criteria and ignores empty ones', async () => {
    const both = await search({ employee_id: '', first_name: 'hann', last_name: `brandt${tag}` });
    expect(idsOf(both)).toEqual([ids['hanna']]);
    const none = await search({ first_name: 'Hannah', last_name: `Whitmore${tag}` });
    expect(idsOf(none)).toEqual([]);
  });

  it('matches the start of the employee id, not any part of it', async () => {
    const start = await search({ employee_id: 'E00', last_name: tag });
    expect(idsOf(start)).toContain('E001');
    const lower = await search({ employee_id: 'e001', last_name: `Ident${tag}` });
    expect(idsOf(lower)).toEqual(['E001']);
    const middle = await search({ employee_id: '001' });
    expect(idsOf(middle)).toEqual([]);
    const exact = await search({ employee_id: ids['plain']! });
    expect(idsOf(exact)).toEqual([ids['plain']]);
  });

  it('treats LIKE wildcards in the input as the characters themselves', async () => {
    expect(idsOf(await search({ first_name: 'r%c', last_name: tag }))).toEqual([ids['percent']]);
    expect(idsOf(await search({ first_name: 'r_c', last_name: tag }))).toEqual([ids['underscore']]);
    expect(idsOf(await search({ employee_id: 'E_01' }))).toEqual([]);
    expect(idsOf(await search({ employee_id: '%' }))).toEqual([]);
  });

  it('answers every employee when all criteria are empty', async () => {
    const all = await call(app, 'GET', '/employee', { token: hr.token });
    const total = all.headers['x-total-count'];
    expect(Number(total)).toBeGreaterThan(7);
    for (const criteria of [{}, { employee_id: '', first_name: '', last_name: ' ' }]) {
      const response = await search(criteria);
      expect(response.headers['x-total-count']).toBe(total);
      expect(response.json<unknown[]>()).toHaveLength(Math.min(50, Number(total)));
    }
  });

  it('answers an empty list with 200 when nothing matches', async () => {
    const response = await search({ first_name: `Nobody${tag}` });
    expect(response.json()).toEqual([]);
    expect(response.headers['x-total-count']).toBe('0');
    expect(response.headers['x-next-cursor']).toBeUndefined();
  });

  it('pages its answers like the list', async () => {
    const first = await search({ last_name: tag }, '?limit=5');
    expect(first.headers['x-total-count']).toBe('7');
    const cursor = String(first.headers['x-next-cursor']);
    expect(first.headers['link']).toBe(
      `</api/employee/search-employee?limit=5&cursor=${cursor}>; rel="next"`,
    );
    const second = await search({ last_name: tag }, `?limit=5&cursor=${cursor}`);
    expect(second.json<unknown[]>()).toHaveLength(2);
    expect([...idsOf(first), ...idsOf(second)].sort()).toEqual(Object.values(ids).sort());
  });

  it('refuses a bad limit and criteria that are not strings', async () => {
    const limit = await call(app, 'POST', '/employee/search-employee?limit=1000', {
      token: hr.token,
      body: {},
    });
    expectProblem(limit, 400, 'limit');
    const criteria = await call(app, 'POST', '/employee/search-employee', {
      token: hr.token,
      body: { last_name: ['a'] },
    });
    expectProblem(criteria, 400, 'last_name');
  });
});

describe('POST /employee/add-employee', () => {
  it.each(['P001', 'P002', 'P011'])(
    'creates an employee at %s with a 30-day activation code',
    async (position) => {
      const body = newEmployee({ position_id: position });
      const response = await postEmployee(body);
      expectSuccess(response, 201);
      const created = response.json<AddEmployeeResponse>();
      expect(Object.keys(created).sort()).toEqual([
        'access_pending',
        'activation_code',
        'activation_code_expires_at',
        'employee_id',
      ]);
      expect(created.employee_id).toBe(body.employee_id);
      expect(created.access_pending).toBe(true);
      expectFreshCode(created);
      // The add, and the request for a second HR person's approval it makes, with the actor.
      await expectAudit(
        response,
        ['employee.access.request', 'employee.create'],
        [body.employee_id],
      );
      expect(await getEmployee(body.employee_id)).toMatchObject({
        ...body,
        registered: false,
      });
    },
  );

  it.each([
    ['a position without portal access', { position_id: 'P008' }, 'P008', 'Accountant'],
    ['no position', { position_id: undefined }, null, null],
    ['an empty position', { position_id: '' }, null, null],
    ['a null position', { position_id: null }, null, null],
  ])(
    'creates an employee with %s and no activation code',
    async (_what, overrides, stored, name) => {
      const { id, created } = await addEmployee(overrides);
      expect(created).toEqual({
        employee_id: id,
        activation_code: null,
        activation_code_expires_at: null,
        access_pending: false,
      });
      const employee = await getEmployee(id);
      expect(employee.position_id).toBe(stored);
      expect(employee.position_name).toBe(name);
    },
  );

  it('gives no activation code to an employee who has already left', async () => {
    const { created } = await addEmployee({
      position_id: 'P001',
      work_status: 'no',
      resignation_date: '2021-06-30',
    });
    expect(created.activation_code).toBeNull();
  });

  it.each([
    ['nurse', 'P002', 'Nurse'],
    ['DOCTOR', 'P001', 'Doctor'],
    ['HR', 'P011', 'HR'],
    ['hr', 'P011', 'HR'],
    ['p002', 'P002', 'Nurse'],
  ])('takes the position %s and stores %s', async (position, stored, name) => {
    const { id, created } = await addEmployee({ position_id: position });
    expect(created.activation_code).toMatch(CODE_FORMAT);
    expect(await getEmployee(id)).toMatchObject({ position_id: stored, position_name: name });
  });

  it('takes the salary as an integer string, and work status yes when absent', async () => {
    const body = newEmployee({ salary: '45000' });
    const { work_status: _w, ...withoutStatus } = body;
    const response = await postEmployee(withoutStatus);
    expectSuccess(response, 201);
    expect(await getEmployee(body.employee_id)).toMatchObject({
      salary: 45000,
      work_status: 'yes',
      resignation_date: null,
    });
  });

  it('takes an employee who left with a resignation date on or after the hire date', async () => {
    const { id } = await addEmployee({
      hire_date: '2020-01-15',
      resignation_date: '2020-01-15',
      work_status: 'no',
    });
    expect(await getEmployee(id)).toMatchObject({
      hire_date: '2020-01-15',
      resignation_date: '2020-01-15',
      work_status: 'no',
    });
  });

  it.each([
    'employee_id',
    'first_name',
    'last_name',
    'phone_number',
    'salary',
    'email',
    'hire_date',
  ])('refuses an employee without %s, naming it', async (field) => {
    const body: Record<string, unknown> = newEmployee();
    delete body[field];
    expectProblem(await postEmployee(body), 400, field);
  });

  it.each([
    ['a fractional salary', { salary: 3.5 }, 'salary'],
    ['a fractional salary as text', { salary: '3.5' }, 'salary'],
    ['a negative salary', { salary: -1 }, 'salary'],
    ['a salary that is no number', { salary: 'lots' }, 'salary'],
    ['work status no without a resignation date', { work_status: 'no' }, 'resignation_date'],
    [
      'a resignation before the hire date',
      { hire_date: '2020-01-15', resignation_date: '2020-01-14', work_status: 'no' },
      'resignation_date',
    ],
    [
      'a resignation before the hire date while still working',
      { hire_date: '2020-01-15', resignation_date: '2019-12-31' },
      'resignation_date',
    ],
    ['an email at another domain', { email: 'kanya@yahoo.com' }, 'email'],
    ['an email that is not one', { email: 'kanya' }, 'email'],
    ['an unknown position', { position_id: 'janitor' }, 'position_id'],
    ['a position id not in the list', { position_id: 'P099' }, 'position_id'],
    ['a work status not yes or no', { work_status: 'maybe' }, 'work_status'],
    ['a hire date that is no date', { hire_date: '2020-02-30' }, 'hire_date'],
    ['a malformed employee id', { employee_id: 'P123' }, 'employee_id'],
    ['a blank last name', { last_name: ' ' }, 'last_name'],
  ])('refuses %s', async (_what, overrides, field) => {
    expectProblem(await postEmployee(newEmployee(overrides)), 400, field);
  });

  it('answers 409 naming employee_id for an employee id in use', async () => {
    const { id } = await addEmployee();
    const response = await postEmployee(newEmployee({ employee_id: id.toLowerCase() }));
    const problem = expectProblem(response, 409, 'employee_id');
    expect(problem.errors).toHaveLength(1);
  });
});

describe('PUT /employee/update-employee', () => {
  it('changes only the fields sent', async () => {
    const { id } = await addEmployee();
    const before = await getEmployee(id);
    const response = await updateEmployee({
      employee_id: id,
      first_name: 'Pim',
      salary: '51000',
    });
    expectSuccess(response, 200);
    const expected = { ...before, first_name: 'Pim', salary: 51000 };
    expect(response.json()).toEqual({ ...expected, sessions_revoked: 0 });
    expect(await getEmployee(id)).toEqual(expected);
    await expectAudit(response, 'employee.update', [id]);
  });

  it('leaves the salary as it is when a whole edit form is sent with salary 0 (a blank number)', async () => {
    const { id } = await addEmployee({ salary: 48000 });
    const before = await getEmployee(id);
    const { position_name: _n, department_name: _d, registered: _r, ...form } = before;
    const response = await updateEmployee({ ...form, salary: 0, phone_number: '0899990000' });
    expectSuccess(response, 200);
    const expected = { ...before, phone_number: '0899990000' };
    expect(response.json()).toEqual({ ...expected, sessions_revoked: 0 });
    expect((await getEmployee(id)).salary).toBe(48000);
  });

  it('leaves a field sent empty as it is', async () => {
    const { id } = await addEmployee();
    const before = await getEmployee(id);
    const response = await updateEmployee({
      employee_id: id.toLowerCase(),
      first_name: '',
      last_name: ' ',
      position_id: '',
      phone_number: '',
      salary: '',
      email: '',
      hire_date: '',
      resignation_date: '',
      work_status: '',
    });
    expectSuccess(response, 200);
    expect(response.json()).toEqual({ ...before, sessions_revoked: 0 });
  });

  it.each([
    ['nurse', 'P002', 'Nurse', 'Nursing'],
    ['DOCTOR', 'P001', 'Doctor', 'Medicine'],
    ['HR', 'P011', 'HR', 'Human Resources'],
    ['P008', 'P008', 'Accountant', 'Finance'],
  ])('takes the position %s as %s', async (position, stored, name, department) => {
    const { id } = await addEmployee({ position_id: position === 'HR' ? 'P001' : 'P011' });
    const response = await updateEmployee({ employee_id: id, position_id: position });
    expectSuccess(response, 200);
    expect(response.json()).toMatchObject({
      position_id: stored,
      position_name: name,
      department_name: department,
    });
    expect(await getEmployee(id)).toMatchObject({ position_id: stored, position_name: name });
  });

  it('refuses work status no without a resignation date, and changes nothing', async () => {
    const { id } = await addEmployee();
    const before = await getEmployee(id);
    const response = await updateEmployee({ employee_id: id, work_status: 'no', first_name: 'X' });
    expectProblem(response, 400, 'resignation_date');
    expect(await getEmployee(id)).toEqual(before);
  });

  it('refuses a resignation before the stored hire date', async () => {
    const { id } = await addEmployee({ hire_date: '2020-01-15' });
    const response = await updateEmployee({
      employee_id: id,
      work_status: 'no',
      resignation_date: '2020-01-14',
    });
    expectProblem(response, 400, 'resignation_date');
    expect((await getEmployee(id)).work_status).toBe('yes');
  });

  it('refuses a hire date after the stored resignation date', async () => {
    const { id } = await addEmployee({
      hire_date: '2020-01-15',
      resignation_date: '2022-01-01',
      work_status: 'no',
    });
    const response = await updateEmployee({ employee_id: id, hire_date: '2022-01-02' });
    expectProblem(response, 400, 'resignation_date');
  });

  it('does not keep a resignation date sent with work status yes (yes clears it)', async () => {
    const { id } = await addEmployee({ hire_date: '2020-01-15', resignation_date: '2027-01-01' });
    const response = await updateEmployee({ employee_id: id, work_status: 'no' });
    expectProblem(response, 400);
    expect(response.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe(
      'resignation_date',
    );
  });

  it('ends every open session of a leaver at once, and lets them back when rehired', async () => {
    const doctor = await createUser(app, database, 'medical_personnel');
    expectSuccess(await call(app, 'GET', '/profile', { token: doctor.token }), 200);

    const response = await updateEmployee({
      employee_id: doctor.recordId,
      work_status: 'no',
      resignation_date: '2026-06-30',
    });
    expectSuccess(response, 200);
    const updated = response.json<UpdateEmployeeResponse>();
    expect(updated).toMatchObject({
      employee_id: doctor.recordId,
      work_status: 'no',
      resignation_date: '2026-06-30',
      registered: true,
    });
    expect(updated.sessions_revoked).toBe(1);
    await expectAudit(response, 'employee.update', [doctor.recordId]);

    expectProblem(await call(app, 'GET', '/profile', { token: doctor.token }), 401);
    const login = await call(app, 'POST', '/login', {
      body: { username: doctor.username, password: doctor.password },
    });
    expectProblem(login, 403);

    const back = await updateEmployee({ employee_id: doctor.recordId, work_status: 'yes' });
    expectSuccess(back, 200);
    expect(back.json<UpdateEmployeeResponse>().sessions_revoked).toBe(0);
    // A return to work gives clinical access again: a second HR person approves it first.
    expect(back.json<UpdateEmployeeResponse>().access_pending).toBe(true);
    await expectAudit(back, ['employee.access.request', 'employee.update'], [doctor.recordId]);
    const waiting = await call(app, 'POST', '/login', {
      body: { username: doctor.username, password: doctor.password },
    });
    expectProblem(waiting, 403);
    expect(waiting.json<{ detail: string }>().detail).toBe(ACCESS_AWAITING_APPROVAL_MESSAGE);
    const hr2 = await createUser(app, database, 'HR');
    expectSuccess(
      await call(app, 'POST', `/employee/${doctor.recordId}/approve-access`, {
        token: hr2.token,
        body: { position_id: 'P001' },
      }),
      200,
    );
    const again = await call(app, 'POST', '/login', {
      body: { username: doctor.username, password: doctor.password },
    });
    expectSuccess(again, 200);
  });

  it('answers 404 for an unknown employee', async () => {
    const response = await updateEmployee({ employee_id: 'E987654321', first_name: 'Nobody' });
    expectProblem(response, 404);
  });

  it.each([
    ['no employee id', { employee_id: undefined, first_name: 'A' }, 'employee_id'],
    ['a fractional salary', { salary: 3.5 }, 'salary'],
    ['an email at another domain', { email: 'x@yahoo.com' }, 'email'],
    ['an unknown position', { position_id: 'surgeon' }, 'position_id'],
    ['a work status not yes or no', { work_status: 'gone' }, 'work_status'],
    ['a resignation date that is no date', { resignation_date: '2020-13-01' }, 'resignation_date'],
  ])('refuses %s', async (_what, fields, field) => {
    const { id } = await addEmployee();
    expectProblem(await updateEmployee({ employee_id: id, ...fields }), 400, field);
  });
});

describe('POST /employee/:id/activation-code', () => {
  const reissue = (id: string) =>
    call(app, 'POST', `/employee/${id}/activation-code`, { token: hr.token });

  it('issues a new code that replaces the old one, and again once registered (a forgotten password)', async () => {
    const { id, created } = await addEmployee({ position_id: 'P001' });
    const response = await reissue(id.toLowerCase());
    expectSuccess(response, 201);
    const fresh = response.json<{ activation_code: string; activation_code_expires_at: string }>();
    expect(Object.keys(fresh).sort()).toEqual(['activation_code', 'activation_code_expires_at']);
    expectFreshCode(fresh);
    expect(fresh.activation_code).not.toBe(created.activation_code);
    // Whoever holds the new code could register as the employee: the access waits again.
    await expectAudit(
      response,
      ['employee.access.request', 'employee.activation-code.create'],
      [id],
    );

    expectProblem(await register(id, created.activation_code!), 400, 'activation_code');
    const registered = await register(id, fresh.activation_code);
    expect(registered.statusCode, registered.body).toBe(201);

    // Registered: a code resets the account's password, and its access waits for approval again.
    const forgotten = await reissue(id);
    expectSuccess(forgotten, 201);
    await expectAudit(
      forgotten,
      ['employee.access.request', 'employee.activation-code.create'],
      [id],
    );
  });

  it("refuses the caller's own record: their password is changed in My account", async () => {
    const own = await reissue(hr.recordId);
    expectProblem(own, 409, 'employee_id');
    expect(own.json<{ detail: string }>().detail).toBe('Change your own password in My account');
    // Another spelling of the same id is the same record.
    expectProblem(await reissue(hr.recordId.toLowerCase()), 409, 'employee_id');
    // The caller's session is untouched.
    expectSuccess(await call(app, 'GET', '/employee', { token: hr.token }), 200);
  });

  it.each([
    ['a resigned employee', { work_status: 'no', resignation_date: '2021-01-01' }],
    ['a position without portal access', { position_id: 'P008' }],
    ['no position', { position_id: null }],
  ])('answers 409 for %s', async (_what, overrides) => {
    const { id } = await addEmployee(overrides);
    expectProblem(await reissue(id), 409, 'employee_id');
  });

  it('answers 404 for an unknown employee and 400 for a malformed id', async () => {
    expectProblem(await reissue('E765432109'), 404);
    expectProblem(await reissue('P001'), 400, 'employee_id');
  });
});

describe('who may call', () => {
  it('answers 401 without a token and 403 to medical personnel', async () => {
    expectProblem(await call(app, 'GET', '/employee'), 401);
    const nurse = await createUser(app, database, 'medical_personnel');
    expectProblem(await call(app, 'GET', '/employee', { token: nurse.token }), 403);
  });
});

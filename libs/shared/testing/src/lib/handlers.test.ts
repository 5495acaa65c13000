import { describe, expect, it } from 'vitest';
import {
  accessLogSchema,
  addEmployeeResponseSchema,
  addYears,
  addPatientResponseSchema,
  appointmentResponseSchema,
  type ChartAppointment,
  type DayAppointment,
  employeeListSchema,
  employeeSchema,
  historyResponseSchema,
  MESSAGES,
  NEXT_CURSOR_HEADER,
  PROBLEM_CONTENT_TYPE,
  type PatientRecord,
  patientListSchema,
  patientRecordSchema,
  problemSchema,
  profileResponseSchema,
  registerResponseSchema,
  todayUtc,
  TOTAL_COUNT_HEADER,
  tokenResponseSchema,
  updateEmployeeResponseSchema,
  upcomingAppointmentListSchema,
} from '@portal/contract';
import {
  decodeFakeToken,
  makeAccessLog,
  makeAddEmployeeRequest,
  makeAddPatientRequest,
  makeFakeToken,
  makePatientRecord,
  makePatientSummary,
} from './factories';
import {
  createHandlers,
  emptyListHandler,
  handlers,
  MOCK_PASSWORD,
  networkErrorHandler,
  pendingHandler,
  problemHandler,
  recordBodies,
} from './handlers';
import { setupMswServer } from './msw-server';

const server = setupMswServer();

/** A JSON call to the mock API, as the api-client would make it. */
function api(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  return fetch(`http://localhost/api${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** The problem an error answer carries, checked against the contract. */
async function problemOf(response: Response) {
  expect(response.headers.get('content-type')).toContain(PROBLEM_CONTENT_TYPE);
  return problemSchema.parse(await response.json());
}

describe('patients', () => {
  it('lists every patient with the total and no next page by default', async () => {
    const response = await api('/patient');
    expect(response.status).toBe(200);
    expect(patientListSchema.parse(await response.json())).toHaveLength(24);
    expect(response.headers.get(TOTAL_COUNT_HEADER)).toBe('24');
    expect(response.headers.get(NEXT_CURSOR_HEADER)).toBeNull();
  });

  it('pages with ?limit and the cursor it hands out, to the last page', async () => {
    const first = await api('/patient?limit=10');
    const firstPage = patientListSchema.parse(await first.json());
    expect(firstPage.map((r) => r.patient.patient_id)[0]).toBe('P001');
    const cursor = first.headers.get(NEXT_CURSOR_HEADER);
    expect(cursor).toBeTruthy();
    expect(first.headers.get('link')).toContain(`cursor=${cursor}`);

    const second = await api(`/patient?limit=10&cursor=${cursor}`);
    expect(patientListSchema.parse(await second.json())[0]!.patient.patient_id).toBe('P011');
    const third = await api(`/patient?limit=10&cursor=${second.headers.get(NEXT_CURSOR_HEADER)}`);
    expect(await third.json()).toHaveLength(4);
    expect(third.headers.get(NEXT_CURSOR_HEADER)).toBeNull();
  });

  it('refuses a cursor it did not give out and a limit over the maximum', async () => {
    const badCursor = await api('/patient?cursor=nonsense');
    expect(badCursor.status).toBe(400);
    expect((await problemOf(badCursor)).errors).toEqual([
      { field: 'cursor', message: 'Unknown cursor' },
    ]);
    const badLimit = await api('/patient?limit=500');
    expect((await problemOf(badLimit)).errors?.[0]?.field).toBe('limit');
  });

  it('answers one record, and 404 for an unknown id', async () => {
    const found = await api('/patient/P003');
    expect(patientRecordSchema.parse(await found.json()).patient.patient_id).toBe('P003');
    const missing = await api('/patient/P999');
    expect(missing.status).toBe(404);
    expect((await problemOf(missing)).detail).toBe('No patient with ID P999');
  });

  it('searches case-insensitively by any part of a name and the start of an id', async () => {
    const all = patientListSchema.parse(await (await api('/patient')).json());
    const someone = all[4]!.patient;
    const part = someone.last_name.slice(1, 4).toUpperCase();
    const response = await api('/patient/search-patient', { body: { last_name: part } });
    const found = patientListSchema.parse(await response.json());
    expect(found.map((r) => r.patient.patient_id)).toContain(someone.patient_id);
    expect(found.every((r) => r.patient.last_name.toUpperCase().includes(part))).toBe(true);
    expect(response.headers.get(TOTAL_COUNT_HEADER)).toBe(String(found.length));

    const byId = await api('/patient/search-patient', { body: { patient_id: 'p02' } });
    expect(patientListSchema.parse(await byId.json()).map((r) => r.patient.patient_id)).toEqual([
      'P020',
      'P021',
      'P022',
      'P023',
      'P024',
    ]);
    const nothing = await api('/patient/search-patient', { body: { first_name: 'Zzyzx' } });
    expect(await nothing.json()).toEqual([]);
  });

  it('adds a patient, answers its activation code, and finds it afterwards', async () => {
    const request = makeAddPatientRequest({
      patient: { patient_id: 'P100', id_card_number: 'X-100' },
    });
    const response = await api('/patient/add-patient', { body: request });
    expect(response.status).toBe(201);
    expect(addPatientResponseSchema.parse(await response.json()).patient_id).toBe('P100');
    const record = patientRecordSchema.parse(await (await api('/patient/P100')).json());
    expect(record.patient.first_name).toBe(request.patient.first_name);
    expect(record.patient_appointment).toEqual({ date: '', time: '', topic: null });
  });

  it('restores its data after each test', async () => {
    expect((await api('/patient/P100')).status).toBe(404);
  });

  it('refuses a duplicate patient id with 409 naming the field', async () => {
    const response = await api('/patient/add-patient', { body: makeAddPatientRequest() });
    expect(response.status).toBe(409);
    expect((await problemOf(response)).errors).toEqual([
      { field: 'patient.patient_id', message: 'A patient with this Patient ID already exists' },
    ]);
  });

  it('refuses an ID card number that differs only in case, as the server does (409)', async () => {
    const existing = patientRecordSchema.parse(await (await api('/patient/P003')).json());
    const card = existing.patient.id_card_number;
    const request = makeAddPatientRequest({
      patient: { patient_id: 'P102', id_card_number: `${card}x` },
    });
    expect((await api('/patient/add-patient', { body: request })).status).toBe(201);
    const clash = await api('/patient/add-patient', {
      body: makeAddPatientRequest({ patient: { patient_id: 'P103', id_card_number: `${card}X` } }),
    });
    expect(clash.status).toBe(409);
    const edit = await api('/patient/update-patient', {
      method: 'PUT',
      body: { patient: { patient_id: 'P002', id_card_number: `${card}X` } },
    });
    expect((await problemOf(edit)).errors?.map((e) => e.field)).toEqual(['patient.id_card_number']);
  });

  it('checks an edited age against the stored date of birth, as the server does (400)', async () => {
    const stored = patientRecordSchema.parse(await (await api('/patient/P002')).json()).patient;
    const response = await api('/patient/update-patient', {
      method: 'PUT',
      body: { patient: { patient_id: 'P002', age: stored.age > 60 ? 1 : 119 } },
    });
    expect(response.status).toBe(400);
    expect((await problemOf(response)).errors?.map((e) => e.field)).toEqual(['patient.age']);
    const birth = await api('/patient/update-patient', {
      method: 'PUT',
      body: { patient: { patient_id: 'P002', date_of_birth: '1900-01-01' } },
    });
    expect((await problemOf(birth)).errors?.map((e) => e.field)).toEqual(['patient.date_of_birth']);
  });

  it('refuses an invalid body with 400 and the contract messages, by dotted path', async () => {
    const request = makeAddPatientRequest({
      patient: { patient_id: 'P101', email: 'a@yahoo.com' },
    });
    const response = await api('/patient/add-patient', {
      body: { ...request, patient: { ...request.patient, age: 130 } },
    });
    expect(response.status).toBe(400);
    const problem = await problemOf(response);
    expect(problem.errors).toEqual(
      expect.arrayContaining([
        { field: 'patient.age', message: 'Age must be at most 120' },
        {
          field: 'patient.email',
          message: 'Email must end in @gmail.com, @hotmail.com, @email.com',
        },
      ]),
    );
    expect(problem.detail).toMatch(/^patient\.(age|email): /);
    const notJson = await fetch('http://localhost/api/patient/add-patient', {
      method: 'POST',
      body: '{',
    });
    expect((await problemOf(notJson)).detail).toBe('The request body is not valid JSON');
  });

  it('updates only what it is sent', async () => {
    const before = patientRecordSchema.parse(await (await api('/patient/P002')).json());
    const response = await api('/patient/update-patient', {
      method: 'PUT',
      body: {
        patient: { patient_id: 'P002', first_name: 'Anong', last_name: '' },
        patient_drug_allergy: [],
      },
    });
    const after = patientRecordSchema.parse(await response.json());
    expect(after.patient).toEqual({ ...before.patient, first_name: 'Anong' });
    expect(after.patient_drug_allergy).toEqual([]);
    expect(after.patient_chronic_disease).toEqual(before.patient_chronic_disease);
  });

  it('adds an appointment (time answered with seconds) that becomes the latest', async () => {
    // Three years ahead: after every factory appointment, within the ten years allowed.
    const date = addYears(todayUtc(), 3);
    const body = { patient_id: 'P001', date, time: '10:30', topic: 'Follow-up' };
    const response = await api('/patient/add-patient-appointment', { body });
    expect(response.status).toBe(201);
    const booked = appointmentResponseSchema.parse(await response.json());
    expect(booked.time).toBe('10:30:00');
    const record = (await (await api('/patient/P001')).json()) as PatientRecord;
    expect(record.patient_appointment).toMatchObject({
      date,
      time: '10:30:00',
      topic: 'Follow-up',
      status: 'booked',
      duration_minutes: 15,
      recorded_by: booked.recorded_by,
      recorded_at: booked.recorded_at,
    });
    expect(record.patient_appointment.recorded_at).toEqual(expect.any(String));
  });

  it('adds a history entry, newest first, and refuses an unknown patient', async () => {
    // Today: after every factory entry (they precede FACTORY_NOW), and not in the future.
    const today = todayUtc();
    const body = { patient_id: 'P001', date: today, time: '09:00:00', detail: '' };
    const response = await api('/patient/add-patient-history', { body });
    expect(historyResponseSchema.parse(await response.json()).detail).toBeNull();
    const record = (await (await api('/patient/P001')).json()) as PatientRecord;
    expect(record.medical_history[0]).toMatchObject({
      date: today,
      time: '09:00:00',
      details: null,
      recorded_by: { employee_id: 'E001' },
    });
    const unknown = await api('/patient/add-patient-history', {
      body: { ...body, patient_id: 'P999' },
    });
    expect(unknown.status).toBe(404);
  });
});

describe('employees', () => {
  it('lists, searches and reads employees with position and department names', async () => {
    const list = employeeListSchema.parse(await (await api('/employee')).json());
    expect(list).toHaveLength(12);
    const found = await api('/employee/search-employee', { body: { employee_id: 'E00' } });
    expect(employeeListSchema.parse(await found.json())).toHaveLength(9);
    const hr = employeeSchema.parse(await (await api('/employee/E003')).json());
    expect(hr).toMatchObject({ position_name: 'HR', department_name: 'Human Resources' });
  });

  it('adds an employee with a code only for a position with portal access', async () => {
    const nurse = makeAddEmployeeRequest({ employee_id: 'E100', position_id: 'P002' });
    const withCode = addEmployeeResponseSchema.parse(
      await (await api('/employee/add-employee', { body: nurse })).json(),
    );
    expect(withCode.activation_code).toMatch(/^\w{4}-\w{4}-\w{4}$/);
    const porter = makeAddEmployeeRequest({ employee_id: 'E101', position_id: 'P010' });
    const withoutCode = addEmployeeResponseSchema.parse(
      await (await api('/employee/add-employee', { body: porter })).json(),
    );
    expect(withoutCode.activation_code).toBeNull();
    const stored = employeeSchema.parse(await (await api('/employee/E101')).json());
    expect(stored.position_name).toBe('Porter');
  });

  it('accepts the edit form position words and needs a resignation date for work status no', async () => {
    const refused = await api('/employee/update-employee', {
      method: 'PUT',
      body: { employee_id: 'E002', work_status: 'no' },
    });
    expect(refused.status).toBe(400);
    expect((await problemOf(refused)).errors).toEqual([
      { field: 'resignation_date', message: 'Resignation Date is required when work status is no' },
    ]);
    const updated = await api('/employee/update-employee', {
      method: 'PUT',
      body: {
        employee_id: 'E002',
        position_id: 'doctor',
        work_status: 'no',
        resignation_date: '2026-11-01',
      },
    });
    expect(updateEmployeeResponseSchema.parse(await updated.json())).toMatchObject({
      position_id: 'P001',
      position_name: 'Doctor',
      work_status: 'no',
      sessions_revoked: 1,
    });
  });
});

describe('accounts', () => {
  it('logs in a demo account with a token carrying its role, and refuses a wrong password', async () => {
    const ok = await api('/login', { body: { username: 'demo.nurse', password: MOCK_PASSWORD } });
    const { token, role } = tokenResponseSchema.parse(await ok.json());
    expect(role).toBe('medical_personnel');
    expect(decodeFakeToken(token)).toMatchObject({ role, employee_id: 'E002' });
    const wrong = await api('/login', { body: { username: 'demo.nurse', password: 'nope' } });
    expect(wrong.status).toBe(401);
    expect((await problemOf(wrong)).detail).toBe(MESSAGES.wrongCredentials);
  });

  it('registers an account once against an unregistered record', async () => {
    const patients = patientListSchema.parse(await (await api('/patient')).json());
    const waiting = patients.find((p) => !p.registered)!.patient.patient_id;
    const body = {
      username: 'new.patient',
      password: 'a-long-enough-password',
      role: 'patient',
      id: waiting,
      activation_code: 'ABCD-EFGH-JKMN',
    };
    const created = await api('/register', { body });
    expect(created.status).toBe(201);
    expect(registerResponseSchema.parse(await created.json())).toEqual({
      username: 'new.patient',
      role: 'patient',
      id: waiting,
    });
    const again = await api('/register', { body: { ...body, username: 'other.name' } });
    expect(again.status).toBe(400);
    const login = await api('/login', {
      body: { username: 'new.patient', password: body.password },
    });
    expect(login.status).toBe(200);
    // A new code (a forgotten password): the same account takes the new name and password.
    const reset = await api('/register', {
      body: {
        ...body,
        username: 'renamed.patient',
        password: 'another-long-password',
        activation_code: 'PQRS-TVWX-YZ23',
      },
    });
    expect(reset.status).toBe(201);
    const renamed = await api('/login', {
      body: { username: 'renamed.patient', password: 'another-long-password' },
    });
    expect(renamed.status).toBe(200);
    expect(
      (await api('/login', { body: { username: 'new.patient', password: body.password } })).status,
    ).toBe(401);
  });

  it('answers the profile of the token, renews it, logs out, and reports health', async () => {
    const token = makeFakeToken({ role: 'HR' });
    const profile = profileResponseSchema.parse(await (await api('/profile', { token })).json());
    expect(profile).toEqual({
      username: 'demo.hr',
      role: 'HR',
      patient_id: null,
      employee_id: 'E003',
    });
    const renewed = await api('/renew', { method: 'POST', token });
    expect(tokenResponseSchema.parse(await renewed.json()).role).toBe('HR');
    expect((await api('/logout', { method: 'POST', token })).status).toBe(204);
    expect(await (await api('/health')).json()).toEqual({ status: 'ok' });
    expect(await (await api('/ready')).json()).toEqual({ status: 'ready' });
  });
});

describe("a patient's own lists", () => {
  it('answers the upcoming appointments of the token’s patient, paged, with new ones added', async () => {
    const token = makeFakeToken({ role: 'patient', patient_id: 'P001' });
    const response = await api('/profile/appointments', { token });
    const items = upcomingAppointmentListSchema.parse(await response.json());
    expect(items).toHaveLength(3);
    expect(response.headers.get(TOTAL_COUNT_HEADER)).toBe('3');
    const dates = items.map((a) => `${a.date} ${a.time}`);
    expect(dates).toEqual([...dates].sort());

    const date = addYears(todayUtc(), 1);
    await api('/patient/add-patient-appointment', {
      body: { patient_id: 'P001', date, time: '10:00', topic: 'Scan' },
    });
    const after = upcomingAppointmentListSchema.parse(
      await (await api('/profile/appointments', { token })).json(),
    );
    expect(after.at(-1)).toMatchObject({ date, time: '10:00:00', topic: 'Scan', status: 'booked' });
    const other = makeFakeToken({ role: 'patient', patient_id: 'P002' });
    expect(await (await api('/profile/appointments', { token: other })).json()).toEqual([]);
  });

  it('answers the access log newest first, paged with the cursor it hands out', async () => {
    const first = await api('/profile/access-log?limit=5');
    const page = accessLogSchema.parse(await first.json());
    expect(page).toEqual(makeAccessLog(12).slice(0, 5));
    expect(first.headers.get(TOTAL_COUNT_HEADER)).toBe('12');
    const cursor = first.headers.get(NEXT_CURSOR_HEADER);
    const second = await api(`/profile/access-log?limit=5&cursor=${cursor}`);
    expect(accessLogSchema.parse(await second.json())).toEqual(makeAccessLog(12).slice(5, 10));
  });

  it('takes the lists from the scenario, and refuses staff when checking auth', async () => {
    server.use(...createHandlers({ checkAuth: true, accessLog: {}, appointments: {} }));
    const patient = makeFakeToken({ role: 'patient', patient_id: 'P001' });
    expect(await (await api('/profile/access-log', { token: patient })).json()).toEqual([]);
    expect(await (await api('/profile/appointments', { token: patient })).json()).toEqual([]);
    const doctor = makeFakeToken({ role: 'medical_personnel' });
    expect((await api('/profile/access-log', { token: doctor })).status).toBe(403);
    expect((await api('/profile/appointments')).status).toBe(401);
  });
});

describe('checkAuth', () => {
  it('refuses a missing or expired token, the wrong role and another patient’s record', async () => {
    server.use(...createHandlers({ checkAuth: true }));
    expect((await api('/patient')).status).toBe(401);
    const expired = makeFakeToken({ role: 'medical_personnel', expiresInSeconds: -1 });
    expect((await api('/patient', { token: expired })).status).toBe(401);
    const patient = makeFakeToken({ role: 'patient', patient_id: 'P001' });
    expect((await api('/patient', { token: patient })).status).toBe(403);
    expect((await api('/patient/P001', { token: patient })).status).toBe(200);
    const other = await api('/patient/P002', { token: patient });
    expect(other.status).toBe(403);
    expect((await problemOf(other)).detail).toBe('Patients may only open their own record');
    expect((await api('/health')).status).toBe(200);
  });
});

describe('helpers', () => {
  it('problemHandler makes one endpoint answer a problem with field errors', async () => {
    const errors = [{ field: 'patient.patient_id', message: 'Taken' }];
    server.use(problemHandler('addPatient', 409, 'Already there', errors));
    const response = await api('/patient/add-patient', { body: {} });
    expect(response.status).toBe(409);
    expect(await problemOf(response)).toEqual({
      type: 'about:blank',
      title: 'Conflict',
      status: 409,
      detail: 'Already there',
      errors,
    });
    expect((await api('/patient')).status).toBe(200);
  });

  it('emptyListHandler makes a list answer nothing', async () => {
    server.use(emptyListHandler('searchEmployees'));
    const response = await api('/employee/search-employee', { body: {} });
    expect(await response.json()).toEqual([]);
    expect(response.headers.get(TOTAL_COUNT_HEADER)).toBe('0');
  });

  it('pendingHandler never answers, until the caller gives up', async () => {
    server.use(pendingHandler('listPatients'));
    const controller = new AbortController();
    let settled = false;
    const pending = fetch('http://localhost/api/patient', { signal: controller.signal }).finally(
      () => {
        settled = true;
      },
    );
    expect((await api('/health')).status).toBe(200);
    expect(settled).toBe(false);
    controller.abort();
    await expect(pending).rejects.toThrow();
  });

  it('pendingHandler with a delay lets the default answer afterwards', async () => {
    server.use(pendingHandler('getPatient', 1));
    expect((await api('/patient/P001')).status).toBe(200);
  });

  it('recordBodies keeps each body sent, in order, and the mock API still answers', async () => {
    const sent = recordBodies(server, 'login');
    const ok = await api('/login', { body: { username: 'demo.nurse', password: MOCK_PASSWORD } });
    const wrong = await api('/login', { body: { username: 'demo.nurse', password: 'nope' } });
    expect(sent).toEqual([
      { username: 'demo.nurse', password: MOCK_PASSWORD },
      { username: 'demo.nurse', password: 'nope' },
    ]);
    expect([ok.status, wrong.status]).toEqual([200, 401]);
    await api('/register', { body: { username: 'x' } });
    expect(sent).toHaveLength(2); // another endpoint's body is not kept
  });

  it('networkErrorHandler fails the request itself', async () => {
    server.use(networkErrorHandler('profile'));
    await expect(api('/profile')).rejects.toThrow();
  });

  it('the named sets answer empty lists and 500 problems', async () => {
    server.use(...handlers.empty);
    expect(await (await api('/employee')).json()).toEqual([]);
    server.resetHandlers();
    server.use(...handlers.error);
    const failed = await api('/employee');
    expect(failed.status).toBe(500);
    expect((await problemOf(failed)).title).toBe('Internal Server Error');
  });
});

describe("a patient's chart", () => {
  it('lists every appointment of a patient newest first, past ones included', async () => {
    const past = addYears(todayUtc(), -1);
    await api('/patient/add-patient-appointment', {
      body: { patient_id: 'P001', date: past, time: '09:00', topic: 'Old visit' },
    });
    const response = await api('/patient/P001/appointments');
    const items = upcomingAppointmentListSchema.parse(await response.json());
    expect(items).toHaveLength(4);
    expect(items.at(-1)).toMatchObject({ date: past, time: '09:00:00', topic: 'Old visit' });
    const dates = items.map((a) => `${a.date} ${a.time}`);
    expect(dates).toEqual([...dates].sort().reverse());
    const upcoming = upcomingAppointmentListSchema.parse(
      await (await api('/profile/appointments')).json(),
    );
    expect(upcoming).toHaveLength(3);
    const other = upcomingAppointmentListSchema.parse(
      await (await api('/patient/P002/appointments')).json(),
    );
    const latest = makePatientRecord({}, 2).patient_appointment;
    expect(other).toMatchObject(latest.date ? [latest] : []);
    expect((await api('/patient/P999/appointments')).status).toBe(404);
  });
});

describe('the next free ids', () => {
  it('suggests the id after the highest in use, and the next one after an add', async () => {
    expect(await (await api('/patient/next-id')).json()).toEqual({ patient_id: 'P025' });
    expect(await (await api('/employee/next-id')).json()).toEqual({ employee_id: 'E013' });
    const body = makeAddPatientRequest({ patient: { patient_id: 'P025' } }, 25);
    expect((await api('/patient/add-patient', { body })).status).toBe(201);
    expect(await (await api('/patient/next-id')).json()).toEqual({ patient_id: 'P026' });
  });
});

describe('the clinical record', () => {
  const doctor = makeFakeToken({ role: 'medical_personnel', employee_id: 'E002' });
  const future = () => addYears(todayUtc(), 2);

  async function book(body: Record<string, unknown>) {
    const response = await api('/patient/add-patient-appointment', {
      body: { patient_id: 'P002', time: '10:00', topic: 'Scan', ...body },
      token: doctor,
    });
    return { status: response.status, answer: (await response.json()) as Record<string, unknown> };
  }

  it('books with a clinician and a length, the author from the token, and warns when busy', async () => {
    const date = future();
    const first = await book({ date, clinician_id: 'E001', duration_minutes: 30 });
    expect(first.status).toBe(201);
    expect(first.answer).toMatchObject({
      clinician: { employee_id: 'E001' },
      duration_minutes: 30,
      status: 'booked',
      recorded_by: { employee_id: 'E002' },
      warnings: [],
    });
    const second = await book({ date, time: '10:15', clinician_id: 'E001' });
    expect(second.answer['warnings']).toMatchObject([{ code: 'clinician_busy' }]);
    const hr = await book({ date, clinician_id: 'E003' });
    expect(hr.status).toBe(400);
  });

  it('cancels once (409 after), and a cancelled appointment is never the latest', async () => {
    const { answer } = await book({ date: future() });
    const id = answer['appointment_id'] as string;
    const cancel = () =>
      api(`/patient/P002/appointments/${id}/cancel`, { body: { reason: 'Feeling better' } });
    const done = await cancel();
    expect(await done.json()).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Feeling better',
    });
    expect((await cancel()).status).toBe(409);
    const record = (await (await api('/patient/P002')).json()) as PatientRecord;
    expect(record.patient_appointment.appointment_id).not.toBe(id);
  });

  it('reschedules (linked both ways) and marks attended', async () => {
    const { answer } = await book({ date: future(), time: '08:00' });
    const id = answer['appointment_id'] as string;
    const moved = (await (
      await api(`/patient/P002/appointments/${id}/reschedule`, {
        body: { date: future(), time: '11:00' },
      })
    ).json()) as { cancelled: ChartAppointment; booked: ChartAppointment };
    expect(moved.cancelled).toMatchObject({
      status: 'cancelled',
      rescheduled_to: moved.booked.appointment_id,
    });
    expect(moved.booked).toMatchObject({ status: 'booked', rescheduled_from: id, topic: 'Scan' });
    const marked = await api(`/patient/P002/appointments/${moved.booked.appointment_id}/status`, {
      body: { status: 'fulfilled' },
    });
    expect(await marked.json()).toMatchObject({ status: 'fulfilled' });
  });

  it("lists a day's appointments by time, of one clinician if asked", async () => {
    const date = future();
    await book({ date, time: '11:00', clinician_id: 'E002' });
    await book({ date, time: '09:00', clinician_id: 'E001' });
    const all = (await (await api(`/appointments?date=${date}`)).json()) as DayAppointment[];
    expect(all.map((a) => a.time)).toEqual(['09:00:00', '11:00:00']);
    expect(all[0]).toMatchObject({
      patient_id: 'P002',
      first_name: makePatientRecord({}, 2).patient.first_name,
    });
    const mine = (await (
      await api(`/appointments?date=${date}&clinician_id=E002`)
    ).json()) as DayAppointment[];
    expect(mine.map((a) => a.time)).toEqual(['11:00:00']);
    expect((await api('/appointments')).status).toBe(400);
  });

  it('answers summaries with ?view=summary, and the clinicians', async () => {
    const summaries = (await (await api('/patient?view=summary&limit=2')).json()) as object[];
    expect(summaries[0]).toEqual(makePatientSummary(makePatientRecord({}, 1)));
    const found = (await (
      await api('/patient/search-patient?view=summary', { body: { patient_id: 'P001' } })
    ).json()) as object[];
    expect(found).toEqual([makePatientSummary(makePatientRecord({}, 1))]);
    const clinicians = (await (await api('/clinicians')).json()) as { employee_id: string }[];
    expect(clinicians.map((c) => c.employee_id)).toContain('E001');
    expect(clinicians.map((c) => c.employee_id)).not.toContain('E003');
  });
});

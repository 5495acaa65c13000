import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AddPatientResponse,
  type AppointmentResponse,
  type PatientRecord,
  patientListSchema,
} from '@portal/contract';
import { type Database } from '../db/database';
import {
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  GOOD_PASSWORD,
  newPatient,
  type TestUser,
  unique,
} from '../test/harness';
import { auditOf, CODE_FORMAT, expectProblem, expectSuccess } from '../test/assertions';

const DAY_MS = 86_400_000;

let database: Database;
let app: FastifyInstance;
let doctor: TestUser;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await createTestApp(database));
  doctor = await createUser(app, database, 'medical_personnel');
});

afterAll(async () => {
  await app.close();
  await database.close();
});

/** Asserts the request wrote exactly one audit event, by the doctor, with these details. */
async function expectAudit(
  response: LightMyRequestResponse,
  action: string,
  recordIds: string[],
  outcome = 'success',
): Promise<void> {
  const events = await auditOf(database, response);
  expect(
    events.map((e) => ({ ...e, record_ids: e.record_ids && [...e.record_ids].sort() })),
  ).toEqual([
    {
      action,
      actor_username: doctor.username,
      actor_role: 'medical_personnel',
      record_type: 'patient',
      record_ids: [...recordIds].sort(),
      outcome,
      address: '127.0.0.1',
    },
  ]);
}

async function addPatient(overrides: Record<string, unknown> = {}, extra: object = {}) {
  const body = { ...newPatient(overrides), ...extra };
  const response = await call(app, 'POST', '/patient/add-patient', { token: doctor.token, body });
  expectSuccess(response, 201);
  return { body, id: body.patient.patient_id, created: response.json<AddPatientResponse>() };
}

async function getPatient(id: string): Promise<PatientRecord> {
  const response = await call(app, 'GET', `/patient/${id}`, { token: doctor.token });
  expectSuccess(response, 200);
  return response.json<PatientRecord>();
}

/** Registers a patient account with a code; returns the response. */
function register(patientId: string, code: string) {
  return call(app, 'POST', '/register', {
    body: {
      username: `patient${unique()}`,
      password: GOOD_PASSWORD,
      role: 'patient',
      id: patientId,
      activation_code: code,
    },
  });
}

describe('GET /patient', () => {
  let added: string[];
  beforeAll(async () => {
    added = [];
    // Enough records for more than one default page of 50.
    for (let i = 0; i < 53; i++) added.push((await addPatient()).id);
  });

  it('answers a page of 50 by default with the total and the next page in headers', async () => {
    const response = await call(app, 'GET', '/patient', { token: doctor.token });
    expectSuccess(response, 200);
    const items = response.json<PatientRecord[]>();
    expect(items).toHaveLength(50);
    const total = Number(response.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(53);
    const cursor = response.headers['x-next-cursor'];
    expect(typeof cursor).toBe('string');
    expect(response.headers['link']).toBe(`</api/patient?cursor=${String(cursor)}>; rel="next"`);
    // Each item is a whole patient record, as GET /patient/:id answers it.
    expect(patientListSchema.safeParse(items).error).toBeUndefined();
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual([
        'medical_history',
        'patient',
        'patient_appointment',
        'patient_chronic_disease',
        'patient_drug_allergy',
        'registered',
      ]);
    }
    await expectAudit(
      response,
      'patient.list',
      items.map((r) => r.patient.patient_id),
    );
  });

  it("sends the database's JSON as it is: exactly what the contract's schema and GET /patient/:id give", async () => {
    // The page's records are passed through as PostgreSQL built them, not parsed and
    // serialised again: they must be what the schema would have sent, key for key.
    for (const response of [
      await call(app, 'GET', '/patient?limit=5', { token: doctor.token }),
      await call(app, 'POST', '/patient/search-patient?limit=5', {
        token: doctor.token,
        body: { first_name: '', last_name: '', patient_id: '' },
      }),
    ]) {
      expectSuccess(response, 200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const items = response.json<PatientRecord[]>();
      expect(items).toHaveLength(5);
      expect(patientListSchema.parse(items)).toStrictEqual(items);
      for (const item of items) {
        const one = await call(app, 'GET', `/patient/${item.patient.patient_id}`, {
          token: doctor.token,
        });
        expect(one.json()).toStrictEqual(item);
      }
    }
  });

  it('honours limit, and walking the cursor returns every record exactly once', async () => {
    const first = await call(app, 'GET', '/patient?limit=7', { token: doctor.token });
    expectSuccess(first, 200);
    const total = Number(first.headers['x-total-count']);
    const seen: string[] = first.json<PatientRecord[]>().map((r) => r.patient.patient_id);
    expect(seen).toHaveLength(7);
    let link = first.headers['link'] as string | undefined;
    let pages = 1;
    while (link) {
      const path = /^<\/api(\/patient\?[^>]+)>; rel="next"$/.exec(link)?.[1];
      expect(path).toContain('limit=7');
      const page = await call(app, 'GET', path!, { token: doctor.token });
      expectSuccess(page, 200);
      expect(Number(page.headers['x-total-count'])).toBe(total);
      const items = page.json<PatientRecord[]>();
      expect(items.length).toBeGreaterThan(0);
      expect(items.length).toBeLessThanOrEqual(7);
      seen.push(...items.map((r) => r.patient.patient_id));
      link = page.headers['link'] as string | undefined;
      if (!link) expect(page.headers['x-next-cursor']).toBeUndefined();
      pages += 1;
      expect(pages).toBeLessThan(100);
    }
    expect(pages).toBe(Math.ceil(total / 7));
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect(seen).toEqual(expect.arrayContaining(added));
  });

  it('answers the last page without a next cursor or link', async () => {
    const response = await call(app, 'GET', '/patient?limit=200', { token: doctor.token });
    expectSuccess(response, 200);
    expect(response.json<unknown[]>()).toHaveLength(Number(response.headers['x-total-count']));
    expect(response.headers['x-next-cursor']).toBeUndefined();
    expect(response.headers['link']).toBeUndefined();
  });

  it.each(['201', '0', '-1', 'ten', '2.5'])('refuses limit=%s naming limit', async (limit) => {
    const response = await call(app, 'GET', `/patient?limit=${limit}`, { token: doctor.token });
    expectProblem(response, 400, 'limit');
  });

  it.each([
    ['characters no cursor has', '%24%24%24'],
    ['a well-formed string this API never gave out', 'bm90LWEtY3Vyc29y'],
    ['an empty cursor', ''],
  ])('refuses %s naming cursor', async (_what, cursor) => {
    const response = await call(app, 'GET', `/patient?cursor=${cursor}`, { token: doctor.token });
    expectProblem(response, 400, 'cursor');
  });
});

describe('GET /patient/:id', () => {
  it('answers the whole record of a new patient, with an empty appointment', async () => {
    const { body, id } = await addPatient(
      {},
      {
        patient_chronic_disease: [{ disease_id: 'I007' }, { disease_id: 'I002' }],
        patient_drug_allergy: [{ drug_id: 'R004' }, { drug_id: 'R001' }],
      },
    );
    const response = await call(app, 'GET', `/patient/${id}`, { token: doctor.token });
    expectSuccess(response, 200);
    expect(response.json()).toEqual({
      patient: body.patient,
      patient_appointment: { date: '', time: '', topic: null },
      patient_drug_allergy: [
        { drug_id: 'R001', reaction: null, severity: null },
        { drug_id: 'R004', reaction: null, severity: null },
      ],
      patient_chronic_disease: [{ disease_id: 'I002' }, { disease_id: 'I007' }],
      medical_history: [],
      registered: false,
    });
    await expectAudit(response, 'patient.read', [id]);
  });

  it('shows the latest appointment by date and time, and history newest first', async () => {
    const { id } = await addPatient();
    const appointments = [
      { date: '2024-05-03', time: '08:00', topic: 'earlier that day' },
      { date: '2024-05-03', time: '14:30', topic: 'latest' },
      { date: '2024-05-10', time: '07:15', topic: 'later date' },
      { date: '2024-04-01', time: '23:59', topic: 'oldest, added last' },
    ];
    for (const appointment of appointments) {
      const response = await call(app, 'POST', '/patient/add-patient-appointment', {
        token: doctor.token,
        body: { patient_id: id, ...appointment },
      });
      expectSuccess(response, 201);
    }
    const history = [
      { date: '2023-01-10', time: '09:00', detail: 'middle' },
      { date: '2023-06-01', time: '10:00:30', detail: 'newest' },
      { date: '2023-01-10', time: '08:00', detail: 'oldest' },
    ];
    for (const entry of history) {
      const response = await call(app, 'POST', '/patient/add-patient-history', {
        token: doctor.token,
        body: { patient_id: id, ...entry },
      });
      expectSuccess(response, 201);
    }
    // All in the past: the latest is the most recent past one.
    const record = await getPatient(id);
    expect(record.patient_appointment).toMatchObject({
      date: '2024-05-10',
      time: '07:15:00',
      topic: 'later date',
      status: 'booked',
    });
    expect(
      record.medical_history.map(({ date, time, details }) => ({ date, time, details })),
    ).toEqual([
      { date: '2023-06-01', time: '10:00:30', details: 'newest' },
      { date: '2023-01-10', time: '09:00:00', details: 'middle' },
      { date: '2023-01-10', time: '08:00:00', details: 'oldest' },
    ]);

    // On the same date, the later time wins.
    const { id: other } = await addPatient();
    for (const appointment of appointments.slice(0, 2).reverse()) {
      await call(app, 'POST', '/patient/add-patient-appointment', {
        token: doctor.token,
        body: { patient_id: other, ...appointment },
      });
    }
    expect((await getPatient(other)).patient_appointment).toMatchObject({
      date: '2024-05-03',
      time: '14:30:00',
      topic: 'latest',
    });
  });

  it('says whether the patient has registered an account', async () => {
    const { id, created } = await addPatient();
    expect((await getPatient(id)).registered).toBe(false);
    expect((await register(id, created.activation_code)).statusCode).toBe(201);
    expect((await getPatient(id)).registered).toBe(true);
  });

  it('accepts a lower-case id and answers it upper-cased', async () => {
    const { id } = await addPatient();
    const response = await call(app, 'GET', `/patient/${id.toLowerCase()}`, {
      token: doctor.token,
    });
    expectSuccess(response, 200);
    expect(response.json<PatientRecord>().patient.patient_id).toBe(id);
    await expectAudit(response, 'patient.read', [id]);
  });

  it.each(['X001', 'P1', 'P12345678901', 'P00A'])('refuses the malformed id %s', async (id) => {
    const response = await call(app, 'GET', `/patient/${id}`, { token: doctor.token });
    expectProblem(response, 400, 'patient_id');
  });

  it('answers 404 for an unknown patient and audits the failed read', async () => {
    const response = await call(app, 'GET', '/patient/P999999999', { token: doctor.token });
    const problem = expectProblem(response, 404);
    expect(problem.detail).toContain('P999999999');
    await expectAudit(response, 'patient.read', ['P999999999'], 'failure');
  });
});

describe('POST /patient/search-patient', () => {
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
    for (const [key, names] of Object.entries(people)) ids[key] = (await addPatient(names)).id;
    // A short id so that a start-of-id match can be told from an any-part one.
    ids['short'] = (
      await addPatient({ patient_id: 'P001', first_name: 'Short', last_name: `Ident${tag}` })
    ).id;
  });

  async function search(criteria: object, query = ''): Promise<LightMyRequestResponse> {
    const response = await call(app, 'POST', `/patient/search-patient${query}`, {
      token: doctor.token,
      body: criteria,
    });
    expectSuccess(response, 200);
    return response;
  }

  const idsOf = (response: LightMyRequestResponse) =>
    response
      .json<PatientRecord[]>()
      .map((r) => r.patient.patient_id)
      .sort();

  it('matches any part of the first name, ignoring case', async () => {
    const response = await search({ first_name: 'ANNA', last_name: tag });
    expect(idsOf(response)).toEqual([ids['anna'], ids['hanna'], ids['annaB']].sort());
    expect(response.headers['x-total-count']).toBe('3');
    await expectAudit(response, 'patient.search', idsOf(response));
  });

  it('matches any part of the last name, ignoring case', async () => {
    const response = await search({ last_name: `randt${tag}`.toLowerCase() });
    expect(idsOf(response)).toEqual([ids['hanna'], ids['annaB']].sort());
  });

  it('ANDs the non-empty criteria and ignores empty ones', async () => {
    const response = await search({
      patient_id: '',
      first_name: 'anna',
      last_name: `Brandt${tag}`,
    });
    expect(idsOf(response)).toEqual([ids['annaB'], ids['hanna']].sort());
    const narrower = await search({ first_name: 'hann', last_name: `brandt${tag}` });
    expect(idsOf(narrower)).toEqual([ids['hanna']]);
    const both = await search({ first_name: 'Anna ', last_name: `Whitmore${tag}` });
    expect(idsOf(both)).toEqual([ids['anna']]);
    const none = await search({ first_name: 'Hannah', last_name: `Whitmore${tag}` });
    expect(idsOf(none)).toEqual([]);
  });

  it('matches the start of the patient id, not any part of it', async () => {
    const start = await search({ patient_id: 'P00', last_name: tag });
    expect(idsOf(start)).toContain('P001');
    const lower = await search({ patient_id: 'p001', last_name: tag });
    expect(idsOf(lower)).toContain('P001');
    expect(idsOf(lower).every((id) => id.startsWith('P001'))).toBe(true);
    const middle = await search({ patient_id: '001' });
    expect(idsOf(middle)).toEqual([]);
    const exact = await search({ patient_id: ids['anna']! });
    expect(idsOf(exact)).toEqual([ids['anna']]);
  });

  it('matches a 1–2 letter name fragment at the start of the name only', async () => {
    const two = await search({ first_name: 'an', last_name: tag });
    expect(idsOf(two)).toEqual([ids['anna'], ids['annaB']].sort());
    const one = await search({ first_name: 'H', last_name: tag });
    expect(idsOf(one)).toEqual([ids['hanna']]);
    const lastStart = await search({ last_name: 'br' });
    expect(idsOf(lastStart)).toEqual(expect.arrayContaining([ids['hanna'], ids['annaB']]));
    expect(idsOf(await search({ last_name: 'ra' }))).not.toContain(ids['hanna']);
    expect(idsOf(await search({ first_name: 'ann', last_name: tag }))).toContain(ids['hanna']);
  });

  it('treats LIKE wildcards in the input as the characters themselves', async () => {
    expect(idsOf(await search({ first_name: 'r%c', last_name: tag }))).toEqual([ids['percent']]);
    expect(idsOf(await search({ first_name: 'r_c', last_name: tag }))).toEqual([ids['underscore']]);
    expect(idsOf(await search({ first_name: '%', last_name: tag }))).toEqual([]);
    expect(idsOf(await search({ first_name: '%ce' }))).toEqual([ids['percent']]);
    expect(idsOf(await search({ first_name: 'P_', last_name: tag }))).toEqual([]);
    expect(idsOf(await search({ patient_id: 'P_01' }))).toEqual([]);
    expect(idsOf(await search({ patient_id: '%' }))).toEqual([]);
  });

  it('answers every patient when all criteria are empty', async () => {
    const all = await call(app, 'GET', '/patient', { token: doctor.token });
    const total = all.headers['x-total-count'];
    expect(Number(total)).toBeGreaterThan(6);
    for (const criteria of [
      {},
      { patient_id: '', first_name: '', last_name: '' },
      { first_name: '  ' },
    ]) {
      const response = await search(criteria);
      expect(response.headers['x-total-count']).toBe(total);
      expect(response.json<unknown[]>()).toHaveLength(Math.min(50, Number(total)));
    }
  });

  it('answers an empty list with 200 when nothing matches', async () => {
    const response = await search({ last_name: `Nobody${tag}` });
    expect(response.json()).toEqual([]);
    expect(response.headers['x-total-count']).toBe('0');
    expect(response.headers['x-next-cursor']).toBeUndefined();
    await expectAudit(response, 'patient.search', []);
  });

  it('pages its answers like the list', async () => {
    const first = await search({ last_name: tag }, '?limit=4');
    expect(first.headers['x-total-count']).toBe('7');
    expect(first.json<unknown[]>()).toHaveLength(4);
    const cursor = String(first.headers['x-next-cursor']);
    expect(first.headers['link']).toBe(
      `</api/patient/search-patient?limit=4&cursor=${cursor}>; rel="next"`,
    );
    const second = await search({ last_name: tag }, `?limit=4&cursor=${cursor}`);
    expect(second.json<unknown[]>()).toHaveLength(3);
    expect(second.headers['x-next-cursor']).toBeUndefined();
    expect([...idsOf(first), ...idsOf(second)].sort()).toEqual(Object.values(ids).sort());
  });

  it('refuses a bad limit and a bad cursor', async () => {
    const limit = await call(app, 'POST', '/patient/search-patient?limit=500', {
      token: doctor.token,
      body: {},
    });
    expectProblem(limit, 400, 'limit');
    const cursor = await call(app, 'POST', '/patient/search-patient?cursor=bm9wZQ', {
      token: doctor.token,
      body: {},
    });
    expectProblem(cursor, 400, 'cursor');
  });

  it('refuses criteria that are not strings', async () => {
    const response = await call(app, 'POST', '/patient/search-patient', {
      token: doctor.token,
      body: { first_name: 5 },
    });
    expectProblem(response, 400, 'first_name');
  });
});

describe('POST /patient/add-patient', () => {
  it('creates the patient and answers its id and a 30-day activation code', async () => {
    const body = newPatient();
    const response = await call(app, 'POST', '/patient/add-patient', {
      token: doctor.token,
      body,
    });
    expectSuccess(response, 201);
    const created = response.json<AddPatientResponse>();
    expect(Object.keys(created).sort()).toEqual([
      'activation_code',
      'activation_code_expires_at',
      'patient_id',
    ]);
    expect(created.patient_id).toBe(body.patient.patient_id);
    expect(created.activation_code).toMatch(CODE_FORMAT);
    const expiresIn = Date.parse(created.activation_code_expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(30 * DAY_MS - DAY_MS / 24);
    expect(expiresIn).toBeLessThan(30 * DAY_MS + DAY_MS / 24);
    await expectAudit(response, 'patient.create', [body.patient.patient_id]);

    const record = await getPatient(body.patient.patient_id);
    expect(record.patient).toEqual(body.patient);
    expect(record.patient_chronic_disease).toEqual([
      { disease_id: 'I002' },
      { disease_id: 'I007' },
    ]);
    expect(record.patient_drug_allergy).toEqual([
      { drug_id: 'R003', reaction: null, severity: null },
    ]);
  });

  it('stores a lower-case patient id upper-cased, and numeric text as the age', async () => {
    const body = newPatient({ age: '41' }); // within a year of the 42 the date of birth gives
    const lower = body.patient.patient_id.toLowerCase();
    body.patient.patient_id = lower;
    const response = await call(app, 'POST', '/patient/add-patient', {
      token: doctor.token,
      body,
    });
    expectSuccess(response, 201);
    expect(response.json<AddPatientResponse>().patient_id).toBe(lower.toUpperCase());
    expect((await getPatient(lower.toUpperCase())).patient.age).toBe(41);
  });

  it('takes blood type and address as optional: absent or empty is null', async () => {
    const absent = newPatient();
    const { blood_type: _b, address: _a, ...rest } = absent.patient;
    const first = await call(app, 'POST', '/patient/add-patient', {
      token: doctor.token,
      body: { ...absent, patient: rest },
    });
    expectSuccess(first, 201);
    const stored = await getPatient(absent.patient.patient_id);
    expect(stored.patient.blood_type).toBeNull();
    expect(stored.patient.address).toBeNull();

    const { id } = await addPatient({ blood_type: '', address: '   ' });
    expect((await getPatient(id)).patient).toMatchObject({ blood_type: null, address: null });
  });

  it('takes the disease and allergy lists as optional', async () => {
    const body = newPatient();
    const response = await call(app, 'POST', '/patient/add-patient', {
      token: doctor.token,
      body: { patient: body.patient },
    });
    expectSuccess(response, 201);
    const record = await getPatient(body.patient.patient_id);
    expect(record.patient_chronic_disease).toEqual([]);
    expect(record.patient_drug_allergy).toEqual([]);
  });

  it.each([
    'patient_id',
    'first_name',
    'last_name',
    'age',
    'date_of_birth',
    'gender',
    'email',
    'health_insurance',
    'phone_number',
    'id_card_number',
    'ongoing_treatment',
    'unhealthy_habits',
  ])('refuses a patient without %s, naming it', async (field) => {
    const body = newPatient();
    const patient: Record<string, unknown> = { ...body.patient };
    delete patient[field];
    const response = await call(app, 'POST', '/patient/add-patient', {
      token: doctor.token,
      body: { ...body, patient },
    });
    expectProblem(response, 400, `patient.${field}`);
    expect(await auditOf(database, response)).toEqual([]);
  });

  it.each([
    ['a negative age', { age: -1 }, 'patient.age'],
    ['age 121', { age: 121 }, 'patient.age'],
    ['a fractional age', { age: 4.5 }, 'patient.age'],
    ['an email at another domain', { email: 'malee@yahoo.com' }, 'patient.email'],
    ['an email that is not one', { email: 'malee.gmail.com' }, 'patient.email'],
    ['an unknown gender', { gender: 'other' }, 'patient.gender'],
    ['an unknown blood type', { blood_type: 'C' }, 'patient.blood_type'],
    ['health insurance not yes or no', { health_insurance: 'maybe' }, 'patient.health_insurance'],
    ['a date of birth that is no date', { date_of_birth: '2001-02-30' }, 'patient.date_of_birth'],
    ['a date of birth in the future', { date_of_birth: '2999-01-01' }, 'patient.date_of_birth'],
    ['a malformed patient id', { patient_id: 'Q123' }, 'patient.patient_id'],
    ['a short phone number', { phone_number: '123' }, 'patient.phone_number'],
    ['a blank first name', { first_name: '   ' }, 'patient.first_name'],
    ['a blank ongoing treatment', { ongoing_treatment: '' }, 'patient.ongoing_treatment'],
  ])('refuses %s', async (_what, overrides, field) => {
    const response = await call(app, 'POST', '/patient/add-patient', {
      token: doctor.token,
      body: newPatient(overrides),
    });
    expectProblem(response, 400, field);
  });

  it.each([
    [
      'an unknown disease',
      { patient_chronic_disease: [{ disease_id: 'I999' }] },
      'patient_chronic_disease.0.disease_id',
    ],
    [
      'an unknown drug',
      { patient_drug_allergy: [{ drug_id: 'R002' }, { drug_id: 'X001' }] },
      'patient_drug_allergy.1.drug_id',
    ],
    [
      'a disease listed twice',
      { patient_chronic_disease: [{ disease_id: 'I003' }, { disease_id: 'I003' }] },
      'patient_chronic_disease.1',
    ],
    [
      'a drug listed twice',
      { patient_drug_allergy: [{ drug_id: 'R005' }, { drug_id: 'R005' }] },
      'patient_drug_allergy.1',
    ],
    ['no patient at all', { patient: undefined }, 'patient'],
  ])('refuses %s', async (_what, extra, field) => {
    const response = await call(app, 'POST', '/patient/add-patient', {
      token: doctor.token,
      body: { ...newPatient(), ...extra },
    });
    expectProblem(response, 400, field);
  });

  it('answers 409 naming patient.patient_id for a patient id in use, and keeps nothing', async () => {
    const { id } = await addPatient();
    const duplicate = newPatient({ patient_id: id.toLowerCase() });
    const response = await call(app, 'POST', '/patient/add-patient', {
      token: doctor.token,
      body: duplicate,
    });
    const problem = expectProblem(response, 409, 'patient.patient_id');
    expect(problem.errors).toHaveLength(1);
    // The refusal is in the audit trail even though the write was rolled back.
    await expectAudit(response, 'patient.create', [id], 'failure');
    // The refused patient's id card number was not kept.
    const again = await call(app, 'POST', '/patient/add-patient', {
      token: doctor.token,
      body: newPatient({ id_card_number: duplicate.patient.id_card_number }),
    });
    expectSuccess(again, 201);
  });

  it('answers 409 naming patient.id_card_number for an id card number in use', async () => {
    const { body } = await addPatient();
    const response = await call(app, 'POST', '/patient/add-patient', {
      token: doctor.token,
      body: newPatient({ id_card_number: body.patient.id_card_number }),
    });
    const problem = expectProblem(response, 409, 'patient.id_card_number');
    expect(problem.errors).toHaveLength(1);
  });

  it('refuses a body that is not JSON and one that is not valid JSON', async () => {
    const text = await app.inject({
      method: 'POST',
      url: '/api/patient/add-patient',
      headers: { authorization: `Bearer ${doctor.token}`, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expectProblem(text, 415);
    const broken = await app.inject({
      method: 'POST',
      url: '/api/patient/add-patient',
      headers: { authorization: `Bearer ${doctor.token}`, 'content-type': 'application/json' },
      payload: '{"patient": ',
    });
    expectProblem(broken, 400);
  });
});

describe('PUT /patient/update-patient', () => {
  async function update(body: object) {
    return call(app, 'PUT', '/patient/update-patient', { token: doctor.token, body });
  }

  it('changes only the fields sent and answers the updated record', async () => {
    const { id } = await addPatient();
    const before = await getPatient(id);
    const response = await update({
      patient: { patient_id: id, first_name: 'Somchai', age: 43, blood_type: 'AB' },
    });
    expectSuccess(response, 200);
    const expected = {
      ...before,
      patient: { ...before.patient, first_name: 'Somchai', age: 43, blood_type: 'AB' },
    };
    expect(response.json()).toEqual(expected);
    expect(await getPatient(id)).toEqual(expected);
    await expectAudit(response, 'patient.update', [id]);
  });

  it('leaves a field sent empty as it is', async () => {
    const { id } = await addPatient();
    const before = await getPatient(id);
    const response = await update({
      patient: {
        patient_id: id.toLowerCase(),
        first_name: '',
        last_name: '  ',
        age: '',
        email: '',
        blood_type: '',
        address: '',
        gender: null,
        id_card_number: '',
        ongoing_treatment: '',
        unhealthy_habits: 'smoking',
      },
    });
    expectSuccess(response, 200);
    expect(response.json()).toEqual({
      ...before,
      patient: { ...before.patient, unhealthy_habits: 'smoking' },
    });
  });

  it('leaves the age as it is when a whole edit form is sent with age 0 (a blank number)', async () => {
    const { id } = await addPatient();
    const before = await getPatient(id);
    const response = await update({
      patient: { ...before.patient, age: 0, address: 'Moved: 9 Soi Sukhumvit 11, Bangkok' },
      patient_chronic_disease: before.patient_chronic_disease,
      patient_drug_allergy: before.patient_drug_allergy,
    });
    expectSuccess(response, 200);
    const expected = {
      ...before,
      patient: { ...before.patient, address: 'Moved: 9 Soi Sukhumvit 11, Bangkok' },
    };
    expect(response.json()).toEqual(expected);
    expect(await getPatient(id)).toEqual(expected);
  });

  it('replaces a non-empty disease or allergy list and keeps one that is absent or empty', async () => {
    const { id } = await addPatient();
    const replaced = await update({
      patient: { patient_id: id },
      patient_chronic_disease: [{ disease_id: 'I011' }, { disease_id: 'I005' }],
    });
    expectSuccess(replaced, 200);
    expect(replaced.json<PatientRecord>().patient_chronic_disease).toEqual([
      { disease_id: 'I005' },
      { disease_id: 'I011' },
    ]);
    expect(replaced.json<PatientRecord>().patient_drug_allergy).toEqual([
      { drug_id: 'R003', reaction: null, severity: null },
    ]);

    // An empty list is what a spec client sends whenever its counts stay at 0: unchanged.
    const kept = await update({
      patient: { patient_id: id },
      patient_drug_allergy: [],
      patient_chronic_disease: [],
    });
    expectSuccess(kept, 200);
    expect(kept.json<PatientRecord>().patient_drug_allergy).toEqual([
      { drug_id: 'R003', reaction: null, severity: null },
    ]);
    expect((await getPatient(id)).patient_chronic_disease).toEqual([
      { disease_id: 'I005' },
      { disease_id: 'I011' },
    ]);
  });

  it('answers 404 for an unknown patient', async () => {
    const response = await update({ patient: { patient_id: 'P987654321', first_name: 'Nobody' } });
    expectProblem(response, 404);
  });

  it('answers 409 when the id card number is another patient’s, and changes nothing', async () => {
    const { body: other } = await addPatient();
    const { id } = await addPatient();
    const before = await getPatient(id);
    const response = await update({
      patient: {
        patient_id: id,
        first_name: 'Changed',
        id_card_number: other.patient.id_card_number,
      },
    });
    expectProblem(response, 409, 'patient.id_card_number');
    // The refused update, and the record whose card number the 409 tells of.
    expect(
      (await auditOf(database, response)).map(({ action, record_ids, outcome }) => ({
        action,
        record_ids,
        outcome,
      })),
    ).toEqual([
      { action: 'patient.update', record_ids: [id], outcome: 'failure' },
      { action: 'patient.update', record_ids: [other.patient.patient_id], outcome: 'failure' },
    ]);
    expect(await getPatient(id)).toEqual(before);
  });

  it('keeps a patient’s own id card number without a conflict', async () => {
    const { id, body } = await addPatient();
    const response = await update({
      patient: { patient_id: id, id_card_number: body.patient.id_card_number },
    });
    expectSuccess(response, 200);
  });

  it.each([
    ['an email at another domain', { email: 'someone@yahoo.com' }, 'patient.email'],
    ['age 121', { age: 121 }, 'patient.age'],
    ['a negative age', { age: -1 }, 'patient.age'],
    ['an unknown gender', { gender: 'x' }, 'patient.gender'],
    ['a bad date of birth', { date_of_birth: '1990-13-01' }, 'patient.date_of_birth'],
  ])('refuses %s', async (_what, fields, field) => {
    const { id } = await addPatient();
    const response = await update({ patient: { patient_id: id, ...fields } });
    expectProblem(response, 400, field);
  });

  it.each([
    ['no patient id', { patient: { first_name: 'A' } }, 'patient.patient_id'],
    ['a malformed patient id', { patient: { patient_id: 'P1' } }, 'patient.patient_id'],
    [
      'an unknown disease',
      { patient: { patient_id: 'P0001' }, patient_chronic_disease: [{ disease_id: 'I000' }] },
      'patient_chronic_disease.0.disease_id',
    ],
  ])('refuses %s', async (_what, body, field) => {
    expectProblem(await update(body), 400, field);
  });
});

describe('POST /patient/add-patient-appointment', () => {
  const add = (body: object) =>
    call(app, 'POST', '/patient/add-patient-appointment', { token: doctor.token, body });

  it('adds an appointment, answers it with seconds, and shows it as the latest', async () => {
    const { id, body: patientBody } = await addPatient();
    const response = await add({
      patient_id: id.toLowerCase(),
      date: '2030-01-02',
      time: '10:30',
      topic: 'Check-up',
    });
    expectSuccess(response, 201);
    const answer = response.json<AppointmentResponse>();
    expect(answer).toEqual({
      patient_id: id,
      first_name: patientBody.patient.first_name,
      last_name: patientBody.patient.last_name,
      date: '2030-01-02',
      time: '10:30:00',
      topic: 'Check-up',
      appointment_id: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      duration_minutes: 15,
      status: 'booked',
      clinician: null,
      recorded_by: {
        employee_id: doctor.recordId,
        first_name: 'Kanya',
        last_name: expect.any(String) as string,
      },
      recorded_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as string,
      warnings: [],
    });
    await expectAudit(response, 'patient.appointment.create', [id]);
    expect((await getPatient(id)).patient_appointment).toEqual({
      date: '2030-01-02',
      time: '10:30:00',
      topic: 'Check-up',
      appointment_id: answer.appointment_id,
      status: 'booked',
      duration_minutes: 15,
      clinician: null,
      recorded_by: answer.recorded_by,
      recorded_at: answer.recorded_at,
    });
  });

  it('takes the topic as optional', async () => {
    const { id } = await addPatient();
    const absent = await add({ patient_id: id, date: '2030-01-02', time: '09:00:15' });
    expectSuccess(absent, 201);
    expect(absent.json()).toMatchObject({ time: '09:00:15', topic: null });
    const empty = await add({ patient_id: id, date: '2030-01-03', time: '09:00', topic: '' });
    expectSuccess(empty, 201);
    expect(empty.json()).toMatchObject({ topic: null });
    // Both ahead: the latest is the next one from now, the earlier of the two.
    expect((await getPatient(id)).patient_appointment).toMatchObject({
      date: '2030-01-02',
      time: '09:00:15',
      topic: null,
    });
  });

  it.each([
    ['no date', { date: undefined }, 'date'],
    ['a date that does not exist', { date: '2030-02-30' }, 'date'],
    ['no time', { time: undefined }, 'time'],
    ['a time past midnight', { time: '24:00' }, 'time'],
    ['no patient id', { patient_id: undefined }, 'patient_id'],
  ])('refuses %s', async (_what, overrides, field) => {
    const response = await add({
      patient_id: 'P0001',
      date: '2030-01-02',
      time: '10:30',
      ...overrides,
    });
    expectProblem(response, 400, field);
  });

  it('answers 404 for an unknown patient', async () => {
    const response = await add({ patient_id: 'P876543210', date: '2030-01-02', time: '10:30' });
    expectProblem(response, 404);
  });
});

describe('POST /patient/add-patient-history', () => {
  const add = (body: object) =>
    call(app, 'POST', '/patient/add-patient-history', { token: doctor.token, body });

  it('adds an entry, answers it, and shows it in the medical history', async () => {
    const { id, body: patientBody } = await addPatient();
    const response = await add({
      patient_id: id,
      date: '2024-02-29',
      time: '16:45',
      detail: 'Fractured wrist',
    });
    expectSuccess(response, 201);
    const author = {
      employee_id: doctor.recordId,
      first_name: 'Kanya',
      last_name: expect.any(String) as string,
    };
    expect(response.json()).toEqual({
      patient_id: id,
      first_name: patientBody.patient.first_name,
      last_name: patientBody.patient.last_name,
      date: '2024-02-29',
      time: '16:45:00',
      detail: 'Fractured wrist',
      recorded_by: author,
      recorded_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/) as string,
    });
    await expectAudit(response, 'patient.history.create', [id]);
    expect((await getPatient(id)).medical_history).toEqual([
      {
        date: '2024-02-29',
        time: '16:45:00',
        details: 'Fractured wrist',
        recorded_by: author,
        recorded_at: response.json<{ recorded_at: string }>().recorded_at,
      },
    ]);
  });

  it('takes the detail as optional', async () => {
    const { id } = await addPatient();
    const response = await add({ patient_id: id, date: '2024-03-01', time: '08:00' });
    expectSuccess(response, 201);
    expect(response.json()).toMatchObject({ detail: null });
    expect((await getPatient(id)).medical_history).toMatchObject([
      { date: '2024-03-01', time: '08:00:00', details: null },
    ]);
  });

  it.each([
    ['no date', { date: undefined }, 'date'],
    ['a malformed time', { time: '8am' }, 'time'],
    ['a malformed patient id', { patient_id: 'patient' }, 'patient_id'],
  ])('refuses %s', async (_what, overrides, field) => {
    const response = await add({
      patient_id: 'P0001',
      date: '2024-03-01',
      time: '08:00',
      ...overrides,
    });
    expectProblem(response, 400, field);
  });

  it('answers 404 for an unknown patient', async () => {
    const response = await add({ patient_id: 'P876543211', date: '2024-03-01', time: '08:00' });
    expectProblem(response, 404);
  });
});

describe('POST /patient/:id/activation-code', () => {
  const reissue = (id: string) =>
    call(app, 'POST', `/patient/${id}/activation-code`, { token: doctor.token });

  it('issues a new code that replaces the old one, and again once registered (a forgotten password)', async () => {
    const { id, created } = await addPatient();
    const response = await reissue(id.toLowerCase());
    expectSuccess(response, 201);
    const fresh = response.json<{ activation_code: string; activation_code_expires_at: string }>();
    expect(Object.keys(fresh).sort()).toEqual(['activation_code', 'activation_code_expires_at']);
    expect(fresh.activation_code).toMatch(CODE_FORMAT);
    expect(fresh.activation_code).not.toBe(created.activation_code);
    const expiresIn = Date.parse(fresh.activation_code_expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(30 * DAY_MS - DAY_MS / 24);
    expect(expiresIn).toBeLessThan(30 * DAY_MS + DAY_MS / 24);
    await expectAudit(response, 'patient.activation-code.create', [id]);

    const withOld = await register(id, created.activation_code);
    expectProblem(withOld, 400, 'activation_code');
    const withNew = await register(id, fresh.activation_code);
    expect(withNew.statusCode, withNew.body).toBe(201);

    const again = await reissue(id);
    expectSuccess(again, 201);
    await expectAudit(again, 'patient.activation-code.create', [id]);
  });

  it('answers 404 for an unknown patient and 400 for a malformed id', async () => {
    expectProblem(await reissue('P765432109'), 404);
    expectProblem(await reissue('E001'), 400, 'patient_id');
  });
});

describe('who may call', () => {
  it('answers 401 without a token and 403 to HR', async () => {
    const anonymous = await call(app, 'GET', '/patient');
    expectProblem(anonymous, 401);
    const hr = await createUser(app, database, 'HR');
    const forbidden = await call(app, 'POST', '/patient/add-patient', {
      token: hr.token,
      body: newPatient(),
    });
    expectProblem(forbidden, 403);
  });
});

/**
 * Problems in the language the request asks for: a problem's `detail` and each field's message
 * in Thai under `Accept-Language: th`, English under `en` or with no header; the spec's bare
 * messages (login and register to a client that asks for no problem) English whatever it asks.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PROBLEM_CONTENT_TYPE, TEXT_MESSAGES } from '@portal/contract';
import type { Database } from '../db/database';
import {
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  type TestUser,
} from '../test/harness';

type App = Awaited<ReturnType<typeof createTestApp>>['app'];
type Problem = { status: number; detail: string; errors?: { field: string; message: string }[] };

const THAI = /[\u0E00-\u0E7F]/u;

let database: Database;
let app: App;
let clinician: TestUser;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await createTestApp(database));
  clinician = await createUser(app, database, 'medical_personnel');
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** The problem of an answer, after checking that it is one with this status. */
function problem(response: LightMyRequestResponse, status: number): Problem {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  return response.json<Problem>();
}

/** An add-patient request that breaks many rules at once: blanks, a long name, bad formats. */
const BAD_PATIENT = {
  patient: {
    patient_id: 'X1',
    first_name: 'x'.repeat(101),
    age: 'abc',
    date_of_birth: '2026-02-30',
    gender: 'unknown',
    email: 'someone@example.org',
    phone_number: '12',
    health_insurance: 'maybe',
  },
  patient_chronic_disease: [{ disease_id: 'I001' }, { disease_id: 'I001' }],
};

function addPatient(headers: Record<string, string>) {
  return call(app, 'POST', '/patient/add-patient', {
    token: clinician.token,
    body: BAD_PATIENT,
    headers,
  });
}

describe('a problem in the language asked for', () => {
  it("is Thai under Accept-Language: th, detail and every field's message", async () => {
    const english = problem(await addPatient({}), 400);
    const thai = problem(await addPatient({ 'accept-language': 'th-TH,th;q=0.9,en;q=0.5' }), 400);
    expect(english.errors!.length).toBeGreaterThan(5);
    expect(thai.errors!.map((e) => e.field)).toEqual(english.errors!.map((e) => e.field));
    for (const [index, error] of thai.errors!.entries()) {
      const englishMessage = english.errors![index]!.message;
      expect(error.message, englishMessage).toMatch(THAI);
      expect(error.message).not.toBe(englishMessage);
    }
    // The detail names the first field, then its message in Thai.
    const first = thai.errors![0]!;
    expect(thai.detail).toBe(`${first.field}: ${first.message}`);
    expect(thai.errors).toContainEqual({
      field: 'patient.first_name',
      message: 'ยาวเกินไป: ต้องมีไม่เกิน 100 ตัวอักษร',
    });
    expect(thai.errors).toContainEqual({
      field: 'patient.last_name',
      message: 'จำเป็นต้องกรอก',
    });
    expect(thai.errors).toContainEqual({
      field: 'patient_chronic_disease.1',
      message: 'โรค I001 ถูกเลือกซ้ำ',
    });
  });

  it('is English under Accept-Language: en and with no header, word for word', async () => {
    const none = problem(await addPatient({}), 400);
    const en = problem(await addPatient({ 'accept-language': 'en-GB,en;q=0.8' }), 400);
    expect(en).toEqual(none);
    expect(none.errors).toContainEqual({
      field: 'patient.last_name',
      message: TEXT_MESSAGES.required,
    });
    expect(none.errors).toContainEqual({
      field: 'patient_chronic_disease.1',
      message: 'Disease I001 is listed twice',
    });
    for (const error of none.errors!) expect(error.message).not.toMatch(THAI);
  });

  it('has a Thai detail with its value kept for a record not found', async () => {
    const path = '/patient/P987654';
    const thai = problem(
      await call(app, 'GET', path, {
        token: clinician.token,
        headers: { 'accept-language': 'th' },
      }),
      404,
    );
    expect(thai.detail).toBe('ไม่พบผู้ป่วยรหัส P987654');
    const english = problem(await call(app, 'GET', path, { token: clinician.token }), 404);
    expect(english.detail).toBe('No patient with ID P987654');
  });

  it('answers a failed login as a Thai problem to the portal, which asks for problems', async () => {
    const response = await call(app, 'POST', '/login', {
      body: { username: clinician.username, password: 'not-the-password-at-all' },
      headers: { 'accept-language': 'th' },
    });
    expect(problem(response, 401).detail).toBe('ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง');
    expect(response.headers['vary']).toMatch(/Accept-Language/);
  });
});

describe("the spec's bare messages", () => {
  const SPEC_CLIENT = { accept: 'application/json, text/plain, */*', 'accept-language': 'th' };

  it('stay English for a failed login under Accept-Language: th', async () => {
    const response = await call(app, 'POST', '/login', {
      body: { username: clinician.username, password: 'not-the-password-at-all' },
      headers: SPEC_CLIENT,
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).not.toContain(PROBLEM_CONTENT_TYPE);
    expect(response.json()).toBe(MESSAGES.wrongCredentials);
  });

  it('stay English for a refused registration under Accept-Language: th', async () => {
    const response = await call(app, 'POST', '/register', {
      body: { username: '', password: 'x', role: 'patient', id: 'P001', activation_code: '' },
      headers: SPEC_CLIENT,
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).not.toContain(PROBLEM_CONTENT_TYPE);
    const message = response.json<string>();
    expect(message).toEqual(expect.any(String));
    expect(message).not.toMatch(THAI);
    expect(message).toMatch(/Required|Password must be at least 12 characters/);
  });
});

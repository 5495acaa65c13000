/**
 * A patient's disease and allergy lists on an edit, on each backend: update-patient leaves an
 * empty list as it is (a spec client sends `[]` whenever its counts stay at 0); the merge patch
 * (PATCH /patient/{id}, application/merge-patch+json) really changes them, down to none.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERGE_PATCH_CONTENT_TYPE, type PatientRecord } from '@portal/contract';
import type { Database } from '../db/database';
import {
  BACKENDS,
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  newPatient,
  type TestUser,
} from '../test/harness';
import { auditOf, expectProblem, expectSuccess } from '../test/assertions';

describe.each(BACKENDS)('editing a patient’s lists on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let doctor: TestUser;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ app } = await createTestApp(database));
    doctor = await createUser(app, database, 'medical_personnel');
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** A new patient with one disease and one allergy (the last of each); returns its id. */
  async function addPatient(overrides: Record<string, unknown> = {}): Promise<string> {
    const body = {
      ...newPatient(overrides),
      patient_chronic_disease: [{ disease_id: 'I002' }],
      patient_drug_allergy: [{ drug_id: 'R003', reaction: 'Hives', severity: 'moderate' }],
    };
    const response = await call(app, 'POST', '/patient/add-patient', {
      token: doctor.token,
      body,
    });
    expectSuccess(response, 201);
    return body.patient.patient_id;
  }

  async function record(id: string): Promise<PatientRecord> {
    const response = await call(app, 'GET', `/patient/${id}`, { token: doctor.token });
    expectSuccess(response, 200);
    return response.json<PatientRecord>();
  }

  function patch(
    id: string,
    body: unknown,
    contentType = MERGE_PATCH_CONTENT_TYPE,
  ): Promise<LightMyRequestResponse> {
    return call(app, 'PATCH', `/patient/${id}`, {
      token: doctor.token,
      body: body as object,
      headers: { 'content-type': contentType },
    });
  }

  describe('PUT /patient/update-patient', () => {
    it('leaves the lists as they are when they are sent empty, as blanks and 0 are', async () => {
      const id = await addPatient();
      const before = await record(id);
      const response = await call(app, 'PUT', '/patient/update-patient', {
        token: doctor.token,
        body: {
          patient: { ...before.patient, age: 0, first_name: '', unhealthy_habits: 'Smoking' },
          patient_chronic_disease: [],
          patient_drug_allergy: [],
        },
      });
      expectSuccess(response, 200);
      const expected = { ...before, patient: { ...before.patient, unhealthy_habits: 'Smoking' } };
      expect(response.json()).toEqual(expected);
      expect(await record(id)).toEqual(expected);
    });
  });

  describe('PATCH /patient/{patient_id}', () => {
    it('removes the last allergy and the last disease, audited as an update', async () => {
      const id = await addPatient();
      const before = await record(id);
      expect(before.patient_drug_allergy).toHaveLength(1);
      expect(before.patient_chronic_disease).toHaveLength(1);

      const response = await patch(id, { patient_drug_allergy: [], patient_chronic_disease: [] });
      expectSuccess(response, 200);
      const expected = { ...before, patient_drug_allergy: [], patient_chronic_disease: [] };
      expect(response.json()).toEqual(expected);
      expect(await record(id)).toEqual(expected);
      expect(await auditOf(database, response)).toEqual([
        {
          action: 'patient.update',
          actor_username: doctor.username,
          actor_role: 'medical_personnel',
          record_type: 'patient',
          record_ids: [id],
          outcome: 'success',
          address: '127.0.0.1',
        },
      ]);
    });

    it('changes what it is sent, removes what is null, and leaves the rest', async () => {
      const id = await addPatient();
      const before = await record(id);
      const response = await patch(id, {
        patient: { first_name: 'Somchai', blood_type: null, address: null },
        patient_chronic_disease: null,
        patient_drug_allergy: [{ drug_id: 'R001' }, { drug_id: 'R004', severity: 'severe' }],
      });
      expectSuccess(response, 200);
      expect(response.json()).toEqual({
        ...before,
        patient: { ...before.patient, first_name: 'Somchai', blood_type: null, address: null },
        patient_chronic_disease: [],
        patient_drug_allergy: [
          { drug_id: 'R001', reaction: null, severity: null },
          { drug_id: 'R004', reaction: null, severity: 'severe' },
        ],
      });

      // An empty patch changes nothing.
      const same = await patch(id, {});
      expectSuccess(same, 200);
      expect(same.json()).toEqual(response.json());
    });

    it.each([
      ['a required field removed', { patient: { first_name: null } }, 'patient.first_name'],
      ['a blank required field', { patient: { last_name: '  ' } }, 'patient.last_name'],
      ['age 0', { patient: { age: 0 } }, 'patient.age'],
      ['an age the date of birth denies', { patient: { age: 90 } }, 'patient.age'],
      ['an email at another domain', { patient: { email: 'a@yahoo.com' } }, 'patient.email'],
      ['the Patient ID', { patient: { patient_id: 'P123' } }, 'patient.patient_id'],
      ['a field patients do not have', { patient: { salary: 5 } }, 'patient.salary'],
      ['the history', { medical_history: [] }, 'medical_history'],
      [
        'an unknown drug',
        { patient_drug_allergy: [{ drug_id: 'R999' }] },
        'patient_drug_allergy.0.drug_id',
      ],
      ['a list that is not a list', { patient_chronic_disease: 'I002' }, 'patient_chronic_disease'],
    ])('refuses %s with a 400 naming the field, changing nothing', async (_, body, field) => {
      const id = await addPatient();
      const before = await record(id);
      expectProblem(await patch(id, body), 400, field);
      expect(await record(id)).toEqual(before);
    });

    it('refuses a body that is not a merge patch (415) or not an object (400)', async () => {
      const id = await addPatient();
      const before = await record(id);
      const asJson = await patch(id, { patient_drug_allergy: [] }, 'application/json');
      expect(expectProblem(asJson, 415).detail).toContain(MERGE_PATCH_CONTENT_TYPE);
      expectProblem(await patch(id, [1, 2]), 400);
      expectProblem(await patch(id, '{"patient": '), 400, 'body');
      expect(await record(id)).toEqual(before);
    });

    it('answers 404 for an unknown patient and 409 for another patient’s ID card', async () => {
      expectProblem(await patch('P987654321', { patient_drug_allergy: [] }), 404);
      const other = newPatient();
      expectSuccess(
        await call(app, 'POST', '/patient/add-patient', { token: doctor.token, body: other }),
        201,
      );
      const id = await addPatient();
      const before = await record(id);
      expectProblem(
        await patch(id, {
          patient: { id_card_number: other.patient.id_card_number },
          patient_drug_allergy: [],
        }),
        409,
        'patient.id_card_number',
      );
      expect(await record(id)).toEqual(before);
    });
  });
});

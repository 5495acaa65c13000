/**
 * The problem list and the allergy list: coded from the catalogue, resolved and corrected with
 * their history kept (nothing deleted), the allergy list's three states, who may read and write
 * them, the spec's lists derived from them, and the audit of every read. On each backend.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Allergy,
  type AllergyList,
  type Condition,
  ERROR_REASON_REQUIRED_MESSAGE,
  type PatientRecord,
  type PatientSummary,
} from '@portal/contract';
import { catalogueEntries, catalogueEntry, classesOf, entryForSeedCode } from '../catalogues';
import type { Database } from '../db/database';
import { ALLERGIES_LISTED, ENTERED_IN_ERROR_FINAL } from '../repositories/clinical-lists';
import { auditOf, expectProblem, expectSuccess } from '../test/assertions';
import {
  BACKENDS,
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  newPatient,
  type TestUser,
} from '../test/harness';

const ICD10CM = 'http://hl7.org/fhir/sid/icd-10-cm';
/** Type 2 diabetes mellitus without complications, and a penicillins' drug class. */
const DIABETES = 'icd:E11.9';

describe.each(BACKENDS)('the problem and allergy lists on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let doctor: TestUser;
  let nurse: TestUser;
  let hr: TestUser;
  let patient: TestUser;
  let otherPatient: TestUser;
  /** Catalogue ids read from the catalogue itself. */
  let influenza: string;
  let penicillins: string;
  let amoxicillin: string;
  let peanut: string;

  /** A new patient with no diseases and no allergies on the seed's lists. */
  const bare = () => ({ ...newPatient(), patient_chronic_disease: [], patient_drug_allergy: [] });

  async function addPatient(body: ReturnType<typeof newPatient> = bare()): Promise<string> {
    expectSuccess(
      await call(app, 'POST', '/patient/add-patient', { token: nurse.token, body }),
      201,
    );
    return body.patient.patient_id;
  }

  const addCondition = (patientId: string, body: unknown, token = doctor.token) =>
    call(app, 'POST', `/patient/${patientId}/conditions`, { token, body });
  const addAllergy = (patientId: string, body: unknown, token = nurse.token) =>
    call(app, 'POST', `/patient/${patientId}/allergies`, { token, body });
  const allergies = async (patientId: string, token = nurse.token) => {
    const response = await call(app, 'GET', `/patient/${patientId}/allergies`, { token });
    expectSuccess(response, 200);
    return response.json<AllergyList>();
  };

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ app } = await createTestApp(database));
    doctor = await createUser(app, database, 'medical_personnel', 'P001');
    nurse = await createUser(app, database, 'medical_personnel', 'P002');
    hr = await createUser(app, database, 'HR');
    patient = await createUser(app, database, 'patient');
    otherPatient = await createUser(app, database, 'patient');
    influenza = entryForSeedCode('I007').id;
    amoxicillin = entryForSeedCode('R003').id;
    // The penicillins' class amoxicillin belongs to (ATC J01C).
    penicillins = classesOf(amoxicillin).find(
      (id) => catalogueEntry(id)?.name.toLowerCase() === 'beta-lactam antibacterials, penicillins',
    )!;
    peanut = catalogueEntries().find((e) => e.kind === 'food' && e.name === 'peanut')!.id;
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  describe('conditions', () => {
    it('adds a coded condition with its onset, author and codes; the patient reads it', async () => {
      const added = await addCondition(patient.recordId, {
        condition_id: DIABETES,
        onset_date: '2020-03-01',
        note: 'Diet and metformin',
      });
      expectSuccess(added, 201);
      const condition = added.json<Condition>();
      expect(condition).toMatchObject({
        condition_id: DIABETES,
        onset_date: '2020-03-01',
        clinical_status: 'active',
        verification_status: 'confirmed',
        error_reason: null,
        note: 'Diet and metformin',
        recorded_by: { employee_id: doctor.recordId },
      });
      expect(condition.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(condition.name.toLowerCase()).toContain('type 2 diabetes');
      expect(condition.codes).toContainEqual(
        expect.objectContaining({ system: ICD10CM, code: 'E11.9' }),
      );
      expect(condition.history).toHaveLength(1);

      const own = await call(app, 'GET', `/patient/${patient.recordId}/conditions`, {
        token: patient.token,
      });
      expectSuccess(own, 200);
      expect(own.json<Condition[]>().map((c) => c.id)).toEqual([condition.id]);
      // The read is audited, as the record's reads are.
      expect(await auditOf(database, own)).toEqual([
        expect.objectContaining({
          action: 'patient.condition.read',
          record_ids: [patient.recordId],
          outcome: 'success',
        }),
      ]);
    });

    it('refuses another patient, HR, and a Nurse diagnosing (403 naming the action)', async () => {
      expectProblem(
        await call(app, 'GET', `/patient/${patient.recordId}/conditions`, {
          token: otherPatient.token,
        }),
        403,
      );
      expectProblem(
        await call(app, 'GET', `/patient/${patient.recordId}/conditions`, { token: hr.token }),
        403,
      );
      const refused = expectProblem(
        await addCondition(patient.recordId, { condition_id: DIABETES }, nurse.token),
        403,
      );
      expect(refused).toMatchObject({ action: 'diagnose' });
      expectProblem(
        await addCondition(patient.recordId, { condition_id: DIABETES }, patient.token),
        403,
      );
    });

    it('takes only a condition of the catalogue (400 naming condition_id)', async () => {
      expectProblem(
        await addCondition(patient.recordId, { condition_id: 'icd:Z99.999' }),
        400,
        'condition_id',
      );
      // A drug is no diagnosis.
      expectProblem(
        await addCondition(patient.recordId, { condition_id: amoxicillin }),
        400,
        'condition_id',
      );
      expectProblem(
        await addCondition(patient.recordId, { condition_id: '' }),
        400,
        'condition_id',
      );
      expectProblem(
        await addCondition(patient.recordId, { condition_id: DIABETES, clinical_status: 'cured' }),
        400,
        'clinical_status',
      );
      expectProblem(
        await addCondition(patient.recordId, {
          condition_id: DIABETES,
          verification_status: 'entered-in-error',
        }),
        400,
        'verification_status',
      );
      expectProblem(
        await addCondition(patient.recordId, { condition_id: DIABETES, onset_date: '2999-01-01' }),
        400,
        'onset_date',
      );
      expectProblem(await addCondition('P999999', { condition_id: DIABETES }), 404);
    });

    it('resolves, then corrects with a reason; keeps every state; refuses a change after', async () => {
      const patientId = await addPatient();
      const added = (await addCondition(patientId, { condition_id: influenza })).json<Condition>();
      const patch = (body: unknown, token = doctor.token) =>
        call(app, 'PATCH', `/patient/${patientId}/conditions/${added.id}`, { token, body });

      const resolved = await patch({ clinical_status: 'resolved' });
      expectSuccess(resolved, 200);
      expect(resolved.json<Condition>()).toMatchObject({ clinical_status: 'resolved' });

      const noReason = expectProblem(
        await patch({ verification_status: 'entered-in-error' }),
        400,
        'error_reason',
      );
      expect(noReason.errors?.[0]?.message).toBe(ERROR_REASON_REQUIRED_MESSAGE);
      expectProblem(await patch({}), 400);
      expectProblem(await patch({ clinical_status: 'active' }, nurse.token), 403);

      const corrected = await patch({
        verification_status: 'entered-in-error',
        error_reason: 'Wrong patient',
      });
      expectSuccess(corrected, 200);
      const final = corrected.json<Condition>();
      expect(final).toMatchObject({
        verification_status: 'entered-in-error',
        error_reason: 'Wrong patient',
        changed_by: { employee_id: doctor.recordId },
      });
      expect(final.history.map((h) => [h.clinical_status, h.verification_status])).toEqual([
        ['active', 'confirmed'],
        ['resolved', 'confirmed'],
        ['resolved', 'entered-in-error'],
      ]);
      const again = expectProblem(
        await patch({ clinical_status: 'active' }),
        409,
        'verification_status',
      );
      expect(again.detail).toBe(ENTERED_IN_ERROR_FINAL);
      // Still there: nothing is deleted.
      const list = await call(app, 'GET', `/patient/${patientId}/conditions`, {
        token: nurse.token,
      });
      expect(list.json<Condition[]>().map((c) => c.verification_status)).toEqual([
        'entered-in-error',
      ]);
      // Another patient's entry, or an unknown one, is not found.
      expectProblem(
        await call(app, 'PATCH', `/patient/${patient.recordId}/conditions/${added.id}`, {
          token: doctor.token,
          body: { note: 'x' },
        }),
        404,
      );
    });

    it("derives the spec's patient_chronic_disease from the active problems", async () => {
      const patientId = await addPatient();
      const flu = (await addCondition(patientId, { condition_id: influenza })).json<Condition>();
      expectSuccess(await addCondition(patientId, { condition_id: DIABETES }), 201);
      const record = async () =>
        (
          await call(app, 'GET', `/patient/${patientId}`, { token: nurse.token })
        ).json<PatientRecord>();
      // Influenza stands for the seed's I007; diabetes has no seed id and is not in that list.
      expect((await record()).patient_chronic_disease).toEqual([{ disease_id: 'I007' }]);
      expectSuccess(
        await call(app, 'PATCH', `/patient/${patientId}/conditions/${flu.id}`, {
          token: doctor.token,
          body: { clinical_status: 'resolved' },
        }),
        200,
      );
      expect((await record()).patient_chronic_disease).toEqual([]);
    });
  });

  describe('allergies', () => {
    it('starts a new patient as not yet asked; no known allergies says who and when', async () => {
      const patientId = await addPatient();
      expect(await allergies(patientId)).toEqual({
        state: 'not_asked',
        no_known_allergies: null,
        allergies: [],
      });
      const none = await call(app, 'POST', `/patient/${patientId}/allergies/none`, {
        token: nurse.token,
        body: {},
      });
      expectSuccess(none, 200);
      expect(none.json<AllergyList>()).toMatchObject({
        state: 'no_known',
        no_known_allergies: { recorded_by: { employee_id: nurse.recordId } },
        allergies: [],
      });
      expect((await allergies(patientId, doctor.token)).state).toBe('no_known');
    });

    it('starts as a list when the add recorded allergies', async () => {
      // The seed's add names an allergy (amoxicillin, R003).
      const patientId = await addPatient(newPatient());
      expect((await allergies(patientId)).state).toBe('listed');
    });

    it('records a class allergy; the list is then a list, and no known allergies is refused', async () => {
      const patientId = await addPatient();
      expectSuccess(
        await call(app, 'POST', `/patient/${patientId}/allergies/none`, {
          token: nurse.token,
          body: {},
        }),
        200,
      );
      const added = await addAllergy(patientId, {
        substance_id: penicillins,
        reaction: 'Hives',
        severity: 'moderate',
        criticality: 'high',
        onset_date: '2015-06-01',
      });
      expectSuccess(added, 201);
      const allergy = added.json<Allergy>();
      expect(allergy).toMatchObject({
        substance_id: penicillins,
        kind: 'class',
        reaction: 'Hives',
        severity: 'moderate',
        criticality: 'high',
        clinical_status: 'active',
        verification_status: 'confirmed',
        recorded_by: { employee_id: nurse.recordId },
      });
      expect(allergy.codes.length).toBeGreaterThan(0);
      const list = await allergies(patientId);
      expect(list.state).toBe('listed');
      expect(list.no_known_allergies).toBeNull();
      expect(list.allergies.map((a) => a.id)).toEqual([allergy.id]);
      const refused = expectProblem(
        await call(app, 'POST', `/patient/${patientId}/allergies/none`, {
          token: nurse.token,
          body: {},
        }),
        409,
        'allergies',
      );
      expect(refused.detail).toBe(ALLERGIES_LISTED);
      // The same substance twice is refused.
      expectProblem(
        await addAllergy(patientId, { substance_id: penicillins }),
        409,
        'substance_id',
      );
      // A class of drugs is a drug allergy for the list pages.
      const summary = await call(app, 'GET', '/patient?view=summary&limit=100', {
        token: nurse.token,
      });
      expect(
        summary.json<PatientSummary[]>().find((p) => p.patient_id === patientId)
          ?.has_drug_allergies,
      ).toBe(true);
    });

    it("derives the spec's patient_drug_allergy; corrects an allergy with its reason", async () => {
      const patientId = await addPatient();
      const amox = (
        await addAllergy(patientId, { substance_id: amoxicillin, severity: 'severe' })
      ).json<Allergy>();
      expectSuccess(await addAllergy(patientId, { substance_id: peanut }), 201);
      const record = async () =>
        (
          await call(app, 'GET', `/patient/${patientId}`, { token: nurse.token })
        ).json<PatientRecord>();
      expect((await record()).patient_drug_allergy).toEqual([
        { drug_id: 'R003', reaction: null, severity: 'severe' },
      ]);
      const patch = (body: unknown) =>
        call(app, 'PATCH', `/patient/${patientId}/allergies/${amox.id}`, {
          token: doctor.token,
          body,
        });
      expectProblem(await patch({ verification_status: 'entered-in-error' }), 400, 'error_reason');
      const corrected = await patch({
        verification_status: 'entered-in-error',
        error_reason: 'Was a rash from the virus',
      });
      expectSuccess(corrected, 200);
      expect(corrected.json<Allergy>().history).toHaveLength(2);
      expect((await record()).patient_drug_allergy).toEqual([]);
      // The peanut allergy keeps the list a list.
      expect((await allergies(patientId)).state).toBe('listed');
    });

    it('lets a patient read only their own, and refuses a write by a patient or HR', async () => {
      expectSuccess(
        await call(app, 'GET', `/patient/${patient.recordId}/allergies`, { token: patient.token }),
        200,
      );
      expectProblem(
        await call(app, 'GET', `/patient/${patient.recordId}/allergies`, {
          token: otherPatient.token,
        }),
        403,
      );
      expectProblem(
        await addAllergy(patient.recordId, { substance_id: peanut }, patient.token),
        403,
      );
      expectProblem(await addAllergy(patient.recordId, { substance_id: peanut }, hr.token), 403);
      expectProblem(
        await addAllergy(patient.recordId, { substance_id: DIABETES }),
        400,
        'substance_id',
      );
    });

    it('writes once for one Idempotency-Key', async () => {
      const patientId = await addPatient();
      const send = () =>
        call(app, 'POST', `/patient/${patientId}/allergies`, {
          token: nurse.token,
          body: { substance_id: peanut },
          headers: { 'idempotency-key': `allergy-${patientId}` },
        });
      const first = await send();
      const second = await send();
      expectSuccess(first, 201);
      expect(second.statusCode).toBe(201);
      expect(second.json<Allergy>().id).toBe(first.json<Allergy>().id);
      expect((await allergies(patientId)).allergies).toHaveLength(1);
    });
  });
});

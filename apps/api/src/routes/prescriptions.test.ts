/**
 * Prescriptions: a drug of the catalogue prescribed by a Doctor (a Nurse may not), checked
 * before anything is written against the patient's active allergies (to the drug or to a class
 * of it) and active prescriptions (the same ingredient or ATC chemical subgroup), each a 409
 * naming the check unless overridden with a reason, kept and audited; thirty prescriptions of
 * one drug sent at once leave exactly one active. Stopped with a reason, never deleted; the
 * patient reads their own, and MyInfo's current medications; the access log names who
 * prescribed. On each backend.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessLogSchema,
  CATALOGUE_ID_MESSAGE,
  DOSE_MESSAGE,
  DURATION_DAYS_MESSAGE,
  type Medication,
  MEDICATION_ALLERGY_MESSAGE,
  MEDICATION_DUPLICATE_MESSAGE,
  MEDICATION_NOT_ACTIVE_MESSAGE,
  medicationListSchema,
  medicationSchema,
} from '@portal/contract';
import { type Database } from '../db/database';
import { auditOf, expectProblem, expectSuccess } from '../test/assertions';
import {
  allergyFreePatient,
  closeClinic,
  openClinic,
  PRESCRIPTION_INSTRUCTIONS,
  prescription,
} from '../test/fixtures';
import { BACKENDS, call, createUser, type TestUser } from '../test/harness';

/** Drugs of the catalogue: amoxicillin and ampicillin (both J01CA, penicillins J01C), others. */
const AMOXICILLIN = 'rxn:723';
const AMPICILLIN = 'rxn:733';
const CLOXACILLIN = 'rxn:2625';
const IBUPROFEN = 'rxn:5640';
const NAPROXEN = 'rxn:7258';
const METFORMIN = 'rxn:6809';
const PARACETAMOL = 'rxn:161';

describe.each(BACKENDS)('prescriptions on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let doctor: TestUser;
  let nurse: TestUser;
  let patient: TestUser;

  const prescribe = (patientId: string, body: unknown, by: TestUser = doctor, key?: string) =>
    call(app, 'POST', `/patient/${patientId}/medications`, {
      token: by.token,
      body,
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });
  const list = (patientId: string, by: TestUser = nurse) =>
    call(app, 'GET', `/patient/${patientId}/medications`, { token: by.token });

  const allergyFree = () => allergyFreePatient(app, doctor);

  beforeAll(async () => {
    ({ database, app, doctor, nurse, patient } = await openClinic(backend));
  });

  afterAll(() => closeClinic({ app, database }));

  it('prescribes a catalogue drug: names and codes, prescriber, active, audited', async () => {
    const own = await allergyFree();
    const response = await prescribe(own, prescription(AMOXICILLIN));
    expectSuccess(response, 201);
    const medication = medicationSchema.parse(response.json());
    // What was prescribed comes back as sent (drug, dose, unit, route, frequency, days, …).
    expect(medication).toMatchObject({
      ...prescription(AMOXICILLIN),
      name: 'amoxicillin',
      status: 'active',
      stopped: null,
      override_reason: null,
      prescribed_by: { employee_id: doctor.recordId },
      allergy_conflicts: [],
    });
    expect(medication.codes[0]).toEqual({
      system: 'http://www.nlm.nih.gov/research/umls/rxnorm',
      code: '723',
      display: 'amoxicillin',
    });
    expect(Date.parse(medication.ends_at) - Date.parse(medication.created_at)).toBe(7 * 86_400_000);
    expect(await auditOf(database, response)).toEqual([
      expect.objectContaining({
        action: 'patient.medication.create',
        record_ids: [own],
        outcome: 'success',
      }),
    ]);
    const listed = await list(own);
    expectSuccess(listed, 200);
    expect(medicationListSchema.parse(listed.json()).map((m) => m.id)).toEqual([medication.id]);
  });

  it('refuses a drug allergy: the seed’s R003 stands for amoxicillin (409 naming allergy)', async () => {
    const response = await prescribe(patient.recordId, prescription(AMOXICILLIN));
    const problem = expectProblem(response, 409, 'allergy');
    expect(problem.detail).toBe(MEDICATION_ALLERGY_MESSAGE);
    expect(problem.prescription_conflicts).toEqual({
      allergies: [{ allergy_id: null, substance_id: AMOXICILLIN, name: 'amoxicillin' }],
      duplicates: [],
    });
    expect((await list(patient.recordId)).json<Medication[]>()).toEqual([]);
    expect(await auditOf(database, response)).toEqual([
      expect.objectContaining({ action: 'patient.medication.create', outcome: 'failure' }),
    ]);
  });

  it('refuses a class allergy: penicillins cover amoxicillin', async () => {
    const own = await allergyFree();
    const allergy = await call(app, 'POST', `/patient/${own}/allergies`, {
      token: nurse.token,
      body: { substance_id: 'atc:J01C', reaction: 'Hives' },
    });
    expectSuccess(allergy, 201);
    const response = await prescribe(own, prescription(AMOXICILLIN));
    const problem = expectProblem(response, 409, 'allergy');
    expect(problem.prescription_conflicts?.allergies).toEqual([
      {
        allergy_id: allergy.json<{ id: string }>().id,
        substance_id: 'atc:J01C',
        name: 'Beta-lactam antibacterials, penicillins',
      },
    ]);
    // A resolved allergy no longer stops it.
    expectSuccess(
      await call(app, 'PATCH', `/patient/${own}/allergies/${allergy.json<{ id: string }>().id}`, {
        token: nurse.token,
        body: { clinical_status: 'resolved' },
      }),
      200,
    );
    expectSuccess(await prescribe(own, prescription(AMOXICILLIN)), 201);
  });

  it('refuses a duplicate therapy: the same ingredient, or the same ATC chemical subgroup', async () => {
    const own = await allergyFree();
    const first = await prescribe(own, prescription(IBUPROFEN, { dose: 400 }));
    expectSuccess(first, 201);
    const same = expectProblem(
      await prescribe(own, prescription(IBUPROFEN)),
      409,
      'duplicate_therapy',
    );
    expect(same.detail).toBe(MEDICATION_DUPLICATE_MESSAGE);
    expect(same.prescription_conflicts).toEqual({
      allergies: [],
      duplicates: [
        {
          medication_id: first.json<Medication>().id,
          drug_id: IBUPROFEN,
          name: 'ibuprofen',
          shared: IBUPROFEN,
        },
      ],
    });
    const sameClass = expectProblem(
      await prescribe(own, prescription(NAPROXEN)),
      409,
      'duplicate_therapy',
    );
    // Both are propionic acid derivatives (M01AE) and in G02CC; the first shared class is named.
    expect(['atc:G02CC', 'atc:M01AE']).toContain(
      sameClass.prescription_conflicts?.duplicates[0]?.shared,
    );
    // Another subgroup of the same broader class is no duplicate (amoxicillin J01CA, cloxacillin
    // J01CF); neither is an unrelated drug.
    expectSuccess(await prescribe(own, prescription(AMOXICILLIN)), 201);
    expectSuccess(await prescribe(own, prescription(CLOXACILLIN)), 201);
    expectSuccess(await prescribe(own, prescription(METFORMIN)), 201);
  });

  it('names both checks at once, and lets an override reason past them, kept and audited', async () => {
    const own = await allergyFree();
    expectSuccess(
      await call(app, 'POST', `/patient/${own}/allergies`, {
        token: nurse.token,
        body: { substance_id: 'atc:J01C' },
      }),
      201,
    );
    expectSuccess(
      await prescribe(own, prescription(AMPICILLIN, { override_reason: 'Tolerated before' })),
      201,
    );
    const both = expectProblem(await prescribe(own, prescription(AMOXICILLIN)), 409);
    expect(both.errors?.map((e) => e.field)).toEqual(['allergy', 'duplicate_therapy']);
    expect(both.prescription_conflicts?.duplicates[0]).toMatchObject({
      drug_id: AMPICILLIN,
      shared: 'atc:J01CA',
    });
    const overridden = await prescribe(
      own,
      prescription(AMOXICILLIN, { override_reason: 'Desensitised; switching from ampicillin' }),
    );
    expectSuccess(overridden, 201);
    expect(overridden.json<Medication>()).toMatchObject({
      override_reason: 'Desensitised; switching from ampicillin',
      allergy_conflicts: [{ substance_id: 'atc:J01C' }],
    });
    expect((await auditOf(database, overridden)).map((row) => row.action)).toEqual([
      'patient.medication.create-override',
      'patient.medication.create',
    ]);
    // A reason with nothing to override is not kept.
    const plain = await prescribe(
      own,
      prescription(METFORMIN, { override_reason: 'Just in case' }),
    );
    expectSuccess(plain, 201);
    expect(plain.json<Medication>().override_reason).toBeNull();
    expect((await auditOf(database, plain)).map((row) => row.action)).toEqual([
      'patient.medication.create',
    ]);
  });

  it('shows an allergy recorded after the prescription as a conflict on the list', async () => {
    const own = await allergyFree();
    const given = await prescribe(own, prescription(AMOXICILLIN));
    expectSuccess(given, 201);
    expect(given.json<Medication>().allergy_conflicts).toEqual([]);
    const allergy = await call(app, 'POST', `/patient/${own}/allergies`, {
      token: nurse.token,
      body: { substance_id: 'atc:J01C' },
    });
    expectSuccess(allergy, 201);
    const [listed] = (await list(own)).json<Medication[]>();
    expect(listed!.allergy_conflicts).toEqual([
      {
        allergy_id: allergy.json<{ id: string }>().id,
        substance_id: 'atc:J01C',
        name: 'Beta-lactam antibacterials, penicillins',
      },
    ]);
  });

  it('leaves exactly one active of thirty prescriptions of one drug sent at once', async () => {
    const own = await allergyFree();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => prescribe(own, prescription(PARACETAMOL))),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(29);
    for (const refused of answers.filter((r) => r.statusCode === 409))
      expectProblem(refused, 409, 'duplicate_therapy');
    const active = (await list(own)).json<Medication[]>().filter((m) => m.status === 'active');
    expect(active).toHaveLength(1);
  });

  it('takes an Idempotency-Key: a retry answers the first prescription again', async () => {
    const own = await allergyFree();
    const first = await prescribe(own, prescription(METFORMIN), doctor, 'rx-retry-1');
    expectSuccess(first, 201);
    const retry = await prescribe(own, prescription(METFORMIN), doctor, 'rx-retry-1');
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json<Medication>().id).toBe(first.json<Medication>().id);
    expect((await list(own)).json<Medication[]>()).toHaveLength(1);
  });

  it('stops a prescription with a reason, once; the row is kept and cannot be deleted', async () => {
    const own = await allergyFree();
    const given = (await prescribe(own, prescription(METFORMIN))).json<Medication>();
    const stop = (medicationId: string, body: unknown = { reason: 'Stomach upset' }) =>
      call(app, 'POST', `/patient/${own}/medications/${medicationId}/stop`, {
        token: doctor.token,
        body,
      });
    expectProblem(await stop(given.id, { reason: ' ' }), 400, 'reason');
    const stopped = await stop(given.id);
    expectSuccess(stopped, 200);
    expect(stopped.json<Medication>()).toMatchObject({
      status: 'stopped',
      stopped: { reason: 'Stomach upset', by: { employee_id: doctor.recordId } },
    });
    expect(await auditOf(database, stopped)).toEqual([
      expect.objectContaining({ action: 'patient.medication.stop', outcome: 'success' }),
    ]);
    expectProblem(await stop(given.id), 409, 'medication_id');
    expect((await stop(given.id)).json<{ detail: string }>().detail).toBe(
      MEDICATION_NOT_ACTIVE_MESSAGE,
    );
    // Another patient's prescription, or none: 404.
    expectProblem(
      await call(app, 'POST', `/patient/${patient.recordId}/medications/${given.id}/stop`, {
        token: doctor.token,
        body: { reason: 'x' },
      }),
      404,
    );
    // Stopped, it no longer counts as active therapy.
    expectSuccess(await prescribe(own, prescription(METFORMIN)), 201);
    await expect(
      database.db.execute(sql`delete from medication_request where medication_id = ${given.id}`),
    ).rejects.toThrow();
    await expect(
      database.db.execute(
        sql`update medication_request set dose = 1 where medication_id = ${given.id}`,
      ),
    ).rejects.toThrow();
  });

  it('completes a prescription whose days are over; it no longer blocks', async () => {
    const own = await allergyFree();
    const given = (await prescribe(own, prescription(NAPROXEN))).json<Medication>();
    // Trigger-free in the test only: as if prescribed eight days ago.
    await database.db.execute(
      sql`alter table medication_request disable trigger medication_request_kept`,
    );
    await database.db.execute(
      sql`update medication_request set created_at = now() - interval '8 days',
            ends_at = now() - interval '1 day' where medication_id = ${given.id}`,
    );
    await database.db.execute(
      sql`alter table medication_request enable trigger medication_request_kept`,
    );
    const [listed] = (await list(own)).json<Medication[]>();
    expect(listed!.status).toBe('completed');
    expectSuccess(await prescribe(own, prescription(NAPROXEN)), 201);
  });

  it('refuses what is not a drug of the catalogue and implausible amounts, naming the field', async () => {
    const own = await allergyFree();
    const notDrug = expectProblem(await prescribe(own, prescription('atc:J01C')), 400, 'drug_id');
    expect(notDrug.detail).toBe(CATALOGUE_ID_MESSAGE);
    expectProblem(await prescribe(own, prescription('rxn:999999999')), 400, 'drug_id');
    const dose = expectProblem(
      await prescribe(own, prescription(METFORMIN, { dose: 0 })),
      400,
      'dose',
    );
    expect(dose.errors?.[0]?.message).toBe(DOSE_MESSAGE);
    expectProblem(await prescribe(own, prescription(METFORMIN, { dose: 1e308 })), 400, 'dose');
    expectProblem(await prescribe(own, prescription(METFORMIN, { dose: 0.0001 })), 400, 'dose');
    // Too small to keep (it would round to 0), however few its decimals look.
    expectProblem(await prescribe(own, prescription(METFORMIN, { dose: 8e-323 })), 400, 'dose');
    const days = expectProblem(
      await prescribe(own, prescription(METFORMIN, { duration_days: 366 })),
      400,
      'duration_days',
    );
    expect(days.errors?.[0]?.message).toBe(DURATION_DAYS_MESSAGE);
    expectProblem(await prescribe(own, prescription(METFORMIN, { quantity: -1 })), 400, 'quantity');
    expectProblem(await prescribe(own, prescription(METFORMIN, { route: 'ear' })), 400, 'route');
    expectProblem(await prescribe(own, prescription(METFORMIN, { unit: 'kg' })), 400, 'unit');
    expectProblem(
      await prescribe(own, prescription(METFORMIN, { frequency: 'hourly' })),
      400,
      'frequency',
    );
    expectProblem(
      await prescribe(own, prescription(METFORMIN, { instructions: '' })),
      400,
      'instructions',
    );
    expectProblem(await prescribe('P999999', prescription(METFORMIN)), 404);
    expect((await list(own)).json<Medication[]>()).toEqual([]);
  });

  it('lets only a Doctor prescribe or stop: a Nurse is refused (403 naming the action)', async () => {
    const own = await allergyFree();
    const refused = expectProblem(await prescribe(own, prescription(METFORMIN), nurse), 403);
    expect(refused.action).toBe('prescribe');
    const given = (await prescribe(own, prescription(METFORMIN))).json<Medication>();
    const stop = await call(app, 'POST', `/patient/${own}/medications/${given.id}/stop`, {
      token: nurse.token,
      body: { reason: 'No' },
    });
    expect(expectProblem(stop, 403).action).toBe('prescribe');
    // A nurse reads the list.
    expectSuccess(await list(own, nurse), 200);
  });

  it('lets a patient read their own list and current medications, not another’s', async () => {
    const own = await createUser(app, database, 'patient');
    const other = await createUser(app, database, 'patient');
    const given = await prescribe(own.recordId, prescription(METFORMIN));
    expectSuccess(given, 201);
    const stopped = (await prescribe(own.recordId, prescription(PARACETAMOL))).json<Medication>();
    expectSuccess(
      await call(app, 'POST', `/patient/${own.recordId}/medications/${stopped.id}/stop`, {
        token: doctor.token,
        body: { reason: 'Pain gone' },
      }),
      200,
    );
    expectSuccess(await list(own.recordId, own), 200);
    expectProblem(await list(own.recordId, other), 403);
    expectProblem(await prescribe(own.recordId, prescription(METFORMIN), own), 403);
    const mine = await call(app, 'GET', '/profile/medications', { token: own.token });
    expectSuccess(mine, 200);
    const current = medicationListSchema.parse(mine.json());
    expect(current.map((m) => [m.drug_id, m.instructions, m.name_th])).toEqual([
      [METFORMIN, PRESCRIPTION_INSTRUCTIONS, 'เมทฟอร์มิน'],
    ]);
    expect(await auditOf(database, mine)).toEqual([
      expect.objectContaining({ action: 'patient.medication.read', record_ids: [own.recordId] }),
    ]);
    expectProblem(await call(app, 'GET', '/profile/medications', { token: doctor.token }), 403);
  });

  it("shows in the patient's access log who prescribed and who stopped", async () => {
    const own = await createUser(app, database, 'patient');
    const given = (await prescribe(own.recordId, prescription(METFORMIN))).json<Medication>();
    expectSuccess(
      await call(app, 'POST', `/patient/${own.recordId}/medications/${given.id}/stop`, {
        token: doctor.token,
        body: { reason: 'Changed plan' },
      }),
      200,
    );
    const response = await call(app, 'GET', '/profile/access-log?limit=10', { token: own.token });
    expectSuccess(response, 200);
    const entries = accessLogSchema.parse(response.json());
    const kinds = entries.flatMap((e) => e.kinds ?? [e.kind]);
    expect(kinds).toContain('prescribed');
    expect(kinds).toContain('prescription-stopped');
    const prescribed = entries.find((e) => (e.kinds ?? [e.kind]).includes('prescribed'));
    expect(prescribed).toMatchObject({ actor: 'staff', role: 'medical_personnel' });
    expect(prescribed!.name).toBeTruthy();
  });
});

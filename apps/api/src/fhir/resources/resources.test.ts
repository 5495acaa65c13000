import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../db/database';
import { entryForSeedCode } from '../../catalogues';
import { patientsRepository } from '../../repositories/patients';
import type { RequestContext } from '../../repositories/audit';
import {
  BACKENDS,
  createTestDatabase,
  createUser,
  createTestApp,
  newPatient,
  patientAddInput,
} from '../../test/harness';
import { expectValid, loadValidator, validationIssues } from '../test/validator';
import {
  allergyRowsQuery,
  type AllergyRow,
  appointmentRowsQuery,
  type AppointmentRow,
  auditEventRowsQuery,
  type AuditEventRow,
  conditionRowsQuery,
  type ConditionRow,
  historyRowsQuery,
  type HistoryRow,
  patientRowsQuery,
  type PatientRow,
  practitionerRowsQuery,
  type PractitionerRow,
  toAllergyIntolerance,
  toAppointment,
  toEncounter,
  toAuditEvent,
  toBloodTypeObservation,
  toCondition,
  toDocumentReference,
  toPatient,
  toPractitioner,
  toPractitionerRole,
} from './index';

const SYSTEM: RequestContext = { actor: null, address: '127.0.0.1', requestId: 'test' };

// The definitions take seconds to index, and far longer on a busy machine.
beforeAll(loadValidator, 240_000);

describe('the validator itself', () => {
  it('refuses what R4 refuses (so a pass means something)', () => {
    // (Codes are checked for their form, not against required value sets: the mappers' tests
    // assert the codes they use.)
    expect(validationIssues({ resourceType: 'Patient', birthDate: '1980-13-45' })).not.toEqual([]);
    expect(validationIssues({ resourceType: 'Patient', gender: 5 } as never)).not.toEqual([]);
    expect(validationIssues({ resourceType: 'Patient', unknownElement: 1 } as never)).not.toEqual(
      [],
    );
    // ait-1: a confirmed allergy needs a clinical status.
    expect(
      validationIssues({
        resourceType: 'AllergyIntolerance',
        patient: { reference: 'Patient/P1' },
        verificationStatus: {
          coding: [
            {
              system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification',
              code: 'confirmed',
            },
          ],
        },
      }),
    ).not.toEqual([]);
  });
});

describe('mappers on edge rows', () => {
  const patientRow: PatientRow = {
    k: 1,
    patient_id: 'P001',
    first_name: 'Somchai',
    last_name: 'Jaidee',
    date_of_birth: '1980-02-29',
    gender: 'male',
    blood_type: null,
    email: 'somchai@gmail.com',
    address: null,
    phone_number: '0812345678',
    id_card_number: '1234567890123',
    health_insurance: 'yes',
    ongoing_treatment: 'none',
    unhealthy_habits: 'none',
    updated_at: '2026-01-01T00:00:00.000Z',
  };

  it('maps a patient without blood type or address, and no blood observation', () => {
    const resource = toPatient(patientRow);
    expectValid(resource);
    expect(resource.address).toBeUndefined();
    expect(resource.identifier?.[0]?.value).toBe('P001');
    expect(toBloodTypeObservation(patientRow)).toBeNull();
  });

  it('maps each blood group to a valid observation', () => {
    for (const blood_type of ['A', 'B', 'AB', 'O']) {
      const observation = toBloodTypeObservation({ ...patientRow, blood_type })!;
      expectValid(observation);
      expect(observation.valueCodeableConcept?.coding?.[0]?.system).toBe('http://snomed.info/sct');
    }
  });

  it('maps allergies with and without reaction and severity, and the class without RxNorm', () => {
    const base: AllergyRow = {
      k: 1,
      patient_id: 'P001',
      code: 'rxn:723',
      seed_id: 'R003',
      entry_id: null,
      kind: 'drug',
      reaction: null,
      severity: null,
      criticality: null,
      clinical_status: 'active',
      verification_status: 'confirmed',
      onset_date: null,
      error_reason: null,
      recorded_by: null,
      recorded_at: null,
    };
    const entry: AllergyRow = {
      ...base,
      seed_id: null,
      entry_id: '3f1c1f7e-0d1c-4d0b-9f3e-2a4b5c6d7e8f',
      recorded_by: { employee_id: 'E001', first_name: 'Somchai', last_name: 'Dee' },
      recorded_at: '2026-01-02T03:04:05.000Z',
    };
    const rows: AllergyRow[] = [
      base,
      { ...base, reaction: 'Hives', severity: 'severe', criticality: 'high' },
      { ...base, severity: 'mild', criticality: 'low' },
      { ...base, code: 'atc:J01', seed_id: 'R001', kind: 'class', reaction: 'Rash' },
      { ...entry, code: 'atc:J01C', kind: 'class', criticality: 'unable-to-assess' },
      { ...entry, code: 'sct:762952008', kind: 'food', onset_date: '2020-05-01' },
      { ...entry, code: 'sct:256259004', kind: 'environment', clinical_status: 'resolved' },
      { ...entry, verification_status: 'entered-in-error', error_reason: 'wrong patient' },
      { ...base, code: 'sct:716186003', seed_id: 'nka', kind: null },
    ];
    for (const row of rows) expectValid(toAllergyIntolerance(row));
    expect(toAllergyIntolerance(rows[1]!).reaction?.[0]?.severity).toBe('severe');
    expect(toAllergyIntolerance(rows[1]!).criticality).toBe('high');
    const systems = toAllergyIntolerance(rows[3]!).code?.coding?.map((c) => c.system);
    expect(systems).not.toContain('http://www.nlm.nih.gov/research/umls/rxnorm');
    expect(toAllergyIntolerance(rows[4]!)).toMatchObject({
      id: entry.entry_id,
      category: ['medication'],
      criticality: 'unable-to-assess',
      code: { coding: [{ system: 'http://www.whocc.no/atc', code: 'J01C' }] },
      recorder: { reference: 'Practitioner/E001' },
      recordedDate: entry.recorded_at,
    });
    expect(toAllergyIntolerance(rows[5]!)).toMatchObject({
      category: ['food'],
      onsetDateTime: '2020-05-01',
      code: { coding: [{ system: 'http://snomed.info/sct', code: '762952008' }] },
    });
    expect(toAllergyIntolerance(rows[6]!).category).toEqual(['environment']);
    const corrected = toAllergyIntolerance(rows[7]!);
    expect(corrected.clinicalStatus).toBeUndefined();
    expect(corrected.verificationStatus?.coding?.[0]?.code).toBe('entered-in-error');
    expect(toAllergyIntolerance(rows[8]!)).toMatchObject({
      id: 'P001-nka',
      code: { coding: [{ system: 'http://snomed.info/sct', code: '716186003' }] },
    });
  });

  it('maps every seed disease and problem list entries to coded problem-list conditions', () => {
    for (let n = 1; n <= 11; n++) {
      const seed = `I${String(n).padStart(3, '0')}`;
      const row: ConditionRow = {
        k: n,
        patient_id: 'P001',
        code: entryForSeedCode(seed)!.id,
        seed_id: seed,
        entry_id: null,
        clinical_status: 'active',
        verification_status: 'confirmed',
        onset_date: null,
        note: null,
        error_reason: null,
        recorded_by: null,
        recorded_at: null,
      };
      const condition = toCondition(row);
      expectValid(condition);
      expect(condition.id).toBe(`P001-${seed}`);
      expect(condition.code?.coding?.[0]?.system).toBe('http://hl7.org/fhir/sid/icd-10-cm');
      expect(condition.code?.coding?.map((c) => c.system)).toContain(
        'http://hl7.org/fhir/sid/icd-10',
      );
    }
    const entry: ConditionRow = {
      k: 2e14 + 1,
      patient_id: 'P001',
      code: 'icd:E11.9',
      seed_id: null,
      entry_id: '3f1c1f7e-0d1c-4d0b-9f3e-2a4b5c6d7e8f',
      clinical_status: 'resolved',
      verification_status: 'provisional',
      onset_date: '2019-03-04',
      note: 'Diet controlled',
      error_reason: null,
      recorded_by: { employee_id: 'E001', first_name: 'Somchai', last_name: 'Dee' },
      recorded_at: '2026-01-02T03:04:05.000Z',
    };
    const condition = toCondition(entry);
    expectValid(condition);
    expect(condition).toMatchObject({
      id: entry.entry_id,
      clinicalStatus: { coding: [{ code: 'resolved' }] },
      verificationStatus: { coding: [{ code: 'provisional' }] },
      code: { coding: [{ system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'E11.9' }] },
      onsetDateTime: '2019-03-04',
      recorder: { reference: 'Practitioner/E001', display: 'Somchai Dee' },
      recordedDate: entry.recorded_at,
      note: [{ text: 'Diet controlled' }],
    });
    const corrected = toCondition({
      ...entry,
      verification_status: 'entered-in-error',
      error_reason: 'wrong code',
    });
    expectValid(corrected);
    expect(corrected.clinicalStatus).toBeUndefined();
    expect(corrected.note?.at(-1)?.text).toBe('Entered in error: wrong code');
  });

  it('maps appointments of every status, with and without clinician or topic', () => {
    const base: AppointmentRow = {
      k: 1,
      appointment_id: '3f1c1f7e-0d1c-4d0b-9f3e-2a4b5c6d7e8f',
      patient_id: 'P001',
      date: '2026-03-01',
      time: '09:30:00',
      duration_minutes: 45,
      status: 'booked',
      topic: 'Check-up',
      cancel_reason: null,
      clinician_id: 'E001',
      clinician_first_name: 'Kanya',
      clinician_last_name: 'Dee',
      recorded_at: '2026-02-01T10:00:00.000Z',
    };
    const rows: AppointmentRow[] = [
      base,
      { ...base, status: 'cancelled', cancel_reason: 'Patient asked' },
      {
        ...base,
        status: 'fulfilled',
        clinician_id: null,
        clinician_first_name: null,
        clinician_last_name: null,
      },
      { ...base, status: 'noshow', topic: null, recorded_at: null },
    ];
    for (const row of rows) expectValid(toAppointment(row));
    const booked = toAppointment(base);
    expect(booked.start).toBe('2026-03-01T09:30:00Z');
    expect(booked.end).toBe('2026-03-01T10:15:00Z');
    expect(booked.participant).toHaveLength(2);
    expect(toAppointment(rows[1]!).cancelationReason?.text).toBe('Patient asked');
    expect(toAppointment(rows[2]!).participant).toHaveLength(1);
    // The same rows as the visit's Encounter: one per appointment, its status the visit's.
    for (const row of rows) expectValid(toEncounter(row));
    expect(rows.map((row) => toEncounter(row).status)).toEqual([
      'planned',
      'cancelled',
      'finished',
      'cancelled',
    ]);
    expect(toEncounter(base)).toMatchObject({
      id: base.appointment_id,
      period: { start: '2026-03-01T09:30:00Z', end: '2026-03-01T10:15:00Z' },
      participant: [{ individual: { reference: 'Practitioner/E001', display: 'Kanya Dee' } }],
      reasonCode: [{ text: 'Check-up' }],
    });
    expect(toEncounter(rows[2]!).participant).toBeUndefined();
    expect(toEncounter(rows[3]!).reasonCode).toBeUndefined();
  });

  it('maps history entries with and without author or text', () => {
    const base: HistoryRow = {
      k: 7,
      patient_id: 'P001',
      date: '2025-12-01',
      time: '14:00:00',
      detail: 'Fever for three days; paracetamol.',
      author_id: 'E001',
      author_first_name: 'Kanya',
      author_last_name: 'Dee',
      recorded_at: '2025-12-01T14:05:00.000Z',
      created_at: '2025-12-01T14:05:00.000Z',
    };
    expectValid(toDocumentReference(base));
    expectValid(toDocumentReference({ ...base, detail: null, author_id: null, recorded_at: null }));
    const text = toDocumentReference(base).content[0]!.attachment.data!;
    expect(Buffer.from(text, 'base64').toString()).toBe(base.detail);
  });

  it('maps staff, working and resigned, without salary', () => {
    const row: PractitionerRow = {
      k: 1,
      employee_id: 'E001',
      first_name: 'Kanya',
      last_name: 'Dee',
      position_id: 'P001',
      phone_number: '0898765432',
      email: 'kanya@hotmail.com',
      hire_date: '2020-01-15',
      resignation_date: null,
      work_status: 'yes',
    };
    const resigned = { ...row, work_status: 'no', resignation_date: '2024-05-01' };
    for (const r of [row, resigned, { ...row, position_id: null }]) {
      expectValid(toPractitioner(r));
      expectValid(toPractitionerRole(r));
    }
    expect(JSON.stringify(toPractitioner(row))).not.toMatch(/salary/i);
    expect(toPractitionerRole(resigned).period?.end).toBe('2024-05-01');
  });

  it('maps audit events by staff, patients and the system; other patients stay anonymous', () => {
    const base: AuditEventRow = {
      k: 42,
      occurred_at: '2026-01-01T00:00:00.000Z',
      action: 'patient.read',
      outcome: 'success',
      actor_role: 'medical_personnel',
      actor_employee_id: 'E001',
      actor_patient_id: null,
      actor_clinical: true,
      record_type: 'patient',
      record_ids: ['P001'],
    };
    const byOther = {
      ...base,
      actor_role: 'patient',
      actor_employee_id: null,
      actor_patient_id: 'P002',
      actor_clinical: null,
    };
    const rows: AuditEventRow[] = [
      base,
      { ...base, outcome: 'denied', action: 'access.denied', record_type: null, record_ids: null },
      {
        ...base,
        actor_role: null,
        actor_employee_id: null,
        actor_clinical: null,
        action: 'login',
        outcome: 'failure',
      },
      {
        ...base,
        actor_role: 'HR',
        actor_clinical: false,
        record_type: 'employee',
        record_ids: ['E9'],
        action: 'employee.update',
      },
      byOther,
    ];
    for (const row of rows) expectValid(toAuditEvent(row, 'P001'));
    expect(toAuditEvent(byOther, 'P001').agent[0]!.who).toBeUndefined();
    expect(toAuditEvent(byOther).agent[0]!.who?.reference).toBe('Patient/P002');
    expect(toAuditEvent(base).action).toBe('R');
  });
});

describe.each(BACKENDS)('row queries on %s', (backend) => {
  let database: Database;
  let patientId: string;
  let rowId: number;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    const { app } = await createTestApp(database);
    const doctor = await createUser(app, database, 'medical_personnel');
    await app?.close();
    const body = newPatient({ address: null, blood_type: null });
    body.patient_drug_allergy = [
      { drug_id: 'R002', reaction: 'Rash', severity: 'moderate' } as never,
      { drug_id: 'R010' },
      { drug_id: 'R011' },
    ];
    patientId = (await patientsRepository.add(database.db, SYSTEM, patientAddInput(body), 30))
      .patient_id;
    await patientsRepository.add(database.db, SYSTEM, patientAddInput(newPatient()), 30);
    const [row] = await queryRows<{ id: string | number; clinician: string | number }>(
      database.db,
      sql`select p.id, (select id from employee where employee_id = ${doctor.recordId}) as clinician
          from patient p where p.patient_id = ${patientId}`,
    );
    rowId = Number(row!.id);
    await database.db
      .execute(sql`insert into appointment (patient_id, date, time, topic, clinician_id, status, cancel_reason)
      values (${rowId}, '2026-01-02', '10:00', 'Follow-up', ${Number(row!.clinician)}, 'booked', null),
             (${rowId}, '2026-01-03', '11:15', null, null, 'cancelled', 'Clinic closed')`);
    await database.db
      .execute(sql`insert into medical_history (patient_id, date, time, detail, recorded_by)
      values (${rowId}, '2025-06-01', '08:00', 'Seen for a cough', ${Number(row!.clinician)}),
             (${rowId}, '2025-06-02', '08:00', null, null)`);
  }, 240_000);

  afterAll(async () => {
    await database?.close();
  });

  /** Every batch of a row query, as the bulk export would stream it. */
  async function drain<T extends { k: string | number }>(
    query: (window: {
      after: number;
      limit: number;
      where?: ReturnType<typeof sql>;
    }) => ReturnType<typeof sql>,
    where?: ReturnType<typeof sql>,
    limit = 2,
  ): Promise<T[]> {
    const all: T[] = [];
    let after = 0;
    for (let round = 0; round < 100; round++) {
      const rows = await queryRows<T>(database.db, query({ after, limit, where }));
      all.push(...rows.slice(0, limit));
      if (rows.length <= limit) return all;
      after = Number(rows[limit - 1]!.k);
    }
    throw new Error('did not end');
  }

  it('streams every table in keyset batches, each row a valid resource', async () => {
    const patients = await drain<PatientRow>(patientRowsQuery, undefined, 1);
    expect(patients.map((p) => p.patient_id)).toContain(patientId);
    for (const p of patients) {
      expectValid(toPatient(p));
      const observation = toBloodTypeObservation(p);
      if (observation) expectValid(observation);
    }
    const mine = sql`patient_id = ${rowId}`;
    const allergies = await drain<AllergyRow>(allergyRowsQuery, mine);
    expect(allergies.map((a) => a.seed_id)).toEqual(['R002', 'R010', 'R011']);
    expect(allergies[0]).toMatchObject({ reaction: 'Rash', severity: 'moderate' });
    allergies.forEach((a) => expectValid(toAllergyIntolerance(a)));
    const everyAllergy = await drain<AllergyRow>(allergyRowsQuery, undefined, 1);
    expect(everyAllergy.length).toBe(4);
    const conditions = await drain<ConditionRow>(conditionRowsQuery, undefined, 1);
    expect(conditions.length).toBe(4);
    conditions.forEach((c) => expectValid(toCondition(c)));
    const appointments = await drain<AppointmentRow>(appointmentRowsQuery, mine, 1);
    expect(appointments.map((a) => a.status)).toEqual(['booked', 'cancelled']);
    appointments.forEach((a) => expectValid(toAppointment(a)));
    appointments.forEach((a) => expectValid(toEncounter(a)));
    expect(toAppointment(appointments[0]!).participant).toHaveLength(2);
    const history = await drain<HistoryRow>(historyRowsQuery, mine, 1);
    expect(history).toHaveLength(2);
    history.forEach((h) => expectValid(toDocumentReference(h)));
    const staff = await drain<PractitionerRow>(practitionerRowsQuery);
    expect(staff).toHaveLength(1);
    expect(Object.keys(staff[0]!)).not.toContain('salary');
    staff.forEach((s) => {
      expectValid(toPractitioner(s));
      expectValid(toPractitionerRole(s));
    });
    const events = await drain<AuditEventRow>(auditEventRowsQuery, undefined, 5);
    expect(events.length).toBeGreaterThan(0);
    events.forEach((e) => expectValid(toAuditEvent(e)));
  });
});

import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bundle } from '@medplum/fhirtypes';
import { type Database, queryRows } from '../db/database';
import { auditOf } from '../test/assertions';
import {
  BACKENDS,
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  type TestUser,
  unique,
} from '../test/harness';
import { CODE_SYSTEMS } from '@portal/reference-data';
import { addDays, hospitalToday, type Slot } from '@portal/contract';
import { slotId } from './resources';
import { expectOutcome, expectResource, fhirCall, newPatientResource } from './test/fhir-harness';
import { loadValidator } from './test/validator';

// The definitions take seconds to index, and far longer on a busy machine.
beforeAll(loadValidator, 240_000);

type Who = 'doctor' | 'patient' | 'hr' | 'anonymous';
type Whose = 'own' | 'other';
const TYPES = [
  'Patient',
  'Observation',
  'AllergyIntolerance',
  'Condition',
  'Appointment',
  'Encounter',
  'DocumentReference',
  'MedicationRequest',
  'Practitioner',
  'PractitionerRole',
  'AuditEvent',
  'Schedule',
  'Slot',
] as const;
type Type = (typeof TYPES)[number];
/** Read by everyone signed in, as GET /api/slots: a clinician's hours and free slots. */
const EVERYONE_SIGNED_IN: readonly Type[] = ['Schedule', 'Slot'];

/**
 * The rule, as the API's: medical personnel read every patient's clinical resources and the
 * clinicians; a patient reads their own compartment (and the audit events about it) only; HR
 * reads the clinicians only; nobody without a session. A patient asking for another's resource
 * by an id that names the patient is told 403; by an id that does not (an appointment's uuid,
 * an entry's number), 404, as it is not in their compartment. Schedule and Slot (the
 * clinicians' hours and free slots) are read by everyone signed in.
 */
function expected(who: Who, type: Type, whose: Whose): number {
  if (who === 'anonymous') return 401;
  if (EVERYONE_SIGNED_IN.includes(type)) return 200;
  const clinical = !['Practitioner', 'PractitionerRole', 'AuditEvent'].includes(type);
  if (type === 'AuditEvent') return who === 'patient' ? (whose === 'own' ? 200 : 404) : 403;
  if (!clinical) return who === 'patient' ? 403 : 200;
  if (who === 'hr') return 403;
  if (who === 'doctor' || whose === 'own') return 200;
  return ['Appointment', 'Encounter', 'DocumentReference', 'MedicationRequest'].includes(type)
    ? 404
    : 403;
}

/** A write: its method, its path and body for the patient it is about (none: a new one). */
interface Write {
  readonly method: 'POST' | 'PUT';
  readonly path: (patientId: string) => string;
  /** The body; `who` lets a nurse's successful write differ from the doctor's after it. */
  readonly body: (patientId: string, who: string) => object;
  /** Whether it is about an existing patient (own / other), or creates a new one. */
  readonly about: 'patient' | 'new';
}
const WRITES: Readonly<Record<string, Write>> = {
  'POST Patient': {
    method: 'POST',
    path: () => '/Patient',
    body: (patientId) => newPatientResource(patientId),
    about: 'new',
  },
  'PUT Patient/{id}': {
    method: 'PUT',
    path: (patientId) => `/Patient/${patientId}`,
    body: (patientId) => ({
      resourceType: 'Patient',
      id: patientId,
      name: [{ family: 'Matrixrenamed', given: ['Napat'] }],
    }),
    about: 'patient',
  },
  'PUT Patient?identifier': {
    method: 'PUT',
    path: (patientId) => `/Patient?identifier=${patientId}`,
    body: () => ({ resourceType: 'Patient', name: [{ family: 'Matrixidentified', given: ['N'] }] }),
    about: 'patient',
  },
  'POST AllergyIntolerance': {
    method: 'POST',
    path: () => '/AllergyIntolerance',
    body: (patientId, who) => ({
      resourceType: 'AllergyIntolerance',
      patient: { reference: `Patient/${patientId}` },
      code: {
        coding: [{ system: CODE_SYSTEMS.portalDrug, code: who === 'nurse' ? 'R002' : 'R001' }],
      },
    }),
    about: 'patient',
  },
  'PUT AllergyIntolerance/{id}': {
    method: 'PUT',
    path: (patientId) => `/AllergyIntolerance/${entries[patientId]!.allergy}`,
    body: (_patientId, who) => ({
      resourceType: 'AllergyIntolerance',
      clinicalStatus: { coding: [{ code: who === 'nurse' ? 'inactive' : 'resolved' }] },
    }),
    about: 'patient',
  },
  'POST Condition': {
    method: 'POST',
    path: () => '/Condition',
    body: (patientId) => ({
      resourceType: 'Condition',
      subject: { reference: `Patient/${patientId}` },
      code: { coding: [{ system: CODE_SYSTEMS.portalDisease, code: 'I001' }] },
    }),
    about: 'patient',
  },
  'PUT Condition/{id}': {
    method: 'PUT',
    path: (patientId) => `/Condition/${entries[patientId]!.condition}`,
    body: () => ({
      resourceType: 'Condition',
      clinicalStatus: { coding: [{ code: 'resolved' }] },
    }),
    about: 'patient',
  },
  'POST Appointment': {
    method: 'POST',
    path: () => '/Appointment',
    body: (patientId) => ({
      resourceType: 'Appointment',
      status: 'booked',
      start: `${new Date().getUTCFullYear() + 1}-06-01T09:15:00Z`,
      minutesDuration: 15,
      participant: [{ actor: { reference: `Patient/${patientId}` }, status: 'accepted' }],
    }),
    about: 'patient',
  },
  // A prescription is a Doctor's (the doctor here is one; medication-request.test.ts shows a
  // Nurse refused).
  'POST MedicationRequest': {
    method: 'POST',
    path: () => '/MedicationRequest',
    body: (patientId) => ({
      resourceType: 'MedicationRequest',
      status: 'active',
      intent: 'order',
      subject: { reference: `Patient/${patientId}` },
      medicationCodeableConcept: { coding: [{ system: CODE_SYSTEMS.rxnorm, code: '6809' }] },
      dosageInstruction: [
        {
          patientInstruction: 'With meals',
          timing: { repeat: { frequency: 2, period: 1, periodUnit: 'd' } },
          route: { coding: [{ system: CODE_SYSTEMS.snomed, code: '26643006' }] },
          doseAndRate: [
            {
              doseQuantity: {
                value: 500,
                unit: 'mg',
                system: 'http://unitsofmeasure.org',
                code: 'mg',
              },
            },
          ],
        },
      ],
      dispenseRequest: {
        quantity: { value: 60 },
        expectedSupplyDuration: { value: 30, code: 'd' },
      },
    }),
    about: 'patient',
  },
};

/** The problem and allergy list entries written in beforeAll, by patient: the PUTs' targets. */
const entries: Record<string, { condition: string; allergy: string }> = {};

/**
 * Writes are medical personnel's, as the API's add and update calls: others are refused; a
 * Nurse records allergies but neither diagnoses nor prescribes (the clinical actions' matrix).
 */
function expectedWrite(who: Who | 'nurse', write: Write, name: string): number {
  if (who === 'anonymous') return 401;
  if (who === 'nurse' && (name.includes('Condition') || name.includes('MedicationRequest')))
    return 403;
  if (who !== 'doctor' && who !== 'nurse') return 403;
  return write.method === 'POST' ? 201 : 200;
}

describe.each(BACKENDS)('FHIR authorization matrix on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  const users = {} as Record<Exclude<Who, 'anonymous'>, TestUser>;
  let other: TestUser;
  let nurse: TestUser;
  const ids = {} as Record<Whose, Record<Type, string>>;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ app } = await createTestApp(database));
    users.doctor = await createUser(app, database, 'medical_personnel');
    users.hr = await createUser(app, database, 'HR');
    users.patient = await createUser(app, database, 'patient');
    nurse = await createUser(app, database, 'medical_personnel', 'P002');
    other = await createUser(app, database, 'patient');
    // The doctor's clinic hours: every day 09:00 to 10:00 in two slots (own: the first, other: the second).
    const hours = await call(app, 'PUT', `/employee/${users.doctor.recordId}/schedule`, {
      token: users.hr.token,
      body: {
        sessions: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
          weekday,
          start: '09:00',
          end: '10:00',
          slot_minutes: 30,
        })),
        exceptions: [],
      },
    });
    expect(hours.statusCode, hours.body).toBe(200);
    const tomorrow = addDays(hospitalToday(), 1);
    const slots = await call(
      app,
      'GET',
      `/slots?clinician_id=${users.doctor.recordId}&from=${tomorrow}&to=${tomorrow}`,
      { token: users.patient.token },
    );
    const [firstSlot, secondSlot] = slots.json<Slot[]>();
    const slotIds = {
      own: slotId(users.doctor.recordId, firstSlot!.start),
      other: slotId(users.doctor.recordId, secondSlot!.start),
    };
    for (const [whose, user] of [
      ['own', users.patient],
      ['other', other],
    ] as const) {
      const patientId = user.recordId;
      const booked = await call(app, 'POST', '/patient/add-patient-appointment', {
        token: users.doctor.token,
        body: { patient_id: patientId, date: '2030-01-02', time: '10:00', topic: 'Check' },
      });
      await call(app, 'POST', '/patient/add-patient-history', {
        token: users.doctor.token,
        body: { patient_id: patientId, date: '2025-01-02', time: '10:00', detail: 'Note' },
      });
      const [history] = await queryRows<{ id: string | number }>(
        database.db,
        sql`select h.id from medical_history h join patient p on p.id = h.patient_id where p.patient_id = ${patientId}`,
      );
      const prescribed = await call(app, 'POST', `/patient/${patientId}/medications`, {
        token: users.doctor.token,
        body: {
          drug_id: 'rxn:161',
          dose: 500,
          unit: 'mg',
          route: 'oral',
          frequency: 'as_needed',
          duration_days: 5,
          quantity: 10,
          instructions: 'For pain',
        },
      });
      const [event] = await queryRows<{ id: string | number }>(
        database.db,
        // The doctor's adding to the history is an audit event about the record.
        sql`select id from audit_event where record_type = 'patient' and record_ids @> array[${patientId}]::text[] and action = 'patient.history.create' order by id desc limit 1`,
      );
      const condition = await call(app, 'POST', `/patient/${patientId}/conditions`, {
        token: users.doctor.token,
        body: { condition_id: 'icd:E11.9' },
      });
      const allergy = await call(app, 'POST', `/patient/${patientId}/allergies`, {
        token: users.doctor.token,
        body: { substance_id: 'atc:J01C' },
      });
      entries[patientId] = {
        condition: condition.json<{ id: string }>().id,
        allergy: allergy.json<{ id: string }>().id,
      };
      ids[whose] = {
        Patient: patientId,
        Observation: `blood-type-${patientId}`,
        AllergyIntolerance: `${patientId}-R003`,
        Condition: `${patientId}-I002`,
        Appointment: booked.json<{ appointment_id: string }>().appointment_id,
        // The visit's Encounter has its appointment's id.
        Encounter: booked.json<{ appointment_id: string }>().appointment_id,
        DocumentReference: `mh-${history!.id}`,
        MedicationRequest: prescribed.json<{ id: string }>().id,
        Practitioner: users.doctor.recordId,
        PractitionerRole: users.doctor.recordId,
        AuditEvent: String(event!.id),
        Schedule: users.doctor.recordId,
        Slot: slotIds[whose],
      };
    }
  }, 240_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  for (const who of ['doctor', 'patient', 'hr', 'anonymous'] as const) {
    for (const type of TYPES) {
      it(`${who} reading ${type}: own ${expected(who, type, 'own')}, other ${expected(who, type, 'other')}`, async () => {
        const token = who === 'anonymous' ? undefined : users[who].token;
        for (const whose of ['own', 'other'] as const) {
          const response = await fhirCall(app, 'GET', `/${type}/${ids[whose][type]}`, {
            ...(token ? { token } : {}),
          });
          const status = expected(who, type, whose);
          if (status === 200) expectResource(response);
          else expectOutcome(response, status);
          if (
            status === 403 &&
            ['Patient', 'AllergyIntolerance'].includes(type) &&
            who === 'patient'
          ) {
            expect(await auditOf(database, response)).toEqual([
              expect.objectContaining({ outcome: 'denied', record_ids: [ids.other.Patient] }),
            ]);
          }
        }
      });

      it(`${who} searching ${type}`, async () => {
        const token = who === 'anonymous' ? undefined : users[who].token;
        const response = await fhirCall(app, 'GET', `/${type}?_count=100`, {
          ...(token ? { token } : {}),
        });
        const status = expected(who, type, 'own');
        if (status !== 200) return void expectOutcome(response, status);
        const bundle = expectResource<Bundle>(response);
        const found = (bundle.entry ?? []).map((e) => e.resource!.id);
        expect(found).toContain(ids.own[type]);
        if (who === 'patient' && !EVERYONE_SIGNED_IN.includes(type))
          expect(found).not.toContain(ids.other[type]);
        else expect(found).toContain(ids.other[type]);
      });
    }
  }

  it('refuses a patient who names another patient in a search, audited as denied', async () => {
    for (const type of [
      'AllergyIntolerance',
      'Condition',
      'Appointment',
      'Encounter',
      'DocumentReference',
      'Observation',
      'MedicationRequest',
      'AuditEvent',
    ]) {
      const response = await fhirCall(app, 'GET', `/${type}?patient=${ids.other.Patient}`, {
        token: users.patient.token,
      });
      expectOutcome(response, 403);
      expect((await auditOf(database, response))[0]).toMatchObject({ outcome: 'denied' });
    }
    expectOutcome(
      await fhirCall(app, 'GET', `/Patient/${ids.other.Patient}/$everything`, {
        token: users.patient.token,
      }),
      403,
    );
    expectResource(
      await fhirCall(app, 'GET', `/Patient/${ids.own.Patient}/$everything`, {
        token: users.patient.token,
      }),
    );
    expectOutcome(
      await fhirCall(app, 'GET', `/Patient/${ids.own.Patient}/$everything`, {
        token: users.hr.token,
      }),
      403,
    );
  });

  /** What a write could change: the patient's row, their lists, appointments and prescriptions. */
  const stored = (patientId: string) =>
    queryRows(
      database.db,
      sql`select p.last_name,
        (select array_agg(drug_id order by drug_id) from patient_drug_allergy a where a.patient_id = p.id) as drugs,
        (select array_agg(disease_id order by disease_id) from patient_chronic_disease d where d.patient_id = p.id) as diseases,
        (select count(*)::int from appointment t where t.patient_id = p.id) as appointments,
        (select count(*)::int from medication_request m where m.patient_id = p.id) as medications,
        (select json_agg(json_build_object('code', c.code, 'status', c.clinical_status) order by c.id)
          from patient_condition c where c.patient_id = p.id) as conditions,
        (select json_agg(json_build_object('code', a.code, 'status', a.clinical_status) order by a.id)
          from patient_allergy a where a.patient_id = p.id) as allergies,
        p.no_known_allergies_at
        from patient p where p.patient_id = ${patientId}`,
    );

  // The refused callers first: the same bodies then succeed for medical personnel, so a refusal
  // is the role's, never the body's.
  for (const who of ['anonymous', 'patient', 'hr', 'nurse', 'doctor'] as const) {
    for (const [name, write] of Object.entries(WRITES)) {
      // A nurse's rows: the writes tied to a clinical action (the problem and allergy lists).
      if (who === 'nurse' && !/Condition|AllergyIntolerance/.test(name)) continue;
      const status = expectedWrite(who, write, name);
      it(`${who} writing ${name}: ${status}${status >= 400 ? ', nothing stored' : ''}`, async () => {
        const token =
          who === 'anonymous' ? undefined : who === 'nurse' ? nurse.token : users[who].token;
        const targets =
          write.about === 'new'
            ? [`P6${String(unique()).padStart(6, '0')}`]
            : [ids.own.Patient, ids.other.Patient];
        for (const patientId of targets) {
          const before = await stored(patientId);
          const response = await fhirCall(app, write.method, write.path(patientId), {
            ...(token ? { token } : {}),
            body: write.body(patientId, who),
          });
          if (status >= 400) {
            expectOutcome(response, status);
            expect(await stored(patientId)).toEqual(before);
            if (status === 403)
              expect(await auditOf(database, response)).toEqual([
                expect.objectContaining({ action: 'access.denied', outcome: 'denied' }),
              ]);
          } else {
            expectResource(response, status);
            expect(await stored(patientId)).not.toEqual(before);
          }
        }
      });
    }
  }

  it('shows the patient the doctor’s FHIR reads in their access log', async () => {
    // A patient nobody on staff has touched through the API: any staff line is the FHIR read's.
    const untouched = await createUser(app, database, 'patient');
    type Line = { actor: string; kind: string; kinds?: string[]; role: string | null };
    const staffLines = async () => {
      const log = await call(app, 'GET', '/profile/access-log', { token: untouched.token });
      expect(log.statusCode, log.body).toBe(200);
      return log.json<Line[]>().filter((line) => line.actor === 'staff');
    };
    expect(await staffLines()).toEqual([]);
    expectResource(
      await fhirCall(app, 'GET', `/Patient/${untouched.recordId}`, { token: users.doctor.token }),
    );
    expect(await staffLines()).toEqual([
      expect.objectContaining({ kind: 'viewed', role: 'medical_personnel', kinds: ['viewed'] }),
    ]);
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AllergyIntolerance,
  Appointment,
  Bundle,
  Condition,
  Patient,
} from '@medplum/fhirtypes';
import { CODE_SYSTEMS } from '@portal/reference-data';
import type { Database } from '../db/database';
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
import { PATIENT_EXTENSIONS } from './resources';
import { expectOutcome, expectResource, fhirCall, newPatientResource } from './test/fhir-harness';
import { loadValidator } from './test/validator';

// The definitions take seconds to index, and far longer on a busy machine.
beforeAll(loadValidator, 240_000);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(BACKENDS)('FHIR writes on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let doctor: TestUser;
  let patientUser: TestUser;
  let hr: TestUser;
  const patientId = `P9${String(unique()).padStart(6, '0')}`;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ app } = await createTestApp(database));
    doctor = await createUser(app, database, 'medical_personnel');
    patientUser = await createUser(app, database, 'patient');
    hr = await createUser(app, database, 'HR');
  }, 240_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** A search as the doctor, its Bundle valid. */
  const search = async (path: string) =>
    expectResource<Bundle>(await fhirCall(app, 'GET', path, { token: doctor.token }));

  it('creates a patient through the add-patient rules, audited, with its Location', async () => {
    const response = await fhirCall(app, 'POST', '/Patient', {
      token: doctor.token,
      body: newPatientResource(patientId),
    });
    const created = expectResource<Patient>(response, 201);
    expect(created.id).toBe(patientId);
    expect(created.address?.[0]?.text).toBe('9 Sukhumvit Road, Bangkok');
    expect(response.headers['location']).toMatch(new RegExp(`/fhir/R4/Patient/${patientId}$`));
    expect(await auditOf(database, response)).toEqual([
      expect.objectContaining({
        action: 'patient.create',
        record_ids: [patientId],
        outcome: 'success',
      }),
    ]);
    expectResource(await fhirCall(app, 'GET', `/Patient/${patientId}`, { token: doctor.token }));
  });

  it('refuses a broken patient with a 4xx naming the element', async () => {
    const noInsurance = newPatientResource(`P8${String(unique()).padStart(6, '0')}`);
    noInsurance.extension = noInsurance.extension!.slice(1);
    expectOutcome(
      await fhirCall(app, 'POST', '/Patient', { token: doctor.token, body: noInsurance }),
      422,
      `Patient.extension('${PATIENT_EXTENSIONS.healthInsurance}')`,
    );
    const badName = newPatientResource(`P8${String(unique()).padStart(6, '0')}`);
    badName.name = [{ family: 'X'.repeat(500), given: ['Napat'] }];
    expectOutcome(
      await fhirCall(app, 'POST', '/Patient', { token: doctor.token, body: badName }),
      422,
      'Patient.name[0].family',
    );
    const spoofed = newPatientResource(`P8${String(unique()).padStart(6, '0')}`);
    spoofed.name = [{ family: 'Smith\u202Egnp.exe', given: ['Napat'] }];
    expectOutcome(
      await fhirCall(app, 'POST', '/Patient', { token: doctor.token, body: spoofed }),
      422,
      'Patient.name[0].family',
    );
    expectOutcome(
      await fhirCall(app, 'GET', `/Patient/${spoofed.identifier![0]!.value}`, {
        token: doctor.token,
      }),
      404,
    );
    expectOutcome(
      await fhirCall(app, 'POST', '/Patient', {
        token: doctor.token,
        body: newPatientResource(patientId),
      }),
      409,
      'Patient.identifier',
    );
    expectOutcome(
      await fhirCall(app, 'POST', '/Patient', {
        token: doctor.token,
        body: { resourceType: 'Condition' },
      }),
      400,
      'resourceType',
    );
    expectOutcome(
      await fhirCall(app, 'POST', '/Patient', {
        token: doctor.token,
        body: '{not json',
        headers: { 'content-type': 'application/fhir+json' },
      }),
      400,
    );
  });

  it('updates a patient, and updates or creates by identifier', async () => {
    const response = await fhirCall(app, 'PUT', `/Patient/${patientId}`, {
      token: doctor.token,
      body: {
        resourceType: 'Patient',
        id: patientId,
        name: [{ family: 'Renamed', given: ['Napat'] }],
      },
    });
    expect(expectResource<Patient>(response).name?.[0]?.family).toBe('Renamed');
    expect((await auditOf(database, response))[0]).toMatchObject({
      action: 'patient.update',
      outcome: 'success',
    });
    const conditional = await fhirCall(
      app,
      'PUT',
      `/Patient?identifier=${encodeURIComponent(`${CODE_SYSTEMS.portalPatientId}|${patientId}`)}`,
      { token: doctor.token, body: { resourceType: 'Patient', gender: 'male' } },
    );
    expect(expectResource<Patient>(conditional).gender).toBe('male');
    const fresh = `P7${String(unique()).padStart(6, '0')}`;
    const body = newPatientResource(fresh);
    body.identifier = body.identifier!.slice(1);
    expect(
      expectResource<Patient>(
        await fhirCall(app, 'PUT', `/Patient?identifier=${fresh}`, { token: doctor.token, body }),
        201,
      ).id,
    ).toBe(fresh);
    expectOutcome(
      await fhirCall(app, 'PUT', `/Patient/${patientId}`, {
        token: doctor.token,
        body: { resourceType: 'Patient', birthDate: '2999-01-01' },
      }),
      422,
      'Patient.birthDate',
    );
  });

  it('adds an allergy and a condition by their standard codes, onto the chart’s lists', async () => {
    const allergy: AllergyIntolerance = {
      resourceType: 'AllergyIntolerance',
      patient: { reference: `Patient/${patientId}` },
      code: { coding: [{ system: CODE_SYSTEMS.rxnorm, code: '723' }] },
      criticality: 'high',
      reaction: [{ manifestation: [{ text: 'Hives' }], severity: 'moderate' }],
    };
    const response = await fhirCall(app, 'POST', '/AllergyIntolerance', {
      token: doctor.token,
      body: allergy,
      headers: { 'idempotency-key': `fhir-allergy-${patientId}` },
    });
    const created = expectResource<AllergyIntolerance>(response, 201);
    expect(created.id).toMatch(UUID);
    expect(created).toMatchObject({
      category: ['medication'],
      criticality: 'high',
      reaction: [{ manifestation: [{ text: 'Hives' }], severity: 'moderate' }],
      recorder: { reference: `Practitioner/${doctor.recordId}` },
    });
    expect((await auditOf(database, response))[0]).toMatchObject({
      action: 'patient.allergy.create',
      record_ids: [patientId],
    });
    // The same key and body: the first answer again, nothing written twice.
    const again = await fhirCall(app, 'POST', '/AllergyIntolerance', {
      token: doctor.token,
      body: allergy,
      headers: { 'idempotency-key': `fhir-allergy-${patientId}` },
    });
    expect(expectResource<AllergyIntolerance>(again, 201).id).toBe(created.id);
    const onChart = (
      await call(app, 'GET', `/patient/${patientId}/allergies`, { token: doctor.token })
    ).json<{ state: string; allergies: { id: string; substance_id: string }[] }>();
    expect(onChart.state).toBe('listed');
    expect(onChart.allergies.map((a) => [a.id, a.substance_id])).toEqual([[created.id, 'rxn:723']]);
    // The API's own refusals, named as elements.
    expectOutcome(
      await fhirCall(app, 'POST', '/AllergyIntolerance', { token: doctor.token, body: allergy }),
      409,
      'AllergyIntolerance.code',
    );
    expectOutcome(
      await fhirCall(app, 'POST', '/AllergyIntolerance', {
        token: doctor.token,
        body: { ...allergy, code: { coding: [{ system: CODE_SYSTEMS.rxnorm, code: '999999' }] } },
      }),
      422,
      'AllergyIntolerance.code',
    );
    expectOutcome(
      await fhirCall(app, 'POST', '/AllergyIntolerance', {
        token: doctor.token,
        body: { ...allergy, patient: { reference: 'Patient/P000000001' } },
      }),
      422,
      'AllergyIntolerance.patient',
    );
    expectOutcome(
      await fhirCall(app, 'POST', '/AllergyIntolerance', {
        token: doctor.token,
        body: { ...allergy, criticality: 'extreme' },
      }),
      422,
      'AllergyIntolerance.criticality',
    );
    // A penicillin class (ATC) and a food (SNOMED CT), each in its category.
    const penicillins = expectResource<AllergyIntolerance>(
      await fhirCall(app, 'POST', '/AllergyIntolerance', {
        token: doctor.token,
        body: {
          resourceType: 'AllergyIntolerance',
          patient: { reference: `Patient/${patientId}` },
          code: { coding: [{ system: CODE_SYSTEMS.atc, code: 'J01C' }] },
        },
      }),
      201,
    );
    expect(penicillins.category).toEqual(['medication']);
    const peanut = expectResource<AllergyIntolerance>(
      await fhirCall(app, 'POST', '/AllergyIntolerance', {
        token: doctor.token,
        body: {
          resourceType: 'AllergyIntolerance',
          patient: { reference: `Patient/${patientId}` },
          code: { coding: [{ system: CODE_SYSTEMS.snomed, code: '762952008' }] },
        },
      }),
      201,
    );
    expect(peanut.category).toEqual(['food']);

    const condition: Condition = {
      resourceType: 'Condition',
      subject: { reference: `Patient/${patientId}` },
      code: { coding: [{ system: CODE_SYSTEMS.icd10, code: 'E11.9' }] },
      onsetDateTime: '2020-02-03',
      note: [{ text: 'Diet and metformin' }],
    };
    const diagnosed = expectResource<Condition>(
      await fhirCall(app, 'POST', '/Condition', { token: doctor.token, body: condition }),
      201,
    );
    expect(diagnosed).toMatchObject({
      clinicalStatus: { coding: [{ code: 'active' }] },
      verificationStatus: { coding: [{ code: 'confirmed' }] },
      code: { coding: [{ system: CODE_SYSTEMS.icd10cm, code: 'E11.9' }] },
      onsetDateTime: '2020-02-03',
      recorder: { reference: `Practitioner/${doctor.recordId}` },
      note: [{ text: 'Diet and metformin' }],
    });
    const conditions = (
      await call(app, 'GET', `/patient/${patientId}/conditions`, { token: doctor.token })
    ).json<{ id: string; condition_id: string; onset_date: string }[]>();
    expect(conditions).toEqual([
      expect.objectContaining({
        id: diagnosed.id,
        condition_id: 'icd:E11.9',
        onset_date: '2020-02-03',
      }),
    ]);
    expectOutcome(
      await fhirCall(app, 'POST', '/Condition', {
        token: doctor.token,
        body: { ...condition, onsetDateTime: '2999-01-01' },
      }),
      422,
      'Condition.onsetDateTime',
    );
    expectOutcome(
      await fhirCall(app, 'POST', '/Condition', {
        token: doctor.token,
        body: { ...condition, verificationStatus: { coding: [{ code: 'entered-in-error' }] } },
      }),
      422,
      'Condition.verificationStatus',
    );
    // A substance is no diagnosis.
    expectOutcome(
      await fhirCall(app, 'POST', '/Condition', {
        token: doctor.token,
        body: { ...condition, code: { coding: [{ system: CODE_SYSTEMS.rxnorm, code: '723' }] } },
      }),
      422,
      'Condition.code',
    );
  });

  it('updates a condition and an allergy through the PATCH rules, entered in error for good', async () => {
    const condition = expectResource<Condition>(
      await fhirCall(app, 'POST', '/Condition', {
        token: doctor.token,
        body: {
          resourceType: 'Condition',
          subject: { reference: `Patient/${patientId}` },
          code: { coding: [{ system: CODE_SYSTEMS.icd10cm, code: 'I10' }] },
        },
      }),
      201,
    );
    const resolved = expectResource<Condition>(
      await fhirCall(app, 'PUT', `/Condition/${condition.id}`, {
        token: doctor.token,
        body: { ...condition, clinicalStatus: { coding: [{ code: 'resolved' }] } },
      }),
    );
    expect(resolved.clinicalStatus?.coding?.[0]?.code).toBe('resolved');
    expectOutcome(
      await fhirCall(app, 'PUT', `/Condition/${condition.id}`, {
        token: doctor.token,
        body: { ...resolved, code: { coding: [{ system: CODE_SYSTEMS.icd10cm, code: 'E11.9' }] } },
      }),
      422,
      'Condition.code',
    );
    // Entered in error needs its reason (a note "Entered in error: …").
    const wrong = { ...resolved, verificationStatus: { coding: [{ code: 'entered-in-error' }] } };
    expectOutcome(
      await fhirCall(app, 'PUT', `/Condition/${condition.id}`, {
        token: doctor.token,
        body: wrong,
      }),
      422,
      'Condition.note',
    );
    const corrected = expectResource<Condition>(
      await fhirCall(app, 'PUT', `/Condition/${condition.id}`, {
        token: doctor.token,
        body: { ...wrong, note: [{ text: 'Entered in error: wrong patient' }] },
      }),
    );
    expect(corrected.verificationStatus?.coding?.[0]?.code).toBe('entered-in-error');
    expect(corrected.clinicalStatus).toBeUndefined();
    expectOutcome(
      await fhirCall(app, 'PUT', `/Condition/${condition.id}`, {
        token: doctor.token,
        body: { ...corrected, note: [{ text: 'Amended' }] },
      }),
      409,
      'Condition.verificationStatus',
    );
    const [allergy] = (
      await search(`/AllergyIntolerance?patient=${patientId}&code=${CODE_SYSTEMS.rxnorm}|723`)
    ).entry!.map((e) => e.resource as AllergyIntolerance);
    const inactive = expectResource<AllergyIntolerance>(
      await fhirCall(app, 'PUT', `/AllergyIntolerance/${allergy!.id}`, {
        token: doctor.token,
        body: { ...allergy, clinicalStatus: { coding: [{ code: 'inactive' }] } },
      }),
    );
    expect(inactive.clinicalStatus?.coding?.[0]?.code).toBe('inactive');
    expectOutcome(
      await fhirCall(app, 'PUT', `/AllergyIntolerance/${allergy!.id}`, {
        token: doctor.token,
        body: { ...allergy, reaction: [{ manifestation: [{ text: 'Hives' }], severity: 'huge' }] },
      }),
      422,
      'AllergyIntolerance.reaction[0].severity',
    );
  });

  it('records no known allergies as SNOMED CT 716186003, refused while one is listed', async () => {
    // A patient added with no allergy at all (not yet asked).
    const freshId = `P7${String(unique()).padStart(6, '0')}`;
    expectResource(
      await fhirCall(app, 'POST', '/Patient', {
        token: doctor.token,
        body: newPatientResource(freshId),
      }),
      201,
    );
    const fresh = { recordId: freshId, token: doctor.token };
    const none: AllergyIntolerance = {
      resourceType: 'AllergyIntolerance',
      patient: { reference: `Patient/${fresh.recordId}` },
      code: { coding: [{ system: CODE_SYSTEMS.snomed, code: '716186003' }] },
    };
    // Not yet asked: no AllergyIntolerance at all.
    expect((await search(`/AllergyIntolerance?patient=${fresh.recordId}`)).entry ?? []).toEqual([]);
    const recorded = expectResource<AllergyIntolerance>(
      await fhirCall(app, 'POST', '/AllergyIntolerance', { token: doctor.token, body: none }),
      201,
    );
    expect(recorded).toMatchObject({
      id: `${fresh.recordId}-nka`,
      code: { coding: [{ system: CODE_SYSTEMS.snomed, code: '716186003' }] },
      recorder: { reference: `Practitioner/${doctor.recordId}` },
    });
    expect(
      (
        await call(app, 'GET', `/patient/${fresh.recordId}/allergies`, { token: doctor.token })
      ).json<{
        state: string;
      }>().state,
    ).toBe('no_known');
    expectResource(
      await fhirCall(app, 'GET', `/AllergyIntolerance/${recorded.id}`, { token: fresh.token }),
    );
    const found = await search(
      `/AllergyIntolerance?code=${CODE_SYSTEMS.snomed}|716186003&patient=${fresh.recordId}`,
    );
    expect(found.entry?.map((e) => e.resource?.id)).toEqual([recorded.id]);
    // An allergy ends it; "none" is then refused, naming the code.
    expectResource(
      await fhirCall(app, 'POST', '/AllergyIntolerance', {
        token: doctor.token,
        body: { ...none, code: { coding: [{ system: CODE_SYSTEMS.rxnorm, code: '161' }] } },
      }),
      201,
    );
    expect(
      (await search(`/AllergyIntolerance?patient=${fresh.recordId}`)).entry?.map(
        (e) => (e.resource as AllergyIntolerance).code?.coding?.[0]?.code,
      ),
    ).toEqual(['161']);
    expectOutcome(
      await fhirCall(app, 'POST', '/AllergyIntolerance', { token: doctor.token, body: none }),
      409,
      'AllergyIntolerance.code',
    );
  });

  it('lets a nurse record allergies but not diagnose, as the JSON calls do', async () => {
    const nurse = await createUser(app, database, 'medical_personnel', 'P002');
    const refused = await fhirCall(app, 'POST', '/Condition', {
      token: nurse.token,
      body: {
        resourceType: 'Condition',
        subject: { reference: `Patient/${patientId}` },
        code: { coding: [{ system: CODE_SYSTEMS.icd10cm, code: 'E11.9' }] },
      },
    });
    expectOutcome(refused, 403);
    expect((await auditOf(database, refused))[0]).toMatchObject({
      action: 'access.denied',
      outcome: 'denied',
    });
    expectResource(
      await fhirCall(app, 'POST', '/AllergyIntolerance', {
        token: nurse.token,
        body: {
          resourceType: 'AllergyIntolerance',
          patient: { reference: `Patient/${patientId}` },
          code: { coding: [{ system: CODE_SYSTEMS.rxnorm, code: '29046' }] },
        },
      }),
      201,
    );
  });

  it('books an appointment through the booking rules', async () => {
    const year = new Date().getUTCFullYear() + 1;
    const appointment: Appointment = {
      resourceType: 'Appointment',
      status: 'booked',
      description: 'Allergy review',
      start: `${year}-04-01T09:00:00Z`,
      end: `${year}-04-01T09:30:00Z`,
      participant: [
        { actor: { reference: `Patient/${patientId}` }, status: 'accepted' },
        { actor: { reference: `Practitioner/${doctor.recordId}` }, status: 'accepted' },
      ],
    };
    const response = await fhirCall(app, 'POST', '/Appointment', {
      token: doctor.token,
      body: appointment,
    });
    const created = expectResource<Appointment>(response, 201);
    expect(created).toMatchObject({
      status: 'booked',
      minutesDuration: 30,
      description: 'Allergy review',
    });
    expect((await auditOf(database, response))[0]).toMatchObject({
      action: 'patient.appointment.create',
    });
    expectOutcome(
      await fhirCall(app, 'POST', '/Appointment', {
        token: doctor.token,
        body: {
          ...appointment,
          participant: [
            appointment.participant[0]!,
            { actor: { reference: `Practitioner/${hr.recordId}` }, status: 'accepted' },
          ],
        },
      }),
      422,
      "Appointment.participant.actor.where(reference.startsWith('Practitioner/'))",
    );
    expectOutcome(
      await fhirCall(app, 'POST', '/Appointment', {
        token: doctor.token,
        body: { ...appointment, start: 'soon' },
      }),
      422,
      'Appointment.start',
    );
  });

  it('lets only medical personnel write, and offers no other writes', async () => {
    for (const user of [patientUser, hr]) {
      expectOutcome(
        await fhirCall(app, 'POST', '/Patient', {
          token: user.token,
          body: newPatientResource('P123'),
        }),
        403,
      );
    }
    expectOutcome(
      await fhirCall(app, 'POST', '/Patient', { body: newPatientResource('P123') }),
      401,
    );
    expectOutcome(
      await fhirCall(app, 'POST', '/Practitioner', {
        token: doctor.token,
        body: { resourceType: 'Practitioner' },
      }),
      405,
    );
    expectOutcome(
      await fhirCall(app, 'PUT', `/Observation/${patientId}-blood-type`, {
        token: doctor.token,
        body: { resourceType: 'Observation' },
      }),
      405,
    );
  });
});

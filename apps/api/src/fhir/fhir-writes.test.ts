import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AllergyIntolerance, Appointment, Condition, Patient } from '@medplum/fhirtypes';
import { CODE_SYSTEMS } from '@portal/reference-data';
import type { Database } from '../db/database';
import { auditOf } from '../test/assertions';
import {
  BACKENDS,
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

  it('adds an allergy and a condition by their standard codes', async () => {
    const allergy: AllergyIntolerance = {
      resourceType: 'AllergyIntolerance',
      patient: { reference: `Patient/${patientId}` },
      code: { coding: [{ system: CODE_SYSTEMS.rxnorm, code: '723' }] },
      reaction: [{ manifestation: [{ text: 'Hives' }], severity: 'moderate' }],
    };
    const response = await fhirCall(app, 'POST', '/AllergyIntolerance', {
      token: doctor.token,
      body: allergy,
    });
    const created = expectResource<AllergyIntolerance>(response, 201);
    expect(created.id).toBe(`${patientId}-R003`);
    expect(created.reaction?.[0]?.severity).toBe('moderate');
    expect((await auditOf(database, response))[0]).toMatchObject({
      action: 'patient.update',
      record_ids: [patientId],
    });
    expectOutcome(
      await fhirCall(app, 'POST', '/AllergyIntolerance', { token: doctor.token, body: allergy }),
      409,
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
    const condition: Condition = {
      resourceType: 'Condition',
      subject: { reference: `Patient/${patientId}` },
      code: { coding: [{ system: CODE_SYSTEMS.icd10, code: 'J11.1' }] },
    };
    expect(
      expectResource<Condition>(
        await fhirCall(app, 'POST', '/Condition', { token: doctor.token, body: condition }),
        201,
      ).id,
    ).toBe(`${patientId}-I007`);
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
      await fhirCall(app, 'PUT', `/Condition/${patientId}-I007`, {
        token: doctor.token,
        body: { resourceType: 'Condition' },
      }),
      405,
    );
  });
});

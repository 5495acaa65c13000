import type { FastifyInstance } from 'fastify';
import { Client } from 'fhir-kit-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AllergyIntolerance,
  Appointment,
  Bundle,
  Condition,
  Encounter,
  OperationOutcome,
  Patient,
  Resource,
} from '@medplum/fhirtypes';
import { CODE_SYSTEMS } from '@portal/reference-data';
import type { Database } from '../db/database';
import {
  BACKENDS,
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  newPatient,
  type TestUser,
  unique,
} from '../test/harness';
import { newPatientResource } from './test/fhir-harness';
import { expectValid, loadValidator } from './test/validator';

// The definitions take seconds to index, and far longer on a busy machine.
beforeAll(loadValidator, 240_000);

/**
 * A real FHIR client library against a listening server: what an integrator's system does.
 * Every resource it gets back goes through the independent validator.
 */
describe.each(BACKENDS)('fhir-kit-client against the server on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let doctor: TestUser;
  let client: Client;
  let anonymous: Client;
  const family = `Kitclient${process.pid % 10000}`;
  const ids: string[] = [];
  /** Every resource the client received, validated at the end too. */
  const received: Resource[] = [];
  const keep = <T>(resource: T): T => {
    const r = resource as Resource;
    expectValid(r);
    received.push(r);
    return resource;
  };

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ app } = await createTestApp(database));
    doctor = await createUser(app, database, 'medical_personnel');
    for (let n = 0; n < 5; n++) {
      const body = newPatient({ last_name: family });
      body.patient_drug_allergy = [
        { drug_id: 'R002', reaction: 'Hives', severity: 'severe' } as never,
        { drug_id: 'R003' },
      ];
      const added = await call(app, 'POST', '/patient/add-patient', { token: doctor.token, body });
      if (added.statusCode !== 201) throw new Error(added.body);
      ids.push(body.patient.patient_id);
    }
    await call(app, 'POST', '/patient/add-patient-appointment', {
      token: doctor.token,
      body: {
        patient_id: ids[0],
        date: `${new Date().getUTCFullYear() + 1}-03-01`,
        time: '09:30',
        topic: 'Follow-up',
        clinician_id: doctor.recordId,
        duration_minutes: 30,
      },
    });
    await call(app, 'POST', '/patient/add-patient-history', {
      token: doctor.token,
      body: { patient_id: ids[0], date: '2025-06-01', time: '08:00', detail: 'Seen for a cough' },
    });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const baseUrl = `${address}/fhir/R4`;
    client = new Client({ baseUrl, customHeaders: { Authorization: `Bearer ${doctor.token}` } });
    anonymous = new Client({ baseUrl });
  }, 240_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('reads the capability statement without a session', async () => {
    const statement = keep(await anonymous.capabilityStatement()) as unknown as {
      fhirVersion: string;
    };
    expect(statement.fhirVersion).toBe('4.0.1');
  });

  it('reads a patient and searches with paging via nextPage', async () => {
    const patient = keep(await client.read({ resourceType: 'Patient', id: ids[0]! }));
    expect(patient.id).toBe(ids[0]);
    const seen: string[] = [];
    let bundle = keep(
      (await client.search({
        resourceType: 'Patient',
        searchParams: { family, _count: 2 },
      })) as unknown as Bundle,
    );
    for (let page = 0; page < 10; page++) {
      seen.push(...(bundle.entry ?? []).map((e) => keep(e.resource!).id!));
      const next = client.nextPage({ bundle: bundle as never });
      if (!next) break;
      bundle = keep((await next) as unknown as Bundle);
    }
    expect(seen).toEqual(ids);
  });

  it('searches each clinical type of a patient', async () => {
    const search = async (resourceType: string, searchParams: Record<string, string>) =>
      (
        (keep(await client.search({ resourceType, searchParams })) as unknown as Bundle).entry ?? []
      ).map((e) => keep(e.resource!));
    const allergies = await search('AllergyIntolerance', { patient: ids[0]! });
    expect(allergies).toHaveLength(2);
    const rxnorm = await search('AllergyIntolerance', {
      patient: ids[0]!,
      code: 'http://www.nlm.nih.gov/research/umls/rxnorm|161',
    });
    expect(rxnorm.map((r) => r.id)).toEqual([`${ids[0]}-R002`]);
    const conditions = await search('Condition', {
      patient: ids[0]!,
      code: 'http://hl7.org/fhir/sid/icd-10|J11.1',
      'clinical-status': 'active',
    });
    expect(conditions).toHaveLength(1);
    const [appointment] = await search('Appointment', { patient: ids[0]!, status: 'booked' });
    expect(appointment).toBeDefined();
    // The visit's Encounter: found by patient and status, read by its appointment's id.
    const visits = await search('Encounter', { patient: ids[0]!, status: 'planned' });
    expect(visits.map((v) => v.id)).toEqual([appointment!.id]);
    const visit = keep(
      (await client.read({
        resourceType: 'Encounter',
        id: appointment!.id!,
      })) as unknown as Encounter,
    );
    expect(visit).toMatchObject({
      status: 'planned',
      class: { code: 'AMB' },
      appointment: [{ reference: `Appointment/${appointment!.id}` }],
      participant: [{ individual: { reference: `Practitioner/${doctor.recordId}` } }],
      reasonCode: [{ text: 'Follow-up' }],
    });
    expect(await search('DocumentReference', { patient: ids[0]! })).toHaveLength(1);
    expect(
      await search('Observation', { patient: ids[0]!, code: 'http://loinc.org|883-9' }),
    ).toHaveLength(1);
    expect(await search('Practitioner', { identifier: doctor.recordId })).toHaveLength(1);
    expect(
      await search('PractitionerRole', { practitioner: `Practitioner/${doctor.recordId}` }),
    ).toHaveLength(1);
  });

  it('runs Patient/$everything', async () => {
    const bundle = keep(
      (await client.operation({
        name: '$everything',
        resourceType: 'Patient',
        id: ids[0]!,
        method: 'GET',
      })) as unknown as Bundle,
    );
    const types = (bundle.entry ?? []).map((e) => keep(e.resource!).resourceType);
    expect(new Set(types)).toEqual(
      new Set([
        'Patient',
        'Observation',
        'AllergyIntolerance',
        'Condition',
        'Appointment',
        'Encounter',
        'DocumentReference',
      ]),
    );
  });

  /** The HTTP status behind a resource the client answered with. */
  const statusOf = (resource: unknown) => Client.httpFor(resource as never).response?.status;
  /** The failed call's status and its body, kept (validated). */
  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('the server accepted what it should have refused');
      },
      (error: { response?: { status?: number; data?: Resource } }) => ({
        status: error.response?.status,
        outcome: keep(error.response!.data!) as OperationOutcome,
      }),
    );

  it('writes a patient and their entries through the client, each read back', async () => {
    const patientId = `P8${String(unique()).padStart(6, '0')}`;
    const created = keep(
      (await client.create({
        resourceType: 'Patient',
        body: newPatientResource(patientId) as never,
      })) as unknown as Patient,
    );
    expect(statusOf(created)).toBe(201);
    expect(created.id).toBe(patientId);
    const readPatient = async () =>
      keep((await client.read({ resourceType: 'Patient', id: patientId })) as unknown as Patient);
    expect((await readPatient()).name?.[0]?.family).toBe(created.name?.[0]?.family);

    // Conditional update by the Patient ID: the one patient it names is changed.
    const updated = keep(
      (await client.update({
        resourceType: 'Patient',
        searchParams: { identifier: `${CODE_SYSTEMS.portalPatientId}|${patientId}` },
        body: { resourceType: 'Patient', name: [{ family: 'Kitrenamed', given: ['Napat'] }] },
      })) as unknown as Patient,
    );
    expect(statusOf(updated)).toBe(200);
    expect(updated.id).toBe(patientId);
    const reread = await readPatient();
    expect(reread.name?.[0]?.family).toBe('Kitrenamed');
    expect(reread.birthDate).toBe(created.birthDate);

    const allergy = keep(
      (await client.create({
        resourceType: 'AllergyIntolerance',
        body: {
          resourceType: 'AllergyIntolerance',
          patient: { reference: `Patient/${patientId}` },
          code: { coding: [{ system: CODE_SYSTEMS.rxnorm, code: '723' }] },
          reaction: [{ manifestation: [{ text: 'Rash' }], severity: 'mild' }],
        },
      })) as unknown as AllergyIntolerance,
    );
    expect(statusOf(allergy)).toBe(201);
    // An entry of the chart's allergy list: its id is the entry's.
    expect(allergy.id).toMatch(/^[0-9a-f-]{36}$/);
    const allergyRead = keep(
      (await client.read({
        resourceType: 'AllergyIntolerance',
        id: allergy.id!,
      })) as unknown as AllergyIntolerance,
    );
    expect(allergyRead.reaction?.[0]).toMatchObject({
      severity: 'mild',
      manifestation: [{ text: 'Rash' }],
    });

    const condition = keep(
      (await client.create({
        resourceType: 'Condition',
        body: {
          resourceType: 'Condition',
          subject: { reference: `Patient/${patientId}` },
          code: { coding: [{ system: CODE_SYSTEMS.icd10, code: 'J11.1' }] },
        },
      })) as unknown as Condition,
    );
    expect(statusOf(condition)).toBe(201);
    expect(condition.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(condition.code?.coding?.[0]).toMatchObject({
      system: CODE_SYSTEMS.icd10cm,
      code: 'J11.1',
    });
    expect(keep(await client.read({ resourceType: 'Condition', id: condition.id! })).id).toBe(
      condition.id,
    );

    const year = new Date().getUTCFullYear() + 1;
    const appointment = keep(
      (await client.create({
        resourceType: 'Appointment',
        body: {
          resourceType: 'Appointment',
          status: 'booked',
          description: 'Kit follow-up',
          start: `${year}-05-02T10:00:00Z`,
          minutesDuration: 20,
          participant: [
            { actor: { reference: `Patient/${patientId}` }, status: 'accepted' },
            { actor: { reference: `Practitioner/${doctor.recordId}` }, status: 'accepted' },
          ],
        } satisfies Appointment,
      })) as unknown as Appointment,
    );
    expect(statusOf(appointment)).toBe(201);
    const booked = keep(
      (await client.read({
        resourceType: 'Appointment',
        id: appointment.id!,
      })) as unknown as Appointment,
    );
    expect(booked).toMatchObject({
      status: 'booked',
      description: 'Kit follow-up',
      start: `${year}-05-02T10:00:00Z`,
      end: `${year}-05-02T10:20:00Z`,
    });

    // What the patient's record now holds, as a search finds it.
    const entries = async (resourceType: string) =>
      (
        (
          keep(
            await client.search({ resourceType, searchParams: { patient: patientId } }),
          ) as unknown as Bundle
        ).entry ?? []
      ).map((e) => keep(e.resource!).id);
    expect(await entries('AllergyIntolerance')).toEqual([allergy.id]);
    expect(await entries('Condition')).toEqual([condition.id]);
    expect(await entries('Appointment')).toEqual([appointment.id]);
  });

  it('gets a refused write back as an OperationOutcome naming the element, nothing stored', async () => {
    const refused = await failureOf(
      client.create({
        resourceType: 'AllergyIntolerance',
        body: {
          resourceType: 'AllergyIntolerance',
          patient: { reference: `Patient/${ids[1]}` },
          code: { coding: [{ system: CODE_SYSTEMS.rxnorm, code: '999999' }] },
        },
      }),
    );
    expect(refused.status).toBe(422);
    expect(refused.outcome.resourceType).toBe('OperationOutcome');
    expect(refused.outcome.issue[0]?.expression).toContain('AllergyIntolerance.code');
    const allergies = (
      (
        keep(
          await client.search({
            resourceType: 'AllergyIntolerance',
            searchParams: { patient: ids[1]! },
          }),
        ) as unknown as Bundle
      ).entry ?? []
    ).map((e) => e.resource!.id);
    expect(allergies.sort()).toEqual([`${ids[1]}-R002`, `${ids[1]}-R003`]);
  });

  it('gets an OperationOutcome for what fails', async () => {
    const failure = await client.read({ resourceType: 'Patient', id: 'P999999998' }).then(
      () => undefined,
      (error: { response?: { status?: number; data?: Resource } }) => error.response,
    );
    expect(failure?.status).toBe(404);
    expect(keep(failure!.data!).resourceType).toBe('OperationOutcome');
    const refused = await anonymous.read({ resourceType: 'Patient', id: ids[0]! }).then(
      () => undefined,
      (error: { response?: { status?: number; data?: Resource } }) => error.response,
    );
    expect(refused?.status).toBe(401);
    expect(received.length).toBeGreaterThan(20);
  });
});

/**
 * Prescriptions in FHIR: each as a MedicationRequest coded in RxNorm, with its requester, its
 * dosage instruction and dispense request, its status (and the reason once stopped); searchable
 * by patient, status, code and authoredon; in $everything, in bulk export and the capability
 * statement; created through the API's own call and checks (a class allergy and a duplicate
 * therapy are a 409 OperationOutcome unless the override reason is given; a Nurse may not);
 * every answer valid for the independent validator. On each backend.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bundle, CapabilityStatement, MedicationRequest } from '@medplum/fhirtypes';
import type { Medication } from '@portal/contract';
import type { Database } from '../db/database';
import { expectSuccess } from '../test/assertions';
import {
  allergyFreePatient,
  closeClinic,
  openClinic,
  PRESCRIPTION_INSTRUCTIONS,
  prescription,
} from '../test/fixtures';
import { BACKENDS, call, createUser, type TestUser } from '../test/harness';
import { EXPORT_SOURCES } from './bulk/sources';
import { OVERRIDE_REASON_EXTENSION } from './resources';
import { expectOutcome, expectResource, fhirCall } from './test/fhir-harness';
import { loadValidator, validationIssues } from './test/validator';

// The definitions take seconds to index, and far longer on a busy machine.
beforeAll(loadValidator, 240_000);

const RXNORM = 'http://www.nlm.nih.gov/research/umls/rxnorm';

/** A MedicationRequest as an information system would send it. */
const requestResource = (
  patientId: string,
  rxcui: string,
  extra: Partial<MedicationRequest> = {},
) =>
  ({
    resourceType: 'MedicationRequest',
    status: 'active',
    intent: 'order',
    medicationCodeableConcept: { coding: [{ system: RXNORM, code: rxcui }] },
    subject: { reference: `Patient/${patientId}` },
    dosageInstruction: [
      {
        patientInstruction: 'Twice a day with food',
        timing: { repeat: { frequency: 2, period: 1, periodUnit: 'd' } },
        route: { coding: [{ system: 'http://snomed.info/sct', code: '26643006' }] },
        doseAndRate: [
          {
            doseQuantity: {
              value: 1,
              unit: 'tablet',
              system: 'http://unitsofmeasure.org',
              code: '{tablet}',
            },
          },
        ],
      },
    ],
    dispenseRequest: {
      quantity: { value: 28 },
      expectedSupplyDuration: {
        value: 14,
        unit: 'days',
        system: 'http://unitsofmeasure.org',
        code: 'd',
      },
    },
    ...extra,
  }) satisfies MedicationRequest;

describe.each(BACKENDS)('prescriptions in FHIR on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let doctor: TestUser;
  let nurse: TestUser;
  let patient: TestUser;
  let active: Medication;
  let stopped: Medication;

  const search = async (path: string, token = doctor.token) => {
    const bundle = expectResource<Bundle>(await fhirCall(app, 'GET', path, { token }));
    return (bundle.entry ?? []).map((e) => e.resource as MedicationRequest);
  };

  const allergyFree = () => allergyFreePatient(app, doctor);

  beforeAll(async () => {
    ({ database, app, doctor, nurse, patient } = await openClinic(backend));
    const prescribe = (body: unknown) =>
      call(app, 'POST', `/patient/${patient.recordId}/medications`, { token: doctor.token, body });
    // Past the harness's amoxicillin allergy, with a reason.
    const first = await prescribe(
      prescription('rxn:723', { override_reason: 'Tolerated in 2024' }),
    );
    expectSuccess(first, 201);
    active = first.json<Medication>();
    const second = await prescribe(prescription('rxn:6809', { frequency: 'as_needed' }));
    expectSuccess(second, 201);
    const stop = await call(
      app,
      'POST',
      `/patient/${patient.recordId}/medications/${second.json<Medication>().id}/stop`,
      { token: doctor.token, body: { reason: 'Diet alone' } },
    );
    expectSuccess(stop, 200);
    stopped = stop.json<Medication>();
  }, 240_000);

  afterAll(() => closeClinic({ app, database }));

  it('gives a prescription as a MedicationRequest: RxNorm, requester, dosage, dispense', async () => {
    const read = expectResource<MedicationRequest>(
      await fhirCall(app, 'GET', `/MedicationRequest/${active.id}`, { token: nurse.token }),
    );
    expect(validationIssues(read)).toEqual([]);
    expect(read).toMatchObject({
      status: 'active',
      intent: 'order',
      subject: { reference: `Patient/${patient.recordId}` },
      requester: { reference: `Practitioner/${doctor.recordId}` },
      authoredOn: active.created_at,
      extension: [{ url: OVERRIDE_REASON_EXTENSION, valueString: 'Tolerated in 2024' }],
    });
    expect(read.medicationCodeableConcept?.coding?.[0]).toEqual({
      system: RXNORM,
      code: '723',
      display: 'amoxicillin',
    });
    const dosage = read.dosageInstruction?.[0];
    expect(dosage?.patientInstruction).toBe(PRESCRIPTION_INSTRUCTIONS);
    expect(dosage?.timing?.repeat).toMatchObject({ frequency: 3, period: 1, periodUnit: 'd' });
    expect(dosage?.route?.coding?.[0]).toMatchObject({
      system: 'http://snomed.info/sct',
      code: '26643006',
    });
    expect(dosage?.doseAndRate?.[0]?.doseQuantity).toEqual({
      value: 500,
      unit: 'mg',
      system: 'http://unitsofmeasure.org',
      code: 'mg',
    });
    expect(read.dispenseRequest).toMatchObject({
      quantity: { value: 21 },
      expectedSupplyDuration: { value: 7, code: 'd' },
      validityPeriod: { start: active.created_at, end: active.ends_at },
    });
    const gone = expectResource<MedicationRequest>(
      await fhirCall(app, 'GET', `/MedicationRequest/${stopped.id}`, { token: patient.token }),
    );
    expect(gone).toMatchObject({ status: 'stopped', statusReason: { text: 'Diet alone' } });
    expect(gone.dosageInstruction?.[0]?.asNeededBoolean).toBe(true);
  });

  it('searches by patient, status, code and authoredon', async () => {
    const all = await search(`/MedicationRequest?patient=${patient.recordId}`);
    expect(all.map((m) => m.id).sort()).toEqual([active.id, stopped.id].sort());
    for (const resource of all) expect(validationIssues(resource)).toEqual([]);
    expect(
      (await search(`/MedicationRequest?subject=Patient/${patient.recordId}&status=active`)).map(
        (m) => m.id,
      ),
    ).toEqual([active.id]);
    expect(
      (await search(`/MedicationRequest?patient=${patient.recordId}&status=stopped`)).map(
        (m) => m.id,
      ),
    ).toEqual([stopped.id]);
    expect(
      (await search(`/MedicationRequest?patient=${patient.recordId}&code=${RXNORM}|6809`)).map(
        (m) => m.id,
      ),
    ).toEqual([stopped.id]);
    // An ATC class names its drugs: penicillins (J01C) holds amoxicillin.
    expect(
      (
        await search(
          `/MedicationRequest?patient=${patient.recordId}&code=http://www.whocc.no/atc|J01C`,
        )
      ).map((m) => m.id),
    ).toEqual([active.id]);
    expect(
      await search(`/MedicationRequest?patient=${patient.recordId}&authoredon=lt2020-01-01`),
    ).toEqual([]);
    expect(
      (await search(`/MedicationRequest?patient=${patient.recordId}&authoredon=ge2020-01-01`))
        .length,
    ).toBe(2);
    expect(
      (
        await search(
          `/MedicationRequest?requester=Practitioner/${doctor.recordId}&patient=${patient.recordId}`,
        )
      ).length,
    ).toBe(2);
    expectOutcome(
      await fhirCall(app, 'GET', '/MedicationRequest?dosage=1', { token: doctor.token }),
      400,
      'dosage',
    );
  });

  it('lets a patient read only their own', async () => {
    const other = await createUser(app, database, 'patient');
    expect(await search('/MedicationRequest', other.token)).toEqual([]);
    expect((await search('/MedicationRequest', patient.token)).length).toBe(2);
    expectOutcome(
      await fhirCall(app, 'GET', `/MedicationRequest/${active.id}`, { token: other.token }),
      404,
    );
  });

  it('includes prescriptions in $everything, bulk export and the capability statement', async () => {
    const bundle = expectResource<Bundle>(
      await fhirCall(app, 'GET', `/Patient/${patient.recordId}/$everything`, {
        token: doctor.token,
      }),
    );
    const ids = (bundle.entry ?? []).map((e) => `${e.resource?.resourceType}/${e.resource?.id}`);
    expect(ids).toEqual(
      expect.arrayContaining([`MedicationRequest/${active.id}`, `MedicationRequest/${stopped.id}`]),
    );
    const exported = await EXPORT_SOURCES.MedicationRequest.batch(database.db, {
      after: 0,
      limit: 1000,
      since: new Date(Date.now() - 3_600_000),
    });
    expect(exported.resources.map((r) => r.id)).toEqual(
      expect.arrayContaining([active.id, stopped.id]),
    );
    for (const resource of exported.resources) expect(validationIssues(resource)).toEqual([]);
    const later = await EXPORT_SOURCES.MedicationRequest.batch(database.db, {
      after: 0,
      limit: 1000,
      since: new Date(Date.now() + 60_000),
    });
    expect(later.resources).toEqual([]);
    const capability = expectResource<CapabilityStatement>(
      await fhirCall(app, 'GET', '/metadata', { token: doctor.token }),
    );
    const entry = capability.rest?.[0]?.resource?.find((r) => r.type === 'MedicationRequest');
    expect(entry?.interaction?.map((i) => i.code)).toEqual(['read', 'search-type', 'create']);
    expect(entry?.searchParam?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['patient', 'status', 'code', 'authoredon']),
    );
  });

  it('creates a MedicationRequest through the API’s call: stored, audited, valid', async () => {
    const own = await allergyFree();
    const response = await fhirCall(app, 'POST', '/MedicationRequest', {
      token: doctor.token,
      body: requestResource(own, '6809'),
    });
    const created = expectResource<MedicationRequest>(response, 201);
    expect(response.headers['location']).toMatch(new RegExp(`/MedicationRequest/${created.id}$`));
    expect(created).toMatchObject({
      status: 'active',
      requester: { reference: `Practitioner/${doctor.recordId}` },
    });
    const [listed] = (
      await call(app, 'GET', `/patient/${own}/medications`, { token: doctor.token })
    ).json<Medication[]>();
    expect(listed).toMatchObject({
      id: created.id,
      drug_id: 'rxn:6809',
      dose: 1,
      unit: 'tablet',
      route: 'oral',
      frequency: 'twice_daily',
      duration_days: 14,
      quantity: 28,
      instructions: 'Twice a day with food',
    });
  });

  it('refuses a class allergy and a duplicate therapy with a 409 OperationOutcome; an override passes', async () => {
    const own = await allergyFree();
    expectSuccess(
      await call(app, 'POST', `/patient/${own}/allergies`, {
        token: nurse.token,
        body: { substance_id: 'atc:J01C' },
      }),
      201,
    );
    const allergic = expectOutcome(
      await fhirCall(app, 'POST', '/MedicationRequest', {
        token: doctor.token,
        body: requestResource(own, '723'),
      }),
      409,
      'MedicationRequest.medicationCodeableConcept',
    );
    expect(allergic.issue[0]?.diagnostics).toMatch(
      /allergy to Beta-lactam antibacterials, penicillins \(atc:J01C\)/,
    );
    const overridden = await fhirCall(app, 'POST', '/MedicationRequest', {
      token: doctor.token,
      body: requestResource(own, '723', {
        extension: [{ url: OVERRIDE_REASON_EXTENSION, valueString: 'Desensitised' }],
      }),
    });
    const given = expectResource<MedicationRequest>(overridden, 201);
    const duplicate = expectOutcome(
      await fhirCall(app, 'POST', '/MedicationRequest', {
        token: doctor.token,
        body: requestResource(own, '733', {
          extension: [{ url: 'https://example.org/other', valueString: 'x' }],
        }),
      }),
      409,
    );
    expect(duplicate.issue[0]?.diagnostics).toContain(`MedicationRequest/${given.id}`);
    expect(
      (await call(app, 'GET', `/patient/${own}/medications`, { token: doctor.token })).json<
        Medication[]
      >(),
    ).toHaveLength(1);
  });

  it('refuses a Nurse (403 naming prescribe) and what the contract refuses (422 naming the element)', async () => {
    const own = await allergyFree();
    const refused = expectOutcome(
      await fhirCall(app, 'POST', '/MedicationRequest', {
        token: nurse.token,
        body: requestResource(own, '6809'),
      }),
      403,
    );
    expect(refused.issue[0]?.code).toBe('forbidden');
    const bad = requestResource(own, '6809', {
      dispenseRequest: {
        quantity: { value: 28 },
        expectedSupplyDuration: { value: 400, code: 'd' },
      },
    });
    expectOutcome(
      await fhirCall(app, 'POST', '/MedicationRequest', { token: doctor.token, body: bad }),
      422,
      'MedicationRequest.dispenseRequest.expectedSupplyDuration.value',
    );
    expectOutcome(
      await fhirCall(app, 'POST', '/MedicationRequest', {
        token: doctor.token,
        body: requestResource(own, '999999999'),
      }),
      422,
      'MedicationRequest.medicationCodeableConcept',
    );
    expectOutcome(
      await fhirCall(app, 'POST', '/MedicationRequest', {
        token: doctor.token,
        body: requestResource(own, '6809', { status: 'stopped' }),
      }),
      422,
      'MedicationRequest.status',
    );
    expectOutcome(
      await fhirCall(app, 'POST', '/MedicationRequest', {
        token: doctor.token,
        body: requestResource('P999999', '6809'),
      }),
      422,
      'MedicationRequest.subject',
    );
    expect(
      (await call(app, 'GET', `/patient/${own}/medications`, { token: doctor.token })).json<
        Medication[]
      >(),
    ).toEqual([]);
  });
});

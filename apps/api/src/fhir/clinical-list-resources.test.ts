/**
 * The problem and allergy lists in FHIR: Condition and AllergyIntolerance from the chart's
 * lists beside the seed's, "no known allergies" as SNOMED CT 716186003; searched by patient,
 * code (system|code and code alone), clinical and verification status, paged across the
 * sources; in $everything and bulk export; every answer valid for the independent validator.
 * On each backend.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AllergyIntolerance, Bundle, Condition, Resource } from '@medplum/fhirtypes';
import type { Allergy, Condition as ChartCondition } from '@portal/contract';
import { CODE_SYSTEMS } from '@portal/reference-data';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { auditOf, expectSuccess } from '../test/assertions';
import {
  BACKENDS,
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  newPatient,
  type TestUser,
} from '../test/harness';
import { EXPORT_SOURCES } from './bulk/sources';
import { allergyRowsQuery, conditionRowsQuery } from './resources';
import { expectOutcome, expectResource, fhirCall, queryPlan } from './test/fhir-harness';
import { loadValidator, validationIssues } from './test/validator';

// The definitions take seconds to index, and far longer on a busy machine.
beforeAll(loadValidator, 240_000);

describe.each(BACKENDS)('problem and allergy lists in FHIR on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let doctor: TestUser;
  let patient: TestUser;
  let diabetes: ChartCondition;
  let hypertension: ChartCondition;
  let penicillins: Allergy;
  let peanut: Allergy;

  /** Every resource of a search, following its next links. */
  const searchAll = async <T extends Resource>(path: string, token = doctor.token) => {
    const found: T[] = [];
    let next: string | undefined = path;
    for (let page = 0; next && page < 50; page++) {
      const bundle: Bundle = expectResource<Bundle>(await fhirCall(app, 'GET', next, { token }));
      found.push(...(bundle.entry ?? []).map((e) => e.resource as T));
      const url = bundle.link?.find((l) => l.relation === 'next')?.url;
      next = url ? url.slice(url.indexOf('/fhir/R4') + '/fhir/R4'.length) : undefined;
    }
    return found;
  };
  const ids = (resources: readonly Resource[]) => resources.map((r) => r.id);

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ app } = await createTestApp(database));
    doctor = await createUser(app, database, 'medical_personnel');
    // The harness's patient: the seed's I002 and I007, an allergy to R003 (amoxicillin).
    patient = await createUser(app, database, 'patient');
    const add = async <T>(path: string, body: unknown) => {
      const response = await call(app, 'POST', path, { token: doctor.token, body });
      expectSuccess(response, 201);
      return response.json<T>();
    };
    const conditions = `/patient/${patient.recordId}/conditions`;
    diabetes = await add(conditions, { condition_id: 'icd:E11.9', onset_date: '2019-04-01' });
    hypertension = await add(conditions, { condition_id: 'icd:I10', note: 'Home readings' });
    const resolved = await call(app, 'PATCH', `${conditions}/${hypertension.id}`, {
      token: doctor.token,
      body: { clinical_status: 'resolved' },
    });
    expectSuccess(resolved, 200);
    const allergies = `/patient/${patient.recordId}/allergies`;
    penicillins = await add(allergies, {
      substance_id: 'atc:J01C',
      reaction: 'Hives',
      severity: 'severe',
      criticality: 'high',
    });
    peanut = await add(allergies, { substance_id: 'sct:762952008' });
    const corrected = await call(app, 'PATCH', `${allergies}/${peanut.id}`, {
      token: doctor.token,
      body: { verification_status: 'entered-in-error', error_reason: 'another patient' },
    });
    expectSuccess(corrected, 200);
  }, 240_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('reads the chart’s conditions beside the seed’s, coded in ICD-10-CM', async () => {
    const found = await searchAll<Condition>(`/Condition?patient=${patient.recordId}&_count=1`);
    expect(ids(found)).toEqual([
      `${patient.recordId}-I002`,
      `${patient.recordId}-I007`,
      diabetes.id,
      hypertension.id,
    ]);
    const [seed, , e119, i10] = found as [Condition, Condition, Condition, Condition];
    // I002 stands for ICD-10-CM A15.9; the seed's WHO code A16.9 is kept beside it.
    expect(seed.code?.coding?.slice(0, 2)).toEqual([
      expect.objectContaining({ system: CODE_SYSTEMS.icd10cm, code: 'A15.9' }),
      expect.objectContaining({ system: CODE_SYSTEMS.icd10, code: 'A16.9' }),
    ]);
    expect(e119).toMatchObject({
      clinicalStatus: { coding: [{ code: 'active' }] },
      code: { coding: [{ system: CODE_SYSTEMS.icd10cm, code: 'E11.9' }] },
      onsetDateTime: '2019-04-01',
      recorder: { reference: `Practitioner/${doctor.recordId}` },
    });
    expect(e119.recordedDate).toBe(diabetes.recorded_at);
    expect(i10).toMatchObject({
      clinicalStatus: { coding: [{ code: 'resolved' }] },
      note: [{ text: 'Home readings' }],
    });
    // The patient reads their own entry by its id, audited as the chart's list is read.
    const read = await fhirCall(app, 'GET', `/Condition/${diabetes.id}`, { token: patient.token });
    expect(expectResource<Condition>(read).id).toBe(diabetes.id);
    expect(await auditOf(database, read)).toEqual([
      expect.objectContaining({
        action: 'patient.condition.read',
        record_ids: [patient.recordId],
        outcome: 'success',
      }),
    ]);
  });

  it('searches conditions by code with and without a system, and by status', async () => {
    const mine = `patient=${patient.recordId}`;
    for (const code of [`${CODE_SYSTEMS.icd10cm}|E11.9`, 'E11.9', `${CODE_SYSTEMS.icd10}|E11.9`])
      expect(ids(await searchAll(`/Condition?${mine}&code=${encodeURIComponent(code)}`))).toEqual([
        diabetes.id,
      ]);
    // The seed's disease by its ICD-10-CM, WHO ICD-10 and portal codes.
    for (const code of [
      `${CODE_SYSTEMS.icd10cm}|A15.9`,
      `${CODE_SYSTEMS.icd10}|A16.9`,
      `${CODE_SYSTEMS.portalDisease}|I002`,
    ])
      expect(ids(await searchAll(`/Condition?${mine}&code=${encodeURIComponent(code)}`))).toEqual([
        `${patient.recordId}-I002`,
      ]);
    expect(await searchAll(`/Condition?${mine}&code=${encodeURIComponent('|E11.9')}`)).toEqual([]);
    expect(
      await searchAll(
        `/Condition?${mine}&code=${encodeURIComponent(`${CODE_SYSTEMS.rxnorm}|723`)}`,
      ),
    ).toEqual([]);
    expect(ids(await searchAll(`/Condition?${mine}&clinical-status=resolved`))).toEqual([
      hypertension.id,
    ]);
    expect(ids(await searchAll(`/Condition?${mine}&clinical-status=active,recurrence`))).toEqual([
      `${patient.recordId}-I002`,
      `${patient.recordId}-I007`,
      diabetes.id,
    ]);
    // Across patients: by code, by status (index-backed in migration 0032).
    expect(ids(await searchAll('/Condition?code=E11.9&_count=100'))).toContain(diabetes.id);
    expect(ids(await searchAll('/Condition?clinical-status=resolved'))).toContain(hypertension.id);
    expectOutcome(
      await fhirCall(app, 'GET', '/Condition?clinical-status=', { token: doctor.token }),
      400,
      'clinical-status',
    );
  });

  it('reads allergies by category, criticality and code, entered in error without a status', async () => {
    const found = await searchAll<AllergyIntolerance>(
      `/AllergyIntolerance?patient=${patient.recordId}&_count=1`,
    );
    expect(ids(found)).toEqual([`${patient.recordId}-R003`, penicillins.id, peanut.id]);
    const [, classAllergy, wrong] = found as [
      AllergyIntolerance,
      AllergyIntolerance,
      AllergyIntolerance,
    ];
    expect(classAllergy).toMatchObject({
      category: ['medication'],
      criticality: 'high',
      code: { coding: [{ system: CODE_SYSTEMS.atc, code: 'J01C' }] },
      reaction: [{ manifestation: [{ text: 'Hives' }], severity: 'severe' }],
      recorder: { reference: `Practitioner/${doctor.recordId}` },
    });
    expect(wrong.clinicalStatus).toBeUndefined();
    expect(wrong).toMatchObject({
      category: ['food'],
      verificationStatus: { coding: [{ code: 'entered-in-error' }] },
      note: [{ text: 'Entered in error: another patient' }],
    });
    const mine = `patient=${patient.recordId}`;
    expect(
      ids(await searchAll(`/AllergyIntolerance?${mine}&code=${CODE_SYSTEMS.atc}|J01C`)),
    ).toEqual([penicillins.id]);
    // Amoxicillin by its RxNorm code or its ATC code: the seed's R003.
    for (const code of ['723', `${CODE_SYSTEMS.atc}|J01CA04`, `${CODE_SYSTEMS.portalDrug}|R003`])
      expect(
        ids(await searchAll(`/AllergyIntolerance?${mine}&code=${encodeURIComponent(code)}`)),
      ).toEqual([`${patient.recordId}-R003`]);
    expect(
      ids(await searchAll(`/AllergyIntolerance?${mine}&verification-status=entered-in-error`)),
    ).toEqual([peanut.id]);
    expect(ids(await searchAll(`/AllergyIntolerance?${mine}&clinical-status=active`))).toEqual([
      `${patient.recordId}-R003`,
      penicillins.id,
    ]);
  });

  it('answers no known allergies as SNOMED CT 716186003, none while not yet asked', async () => {
    // The harness's patients have the seed's allergy: a patient added with none is not asked.
    const added = await call(app, 'POST', '/patient/add-patient', {
      token: doctor.token,
      body: {
        ...newPatient(),
        patient_drug_allergy: [],
        patient_chronic_disease: [],
      },
    });
    expectSuccess(added, 201);
    const patientId = added.json<{ patient_id: string }>().patient_id;
    expect(await searchAll(`/AllergyIntolerance?patient=${patientId}`)).toEqual([]);
    expectSuccess(
      await call(app, 'POST', `/patient/${patientId}/allergies/none`, {
        token: doctor.token,
        body: {},
      }),
      200,
    );
    const [none] = await searchAll<AllergyIntolerance>(`/AllergyIntolerance?patient=${patientId}`);
    expect(none).toMatchObject({
      id: `${patientId}-nka`,
      clinicalStatus: { coding: [{ code: 'active' }] },
      code: { coding: [{ system: CODE_SYSTEMS.snomed, code: '716186003' }] },
      recorder: { reference: `Practitioner/${doctor.recordId}` },
    });
    expectResource(
      await fhirCall(app, 'GET', `/AllergyIntolerance/${patientId}-nka`, {
        token: doctor.token,
      }),
    );
    expect(
      ids(
        await searchAll(
          `/AllergyIntolerance?code=${encodeURIComponent(`${CODE_SYSTEMS.snomed}|716186003`)}&_count=100`,
        ),
      ),
    ).toContain(`${patientId}-nka`);
    const everything = expectResource<Bundle>(
      await fhirCall(app, 'GET', `/Patient/${patientId}/$everything`, { token: doctor.token }),
    );
    expect(
      (everything.entry ?? [])
        .map((e) => e.resource!)
        .filter((r) => r.resourceType === 'AllergyIntolerance')
        .map((r) => r.id),
    ).toEqual([`${patientId}-nka`]);
    // An allergy listed ends it.
    expectSuccess(
      await call(app, 'POST', `/patient/${patientId}/allergies`, {
        token: doctor.token,
        body: { substance_id: 'rxn:161' },
      }),
      201,
    );
    expect(
      (await searchAll<AllergyIntolerance>(`/AllergyIntolerance?patient=${patientId}`)).map(
        (a) => a.code?.coding?.[0]?.code,
      ),
    ).toEqual(['161']);
    expectOutcome(
      await fhirCall(app, 'GET', `/AllergyIntolerance/${patientId}-nka`, { token: doctor.token }),
      404,
    );
  });

  it('reads a search across patients from its index (migration 0032), not every entry', async () => {
    const plan = (query: SQL) => queryPlan(database, query);
    const page = { after: 0, limit: 20 };
    expect(
      await plan(conditionRowsQuery({ ...page, where: sql`code in ('icd:E11.9')` })),
    ).toContain('patient_condition_code');
    expect(
      await plan(
        conditionRowsQuery({
          ...page,
          where: sql`clinical_status = 'resolved' and verification_status <> 'entered-in-error'`,
        }),
      ),
    ).toContain('patient_condition_clinical_status');
    expect(
      await plan(
        allergyRowsQuery({ ...page, where: sql`verification_status = 'entered-in-error'` }),
      ),
    ).toContain('patient_allergy_verification_status');
    expect(await plan(allergyRowsQuery(page))).toContain('patient_no_known_allergies');
  });

  it('gathers the lists in $everything and bulk export, every resource valid', async () => {
    const everything = expectResource<Bundle>(
      await fhirCall(app, 'GET', `/Patient/${patient.recordId}/$everything`, {
        token: patient.token,
      }),
    );
    const gathered = (everything.entry ?? []).map((e) => e.resource!);
    expect(ids(gathered.filter((r) => r.resourceType === 'Condition'))).toEqual([
      `${patient.recordId}-I002`,
      `${patient.recordId}-I007`,
      diabetes.id,
      hypertension.id,
    ]);
    expect(ids(gathered.filter((r) => r.resourceType === 'AllergyIntolerance'))).toEqual([
      `${patient.recordId}-R003`,
      penicillins.id,
      peanut.id,
    ]);
    for (const type of ['Condition', 'AllergyIntolerance'] as const) {
      const exported: Resource[] = [];
      let after = 0;
      for (let round = 0; round < 200; round++) {
        const batch = await EXPORT_SOURCES[type].batch(database.db, {
          after,
          limit: 2,
          since: null,
        });
        exported.push(...batch.resources);
        if (batch.next === null) break;
        after = batch.next;
      }
      const exportedIds = ids(exported);
      expect(new Set(exportedIds).size).toBe(exportedIds.length);
      for (const resource of exported) expect(validationIssues(resource)).toEqual([]);
      const wanted =
        type === 'Condition'
          ? [diabetes.id, hypertension.id, `${patient.recordId}-I002`]
          : [penicillins.id, peanut.id, `${patient.recordId}-R003`];
      for (const id of wanted) expect(exportedIds).toContain(id);
    }
  });
});

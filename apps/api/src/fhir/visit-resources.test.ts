/**
 * The visit's records in FHIR: each measurement of a set of vital signs as an Observation in
 * its vital-signs profile (blood pressure as the 85354-9 panel), the blood group beside them,
 * and signed notes as Compositions; searchable by patient, date, code and status, in
 * $everything and in bulk export, every answer valid for the independent validator. On each
 * backend.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bundle, Composition, Observation } from '@medplum/fhirtypes';
import type { ClinicalNote, VitalSigns } from '@portal/contract';
import type { Database } from '../db/database';
import { expectSuccess } from '../test/assertions';
import {
  BACKENDS,
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  type TestUser,
} from '../test/harness';
import { EXPORT_SOURCES } from './bulk/sources';
import { expectResource, fhirCall } from './test/fhir-harness';
import { loadValidator, validationIssues } from './test/validator';

// The definitions take seconds to index, and far longer on a busy machine.
beforeAll(loadValidator, 240_000);

const LOINC = 'http://loinc.org';

describe.each(BACKENDS)('vital signs and notes in FHIR on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let nurse: TestUser;
  let patient: TestUser;
  let set: VitalSigns;
  let older: VitalSigns;
  let note: ClinicalNote;
  let wrong: ClinicalNote;

  const search = async <T extends Observation | Composition>(path: string, token = nurse.token) => {
    const bundle = expectResource<Bundle>(await fhirCall(app, 'GET', path, { token }));
    return (bundle.entry ?? []).map((e) => e.resource as T);
  };

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ app } = await createTestApp(database));
    nurse = await createUser(app, database, 'medical_personnel', 'P002');
    patient = await createUser(app, database, 'patient');
    const record = (body: unknown) =>
      call(app, 'POST', `/patient/${patient.recordId}/vitals`, { token: nurse.token, body });
    const first = await record({ weight_kg: 60, taken_at: '2025-03-01T08:00:00Z' });
    expectSuccess(first, 201);
    older = first.json<VitalSigns>();
    const second = await record({
      systolic: 150,
      diastolic: 85,
      pulse: 72,
      respiratory_rate: 16,
      temperature_c: 37.2,
      spo2: 98,
      weight_kg: 72.5,
      height_cm: 170,
    });
    expectSuccess(second, 201);
    set = second.json<VitalSigns>();
    const write = (text: string) =>
      call(app, 'POST', `/patient/${patient.recordId}/notes`, {
        token: nurse.token,
        body: { text },
      });
    note = (await write('S: <cough> & fever\nP: rest')).json<ClinicalNote>();
    const addendum = await call(
      app,
      'POST',
      `/patient/${patient.recordId}/notes/${note.note_id}/addenda`,
      { token: nurse.token, body: { text: 'Better on review' } },
    );
    expectSuccess(addendum, 201);
    wrong = (await write('Wrong chart')).json<ClinicalNote>();
    expectSuccess(
      await call(
        app,
        'POST',
        `/patient/${patient.recordId}/notes/${wrong.note_id}/entered-in-error`,
        { token: nurse.token, body: { reason: 'Wrong patient' } },
      ),
      200,
    );
  }, 240_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('gives each measurement of a set as a vital-signs Observation with LOINC and UCUM', async () => {
    const found = await search<Observation>(
      `/Observation?patient=${patient.recordId}&category=vital-signs&date=ge2026-01-01`,
    );
    const byCode = new Map(found.map((o) => [o.code.coding?.[0]?.code, o]));
    expect([...byCode.keys()].sort()).toEqual(
      ['85354-9', '8867-4', '9279-1', '8310-5', '59408-5', '29463-7', '8302-2', '39156-5'].sort(),
    );
    for (const observation of found) {
      expect(validationIssues(observation)).toEqual([]);
      expect(observation).toMatchObject({
        status: 'final',
        subject: { reference: `Patient/${patient.recordId}` },
        effectiveDateTime: set.taken_at,
        performer: [{ reference: `Practitioner/${nurse.recordId}` }],
      });
      expect(observation.category?.[0]?.coding?.[0]?.code).toBe('vital-signs');
    }
    const bp = byCode.get('85354-9')!;
    expect(bp.meta?.profile).toEqual(['http://hl7.org/fhir/StructureDefinition/bp']);
    expect(bp.component?.map((c) => [c.code.coding?.[0]?.code, c.valueQuantity])).toEqual([
      ['8480-6', { value: 150, unit: 'mmHg', system: 'http://unitsofmeasure.org', code: 'mm[Hg]' }],
      ['8462-4', { value: 85, unit: 'mmHg', system: 'http://unitsofmeasure.org', code: 'mm[Hg]' }],
    ]);
    expect(bp.component?.[0]?.interpretation?.[0]?.coding?.[0]?.code).toBe('H');
    expect(bp.component?.[1]?.interpretation).toBeUndefined();
    expect(byCode.get('8310-5')!.valueQuantity).toMatchObject({ value: 37.2, code: 'Cel' });
    expect(byCode.get('39156-5')!.valueQuantity).toMatchObject({ value: 25.1, code: 'kg/m2' });
    expect(byCode.get('39156-5')!.interpretation?.[0]?.coding?.[0]?.code).toBe('H');
    expect(byCode.get('29463-7')!.valueQuantity).toMatchObject({ value: 72.5, code: 'kg' });
  });

  it('searches by code, date and status, and reads one by id', async () => {
    const weights = await search<Observation>(
      `/Observation?subject=Patient/${patient.recordId}&code=${LOINC}|29463-7`,
    );
    expect(weights.map((o) => o.valueQuantity?.value).sort()).toEqual([60, 72.5]);
    const march = await search<Observation>(
      `/Observation?patient=${patient.recordId}&date=lt2025-04-01`,
    );
    expect(march.map((o) => o.id)).toEqual([`vs-${older.vital_id}-weight`]);
    expect(
      await search<Observation>(
        `/Observation?patient=${patient.recordId}&status=final&code=8480-6`,
      ),
    ).toEqual([]);
    const read = expectResource<Observation>(
      await fhirCall(app, 'GET', `/Observation/vs-${set.vital_id}-pulse`, { token: nurse.token }),
    );
    expect(read.valueQuantity).toMatchObject({ value: 72, unit: '/min', code: '/min' });
  });

  it('lets the patient read their own vital signs, and pages across both tables', async () => {
    const own = await search<Observation>('/Observation?_count=3', patient.token);
    expect(own.length).toBe(3);
    const all: Observation[] = [];
    let next: string | undefined = `/Observation?patient=${patient.recordId}&_count=2`;
    while (next) {
      const bundle: Bundle = expectResource<Bundle>(
        await fhirCall(app, 'GET', next, { token: nurse.token }),
      );
      all.push(...(bundle.entry ?? []).map((e) => e.resource as Observation));
      const link: string | undefined = bundle.link?.find((l) => l.relation === 'next')?.url;
      next = link ? link.slice(link.indexOf('/Observation')) : undefined;
    }
    // Nine measurements and the blood group (every patient the harness makes has one).
    expect(new Set(all.map((o) => o.id)).size).toBe(all.length);
    expect(all.filter((o) => o.id?.startsWith('vs-'))).toHaveLength(9);
    expect(all.filter((o) => o.id === `blood-type-${patient.recordId}`)).toHaveLength(1);
  });

  it('gives signed notes as Compositions: attested, addenda as sections, entered-in-error kept', async () => {
    const found = await search<Composition>(`/Composition?patient=${patient.recordId}`);
    expect(found.map((c) => [c.id, c.status]).sort()).toEqual(
      [
        [note.note_id, 'final'],
        [wrong.note_id, 'entered-in-error'],
      ].sort(),
    );
    const signed = found.find((c) => c.id === note.note_id)!;
    expect(validationIssues(signed)).toEqual([]);
    expect(signed.attester?.[0]).toMatchObject({
      mode: 'legal',
      time: note.signature.signed_at,
      party: { reference: `Practitioner/${nurse.recordId}` },
    });
    expect(signed.section?.map((s) => s.title)).toEqual([
      'Note',
      expect.stringMatching(/^Addendum /),
    ]);
    expect(signed.section?.[0]?.text?.div).toContain('S: &lt;cough&gt; &amp; fever<br/>P: rest');
    const current = await search<Composition>(
      `/Composition?patient=${patient.recordId}&status=final&date=ge2020-01-01`,
    );
    expect(current.map((c) => c.id)).toEqual([note.note_id]);
    expectResource<Composition>(
      await fhirCall(app, 'GET', `/Composition/${wrong.note_id}`, { token: patient.token }),
    );
  });

  it('includes both in $everything and in bulk export', async () => {
    const bundle = expectResource<Bundle>(
      await fhirCall(app, 'GET', `/Patient/${patient.recordId}/$everything`, {
        token: nurse.token,
      }),
    );
    const ids = (bundle.entry ?? []).map((e) => `${e.resource?.resourceType}/${e.resource?.id}`);
    expect(ids).toContain(`Observation/vs-${set.vital_id}-bp`);
    expect(ids).toContain(`Composition/${note.note_id}`);
    const observations = await EXPORT_SOURCES.Observation.batch(database.db, {
      after: 0,
      limit: 1000,
      since: null,
    });
    expect(observations.resources.map((r) => r.id)).toContain(`vs-${set.vital_id}-bmi`);
    const notes = await EXPORT_SOURCES.Composition.batch(database.db, {
      after: 0,
      limit: 1000,
      since: new Date(Date.now() - 3_600_000),
    });
    expect(notes.resources.map((r) => r.id)).toEqual(
      expect.arrayContaining([note.note_id, wrong.note_id]),
    );
    for (const resource of [...observations.resources, ...notes.resources]) {
      expect(validationIssues(resource)).toEqual([]);
    }
  });
});

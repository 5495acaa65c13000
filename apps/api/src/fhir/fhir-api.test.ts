import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Bundle,
  CapabilityStatement,
  DocumentReference,
  OperationOutcome,
  Patient,
} from '@medplum/fhirtypes';
import { type Database, queryRows } from '../db/database';
import { auditOf } from '../test/assertions';
import {
  BACKENDS,
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  newPatient,
  patientAddInput,
  type TestUser,
} from '../test/harness';
import { patientsRepository } from '../repositories/patients';
import { EVERYTHING_MAX } from './everything';
import { CODE_SYSTEMS } from '@portal/reference-data';
import { appWithFrontends, expectOutcome, expectResource, fhirCall } from './test/fhir-harness';
import { loadValidator } from './test/validator';

const PATIENT_ID_SYSTEM = CODE_SYSTEMS.portalPatientId;

// The definitions take seconds to index, and far longer on a busy machine.
beforeAll(loadValidator, 240_000);

describe.each(BACKENDS)('FHIR R4 interface on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let doctor: TestUser;
  let patientUser: TestUser;
  let hr: TestUser;
  const family = `Fhirtest${Date.now() % 100000}`;
  const ids: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ app } = await createTestApp(database));
    doctor = await createUser(app, database, 'medical_personnel');
    patientUser = await createUser(app, database, 'patient');
    hr = await createUser(app, database, 'HR');
    const system = { actor: null, address: '127.0.0.1', requestId: 'setup' };
    for (let n = 0; n < 5; n++) {
      const body = newPatient({ last_name: family, gender: n % 2 ? 'male' : 'female' });
      ids.push(
        (await patientsRepository.add(database.db, system, patientAddInput(body), 30)).patient_id,
      );
    }
  }, 240_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers metadata to anyone: a valid CapabilityStatement of what it offers', async () => {
    const statement = expectResource<CapabilityStatement>(await fhirCall(app, 'GET', '/metadata'));
    expect(statement.fhirVersion).toBe('4.0.1');
    const types = statement.rest?.[0]?.resource?.map((r) => r.type);
    expect(types).toEqual(
      expect.arrayContaining(['Patient', 'AllergyIntolerance', 'Condition', 'Appointment']),
    );
    const patient = statement.rest![0]!.resource!.find((r) => r.type === 'Patient')!;
    expect(patient.searchParam?.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        '_id',
        'identifier',
        'name',
        'family',
        'given',
        'birthdate',
        'gender',
      ]),
    );
    expect(patient.operation?.map((o) => o.name)).toEqual(['everything', 'export']);
    expect(statement.rest![0]!.operation?.map((o) => o.name)).toEqual(['export']);
  });

  it('refuses anything else without a session: 401 OperationOutcome', async () => {
    expectOutcome(await fhirCall(app, 'GET', '/Patient'), 401);
    expectOutcome(await fhirCall(app, 'GET', `/Patient/${ids[0]}`, { token: 'nope' }), 401);
  });

  it('reads a patient, audited as the API audits a record read', async () => {
    const response = await fhirCall(app, 'GET', `/Patient/${ids[0]}`, { token: doctor.token });
    const patient = expectResource<Patient>(response);
    expect(patient.id).toBe(ids[0]);
    expect(patient.name?.[0]?.family).toBe(family);
    expect(await auditOf(database, response)).toEqual([
      expect.objectContaining({ action: 'patient.read', record_ids: [ids[0]], outcome: 'success' }),
    ]);
  });

  it('answers 404 for an unknown id or type, 405 for an interaction it does not offer', async () => {
    expectOutcome(await fhirCall(app, 'GET', '/Patient/P999999999', { token: doctor.token }), 404);
    expectOutcome(await fhirCall(app, 'GET', '/Medication', { token: doctor.token }), 404);
    expectOutcome(
      await fhirCall(app, 'GET', '/Appointment/not-a-uuid', { token: doctor.token }),
      404,
    );
    expectOutcome(
      await fhirCall(app, 'DELETE', `/Patient/${ids[0]}`, { token: doctor.token }),
      405,
    );
    expectOutcome(await fhirCall(app, 'GET', '/Patient/x/y/z', { token: doctor.token }), 404);
  });

  it('searches by family name and pages with keyset cursors, every page valid', async () => {
    const seen: string[] = [];
    let url = `/Patient?family=${family}&_count=2`;
    for (let page = 0; page < 5 && url; page++) {
      const bundle = expectResource<Bundle>(
        await fhirCall(app, 'GET', url, { token: doctor.token }),
      );
      seen.push(...(bundle.entry ?? []).map((e) => e.resource!.id!));
      const next = bundle.link?.find((l) => l.relation === 'next')?.url;
      url = next ? next.slice(next.indexOf('/fhir/R4') + '/fhir/R4'.length) : '';
    }
    expect(seen).toEqual(ids);
  });

  it('searches by gender, birthdate, identifier and _id', async () => {
    const search = async (query: string) =>
      (
        expectResource<Bundle>(
          await fhirCall(app, 'GET', `/Patient?family=${family}&${query}`, { token: doctor.token }),
        ).entry ?? []
      ).map((e) => e.resource!.id);
    expect(await search('gender=male')).toEqual([ids[1], ids[3]]);
    expect(await search(`identifier=${ids[2]}`)).toEqual([ids[2]]);
    expect(await search(`_id=${ids[2]},${ids[4]}`)).toEqual([ids[2], ids[4]]);
    const year = new Date().getUTCFullYear() - 42;
    expect(await search(`birthdate=${year}`)).toHaveLength(5);
    expect(await search(`birthdate=lt${year}`)).toHaveLength(0);
    expect(await search(`birthdate=${year}-01-01`)).toHaveLength(5);
    expect(await search(`birthdate=ge${year}-01-02`)).toHaveLength(0);
  });

  it('searches history entries by date (when recorded) and status, as metadata lists', async () => {
    const statement = expectResource<CapabilityStatement>(await fhirCall(app, 'GET', '/metadata'));
    const documents = statement.rest![0]!.resource!.find((r) => r.type === 'DocumentReference')!;
    expect(documents.searchParam?.map((p) => p.name)).toEqual([
      '_id',
      'patient',
      'subject',
      'period',
      'date',
      'status',
      '_count',
      '_cursor',
    ]);
    const entry = async (date: string) => {
      const added = await call(app, 'POST', '/patient/add-patient-history', {
        token: doctor.token,
        body: { patient_id: ids[3], date, time: '08:00', detail: `Seen ${date}` },
      });
      expect(added.statusCode, added.body).toBe(201);
      const [row] = await queryRows<{ id: string | number }>(
        database.db,
        sql`select h.id from medical_history h join patient p on p.id = h.patient_id
          where p.patient_id = ${ids[3]} and h.date = ${date}::date`,
      );
      return { id: `mh-${row!.id}`, row: Number(row!.id) };
    };
    // One written in March 2024; an older one without a recording time, created in July 2023.
    const recorded = await entry('2024-03-01');
    const older = await entry('2023-06-30');
    await database.db.execute(
      sql`update medical_history set recorded_at = '2024-03-05T10:00:00Z' where id = ${recorded.row}`,
    );
    await database.db.execute(
      sql`update medical_history set recorded_at = null, created_at = '2023-07-01T12:00:00Z'
        where id = ${older.row}`,
    );
    const search = async (query: string) => {
      const bundle = expectResource<Bundle>(
        await fhirCall(app, 'GET', `/DocumentReference?patient=${ids[3]}&${query}`, {
          token: doctor.token,
        }),
      );
      return (bundle.entry ?? []).map((e) => e.resource as DocumentReference);
    };
    const found = async (query: string) => (await search(query)).map((d) => d.id);
    const [march] = await search('date=2024-03-05');
    expect(march?.id).toBe(recorded.id);
    expect(Date.parse(march!.date!)).toBe(Date.parse('2024-03-05T10:00:00Z'));
    expect(await found('date=2023-07')).toEqual([older.id]);
    expect(await found('date=ge2024-03-05T10:00Z')).toEqual([recorded.id]);
    expect(await found('date=lt2024-03-05T10:00Z')).toEqual([older.id]);
    expect(await found('date=ge2023&date=lt2025')).toEqual([recorded.id, older.id]);
    expect(await found('date=2025')).toEqual([]);
    expect(await found('status=current')).toEqual([recorded.id, older.id]);
    expect(await found('status=http://hl7.org/fhir/document-reference-status|current')).toEqual([
      recorded.id,
      older.id,
    ]);
    expect(await found('status=superseded,entered-in-error')).toEqual([]);
    expect(await found('status=current&date=2023')).toEqual([older.id]);
    expectOutcome(
      await fhirCall(app, 'GET', `/DocumentReference?date=yesterday`, { token: doctor.token }),
      400,
      'date',
    );
  });

  it('refuses a bad parameter with a 400 naming it', async () => {
    for (const [query, name] of [
      ['_count=0', '_count'],
      ['_count=abc', '_count'],
      ['birthdate=yesterday', 'birthdate'],
      ['birthdate=2020-02-30', 'birthdate'],
      ['colour=blue', 'colour'],
      ['_cursor=zzz', '_cursor'],
      ['family=a&family=b', 'family'],
    ] as const) {
      expectOutcome(
        await fhirCall(app, 'GET', `/Patient?${query}`, { token: doctor.token }),
        400,
        name,
      );
    }
  });

  it('refuses a NUL or another control character in any search value: a 400 naming it', async () => {
    for (const [type, name] of [
      ['Patient', 'name'],
      ['Patient', 'family'],
      ['Patient', 'given'],
      ['Patient', 'identifier'],
      ['Patient', '_id'],
      ['Practitioner', 'name'],
      ['Condition', 'patient'],
    ] as const) {
      for (const value of ['%00', 'Jai%00', '%01x', 'a%7Fb', '%C2%85']) {
        expectOutcome(
          await fhirCall(app, 'GET', `/${type}?${name}=${value}`, { token: doctor.token }),
          400,
          name,
        );
      }
    }
  });

  it('answers every path under the base with FHIR, never a page of the web apps', async () => {
    const { app: withPages, root } = await appWithFrontends(database);
    try {
      for (const [method, path, status] of [
        ['GET', `/Patient/${ids[0]}/_history`, 404],
        ['GET', `/Patient/${ids[0]}/_history/1`, 404],
        ['GET', `/Patient/${ids[0]}/Condition`, 404],
        ['GET', `/Patient/${ids[0]}/$foo`, 404],
        ['GET', '/Group/1/$export', 404],
        ['GET', '/%00', 404],
        ['GET', '/Patient?%00=1', 400],
        ['GET', '/Patient?=1', 400],
        ['GET', '', 404],
        ['GET', '/', 404],
        ['DELETE', `/Patient/${ids[0]}/_history/1`, 404],
        ['POST', `/Patient/${ids[0]}/$everything`, 405],
        ['PUT', `/Patient/${ids[0]}/$everything`, 405],
        ['POST', '/$export', 405],
        ['POST', '/Patient/$export', 405],
        ['POST', '/metadata', 405],
      ] as const) {
        const response = await fhirCall(withPages, method, path, { token: doctor.token });
        expect(response.body, `${method} ${path}`).not.toMatch(/<html|<title/i);
        expectOutcome(response, status);
      }
      // The apps are there: the same server answers their pages.
      expect((await withPages.inject({ method: 'GET', url: '/' })).body).toContain('<title>');
    } finally {
      await withPages.close();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('finds by this server’s absolute reference what the relative reference finds', async () => {
    const found = expectResource<Bundle>(
      await fhirCall(app, 'GET', `/Patient?_id=${ids[0]}`, { token: doctor.token }),
    );
    const absolute = found.entry![0]!.fullUrl!;
    expect(absolute).toMatch(new RegExp(`^https?://[^/]+/fhir/R4/Patient/${ids[0]}$`));
    const search = async (query: string, token = doctor.token) =>
      (expectResource<Bundle>(await fhirCall(app, 'GET', query, { token })).entry ?? []).map(
        (e) => e.resource!.id,
      );
    for (const type of ['Condition', 'AllergyIntolerance', 'Observation']) {
      const relative = await search(`/${type}?patient=Patient/${ids[0]}`);
      expect(relative.length, type).toBeGreaterThan(0);
      expect(await search(`/${type}?patient=${encodeURIComponent(absolute)}`)).toEqual(relative);
      expect(
        await search(`/${type}?patient=${encodeURIComponent(`${absolute},Patient/${ids[1]}`)}`),
      ).toEqual(await search(`/${type}?patient=Patient/${ids[0]},Patient/${ids[1]}`));
      // Another server's URL of the same path names nothing here.
      const elsewhere = absolute.replace(/^https?:\/\/[^/]+/, 'https://elsewhere.example');
      expect(await search(`/${type}?patient=${encodeURIComponent(elsewhere)}`)).toEqual([]);
    }
    // A patient may name their own record by its absolute URL too.
    const own = absolute.replace(ids[0]!, patientUser.recordId);
    expect(
      await search(`/Condition?patient=${encodeURIComponent(own)}`, patientUser.token),
    ).toEqual(await search(`/Condition?patient=${patientUser.recordId}`, patientUser.token));
  });

  it('finds a patient by the ID card number, with or without its (empty) system', async () => {
    const [row] = await queryRows<{ id_card_number: string }>(
      database.db,
      sql`select id_card_number from patient where patient_id = ${ids[3]}`,
    );
    const card = row!.id_card_number;
    const search = async (query: string) =>
      (
        expectResource<Bundle>(
          await fhirCall(app, 'GET', `/Patient?${query}`, { token: doctor.token }),
        ).entry ?? []
      ).map((e) => e.resource!.id);
    expect(await search(`identifier=${card}`)).toEqual([ids[3]]);
    expect(await search(`identifier=${card.toLowerCase()}`)).toEqual([ids[3]]);
    expect(await search(`identifier=|${card}`)).toEqual([ids[3]]);
    expect(await search(`identifier=${ids[2]},${card}`)).toEqual([ids[2], ids[3]]);
    // The Patient ID's system names the Patient ID only; the card number has no system.
    expect(
      await search(`identifier=${encodeURIComponent(`${PATIENT_ID_SYSTEM}|${card}`)}`),
    ).toEqual([]);
    expect(await search(`identifier=|${ids[3]}`)).toEqual([]);
    expect(await search(`identifier=http://other.example|${card}`)).toEqual([]);
  });

  it('applies one rule to _summary and other result parameters on a read as on a search', async () => {
    for (const path of [`/Patient/${ids[0]}`, '/Patient', `/Patient/${ids[0]}/$everything`]) {
      for (const parameter of ['_summary=true', '_summary=count', '_elements=id']) {
        const name = parameter.split('=')[0]!;
        expectOutcome(
          await fhirCall(app, 'GET', `${path}?${parameter}`, { token: doctor.token }),
          400,
          name,
        );
      }
      expectOutcome(
        await fhirCall(app, 'GET', `${path}?_format=xml`, { token: doctor.token }),
        400,
        '_format',
      );
      expectResource(await fhirCall(app, 'GET', `${path}?_format=json`, { token: doctor.token }));
    }
    const statement = expectResource<CapabilityStatement>(await fhirCall(app, 'GET', '/metadata'));
    expect(statement.rest![0]!.documentation).toMatch(/_summary/);
  });

  it('keeps a patient to their own compartment and HR to staff', async () => {
    expectResource(
      await fhirCall(app, 'GET', `/Patient/${patientUser.recordId}`, { token: patientUser.token }),
    );
    const denied = await fhirCall(app, 'GET', `/Patient/${ids[0]}`, { token: patientUser.token });
    expectOutcome(denied, 403);
    expect(await auditOf(database, denied)).toEqual([
      expect.objectContaining({ action: 'patient.read', record_ids: [ids[0]], outcome: 'denied' }),
    ]);
    const own = expectResource<Bundle>(
      await fhirCall(app, 'GET', '/Patient', { token: patientUser.token }),
    );
    expect(own.entry?.map((e) => e.resource!.id)).toEqual([patientUser.recordId]);
    expectOutcome(await fhirCall(app, 'GET', '/Patient', { token: hr.token }), 403);
    expectResource(await fhirCall(app, 'GET', '/Practitioner', { token: hr.token }));
  });

  it('shows a patient the staff searches that showed them, naming no other patient', async () => {
    const shown = [patientUser.recordId, ids[0]!, ids[1]!, ids[2]!];
    const search = await fhirCall(app, 'GET', `/Patient?_id=${shown.join(',')}`, {
      token: doctor.token,
    });
    expect(expectResource<Bundle>(search).entry).toHaveLength(4);
    const [event] = await queryRows<{ id: string | number; record_ids: string[] }>(
      database.db,
      sql`select id, record_ids from audit_event where request_id = ${String(search.headers['x-request-id'])}`,
    );
    expect(event!.record_ids).toEqual(expect.arrayContaining(shown));
    const others = ids.filter((id) => id !== patientUser.recordId);
    const own = { what: { reference: `Patient/${patientUser.recordId}` } };
    const found = expectResource<Bundle>(
      await fhirCall(app, 'GET', '/AuditEvent?_count=100', { token: patientUser.token }),
    );
    const bySearch = found.entry!.find((e) => e.resource!.id === String(event!.id));
    expect(bySearch?.resource).toMatchObject({ entity: [own] });
    const read = await fhirCall(app, 'GET', `/AuditEvent/${event!.id}`, {
      token: patientUser.token,
    });
    expect(expectResource(read)).toMatchObject({ entity: [own] });
    for (const body of [JSON.stringify(found), read.body])
      for (const other of others) expect(body).not.toContain(other);
    // The access log shows the same search, as a staff member's visit.
    const log = await call(app, 'GET', '/profile/access-log', { token: patientUser.token });
    expect(log.json<{ actor: string }[]>()).toContainEqual(
      expect.objectContaining({ actor: 'staff' }),
    );
  });

  it('gives $everything for a patient, audited', async () => {
    const response = await fhirCall(app, 'GET', `/Patient/${ids[0]}/$everything`, {
      token: doctor.token,
    });
    const bundle = expectResource<Bundle>(response);
    const types = bundle.entry!.map((e) => e.resource!.resourceType);
    expect(types).toEqual(
      expect.arrayContaining(['Patient', 'Observation', 'AllergyIntolerance', 'Condition']),
    );
    const rows = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from audit_event where request_id = ${String(response.headers['x-request-id'])}`,
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
    // Nothing was cut: no warning.
    expect(types).not.toContain('OperationOutcome');
  });

  it('says so when $everything cuts a type at its limit, as metadata documents', async () => {
    const statement = expectResource<CapabilityStatement>(await fhirCall(app, 'GET', '/metadata'));
    const everything = statement
      .rest![0]!.resource!.find((r) => r.type === 'Patient')!
      .operation!.find((o) => o.name === 'everything')!;
    expect(everything.documentation).toContain(`at most ${EVERYTHING_MAX} of each type`);
    // One history entry more than the operation gathers.
    await database.db.execute(
      sql`insert into medical_history (patient_id, date, time, detail)
        select p.id, date '2020-01-01' + g, time '09:00', 'Entry ' || g
        from patient p, generate_series(1, ${EVERYTHING_MAX + 1}) g
        where p.patient_id = ${ids[4]}`,
    );
    const bundle = expectResource<Bundle>(
      await fhirCall(app, 'GET', `/Patient/${ids[4]}/$everything`, { token: doctor.token }),
    );
    const entries = bundle.entry!;
    const documents = entries.filter((e) => e.resource!.resourceType === 'DocumentReference');
    expect(documents).toHaveLength(EVERYTHING_MAX);
    expect(entries.filter((e) => e.resource!.resourceType === 'Condition')).toHaveLength(2);
    const last = entries.at(-1)!;
    expect(last.search?.mode).toBe('outcome');
    const warning = last.resource as OperationOutcome;
    expect(warning.resourceType).toBe('OperationOutcome');
    expect(warning.issue).toHaveLength(1);
    expect(warning.issue[0]).toMatchObject({
      severity: 'warning',
      code: 'incomplete',
      expression: ['DocumentReference'],
    });
    expect(warning.issue[0]!.diagnostics).toContain(`DocumentReference?patient=${ids[4]}`);
    // The search it names pages through every entry.
    let url: string | undefined = `/DocumentReference?patient=${ids[4]}&_count=100`;
    let all = 0;
    while (url) {
      const page: Bundle = expectResource<Bundle>(
        await fhirCall(app, 'GET', url, { token: doctor.token }),
      );
      all += page.entry?.length ?? 0;
      const next = page.link?.find((l) => l.relation === 'next')?.url;
      url = next ? next.slice(next.indexOf('/fhir/R4') + '/fhir/R4'.length) : undefined;
    }
    expect(all).toBe(EVERYTHING_MAX + 1);
  });
});

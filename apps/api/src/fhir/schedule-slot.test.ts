/**
 * Schedule and Slot: a clinician's clinic hours and the free slots they leave, read and
 * searched by everyone signed in (as GET /api/slots), each answer valid FHIR R4 and audited.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bundle, CapabilityStatement, Schedule, Slot } from '@medplum/fhirtypes';
import { addDays, hospitalToday, type Slot as ApiSlot } from '@portal/contract';
import type { Database } from '../db/database';
import { auditOf, expectSuccess } from '../test/assertions';
import { bangkok, bookableDay, closeClinic, everyDay, openClinic } from '../test/fixtures';
import { BACKENDS, call, testConfig, type TestUser } from '../test/harness';
import { parseSlotId, slotId } from './resources';
import { expectOutcome, expectResource, fhirCall } from './test/fhir-harness';
import { loadValidator } from './test/validator';

// The definitions take seconds to index, and far longer on a busy machine.
beforeAll(loadValidator, 240_000);

const HORIZON_DAYS = 90;

describe.each(BACKENDS)('FHIR Schedule and Slot on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let hr: TestUser;
  let doctor: TestUser;
  let nurse: TestUser;
  let patient: TestUser;
  const day = bookableDay;

  beforeAll(async () => {
    ({ database, app, hr, doctor, nurse, patient } = await openClinic(
      backend,
      testConfig({ booking: { maxUpcoming: 5, horizonDays: HORIZON_DAYS } }),
    ));
    for (const [who, sessions] of [
      [doctor, everyDay('09:00', '10:00', 'D001')],
      [nurse, everyDay('13:00', '14:00')],
    ] as const) {
      const saved = await call(app, 'PUT', `/employee/${who.recordId}/schedule`, {
        token: hr.token,
        body: { sessions, exceptions: [] },
      });
      expectSuccess(saved, 200);
    }
  }, 240_000);

  afterAll(() => closeClinic({ app, database }));

  const get = <T extends Bundle | Schedule | Slot>(path: string, token = patient.token) =>
    fhirCall(app, 'GET', path, { token }).then((r) => expectResource<T>(r));

  /** Every resource of a search, following its next links. */
  async function everyPage<T>(path: string): Promise<T[]> {
    const found: T[] = [];
    let next: string | undefined = path;
    for (let pages = 0; next; pages++) {
      expect(pages).toBeLessThan(50);
      const bundle: Bundle = await get<Bundle>(next);
      found.push(...(bundle.entry ?? []).map((e) => e.resource as T));
      const url = bundle.link?.find((l) => l.relation === 'next')?.url;
      next = url ? url.slice(url.indexOf('/fhir/R4') + '/fhir/R4'.length) : undefined;
    }
    return found;
  }

  it('lists Schedule and Slot in the CapabilityStatement, read and search, with their parameters', async () => {
    const statement = expectResource<CapabilityStatement>(await fhirCall(app, 'GET', '/metadata'));
    const of = (type: string) => statement.rest![0]!.resource!.find((r) => r.type === type)!;
    for (const [type, params] of [
      ['Schedule', ['_id', 'actor']],
      ['Slot', ['schedule', 'start', 'status']],
    ] as const) {
      expect(of(type).interaction?.map((i) => i.code)).toEqual(['read', 'search-type']);
      expect(of(type).searchParam?.map((p) => p.name)).toEqual([...params, '_count', '_cursor']);
    }
  });

  it("reads a clinician's Schedule: the Practitioner, the departments, the booking horizon", async () => {
    for (const token of [patient.token, doctor.token, hr.token]) {
      const schedule = await get<Schedule>(`/Schedule/${doctor.recordId}`, token);
      expect(schedule).toMatchObject({
        id: doctor.recordId,
        active: true,
        actor: [{ reference: `Practitioner/${doctor.recordId}` }],
        serviceType: [{ text: 'Medicine' }],
        planningHorizon: { start: hospitalToday(), end: addDays(hospitalToday(), HORIZON_DAYS) },
      });
    }
    // No department on the nurse's sessions: no service type.
    expect((await get<Schedule>(`/Schedule/${nurse.recordId}`)).serviceType).toBeUndefined();
    const read = await fhirCall(app, 'GET', `/Schedule/${doctor.recordId}`, {
      token: patient.token,
    });
    expect(await auditOf(database, read)).toEqual([
      expect.objectContaining({
        action: 'employee.schedule.read',
        record_type: 'employee',
        record_ids: [doctor.recordId],
        outcome: 'success',
      }),
    ]);
    // HR keeps no clinic hours; an id of no one; none without a session.
    for (const id of [hr.recordId, 'E999999', 'not an id'])
      expectOutcome(
        await fhirCall(app, 'GET', `/Schedule/${encodeURIComponent(id)}`, {
          token: patient.token,
        }),
        404,
      );
    expectOutcome(await fhirCall(app, 'GET', `/Schedule/${doctor.recordId}`), 401);
  });

  it('searches Schedules by actor (reference, id or absolute URL), paged', async () => {
    const all = await everyPage<Schedule>('/Schedule?_count=1');
    expect(all.map((s) => s.id)).toEqual(expect.arrayContaining([doctor.recordId, nurse.recordId]));
    expect(new Set(all.map((s) => s.id)).size).toBe(all.length);
    for (const actor of [
      `Practitioner/${nurse.recordId}`,
      nurse.recordId,
      `http://localhost/fhir/R4/Practitioner/${nurse.recordId}`,
    ]) {
      const bundle = await get<Bundle>(`/Schedule?actor=${encodeURIComponent(actor)}`);
      expect(bundle.entry?.map((e) => e.resource?.id)).toEqual([nurse.recordId]);
    }
    expect((await get<Bundle>(`/Schedule?actor=${hr.recordId}`)).entry).toEqual([]);
    expectOutcome(
      await fhirCall(app, 'GET', '/Schedule?date=2030', { token: patient.token }),
      400,
      'date',
    );
  });

  it('offers as Slots the free slots of GET /api/slots, free, in the clinician’s Schedule, paged', async () => {
    const from = day(0);
    const to = day(2);
    const api = await call(
      app,
      'GET',
      `/slots?clinician_id=${doctor.recordId}&from=${from}&to=${to}&limit=100`,
      { token: patient.token },
    );
    expectSuccess(api, 200);
    const expected = api.json<ApiSlot[]>();
    expect(expected).toHaveLength(6);
    const slots = await everyPage<Slot>(
      `/Slot?schedule=Schedule/${doctor.recordId}&start=ge${from}&start=le${to}&_count=4`,
    );
    expect(slots.map((s) => s.id)).toEqual(expected.map((s) => slotId(s.clinician_id, s.start)));
    expect(slots[0]).toEqual({
      resourceType: 'Slot',
      id: `${doctor.recordId}-${from.replaceAll('-', '')}T0200Z`,
      serviceType: [{ text: 'Medicine' }],
      schedule: { reference: `Schedule/${doctor.recordId}` },
      status: 'free',
      start: bangkok(from, '09:00').replace('.000Z', 'Z'),
      end: bangkok(from, '09:30').replace('.000Z', 'Z'),
    });
    // Without a schedule: every clinician's, by start.
    const both = await everyPage<Slot>(`/Slot?start=${from}&status=free`);
    expect(both.map((s) => s.start)).toEqual(
      [
        bangkok(from, '09:00'),
        bangkok(from, '09:30'),
        bangkok(from, '13:00'),
        bangkok(from, '13:30'),
      ].map((at) => at.replace('.000Z', 'Z')),
    );
    expect((await get<Bundle>(`/Slot?start=${from}&status=busy`)).entry).toEqual([]);
  });

  it('narrows slots to the instants of start, and bounds the window', async () => {
    const date = day(1);
    const narrow = await get<Bundle>(
      `/Slot?schedule=${doctor.recordId}&start=${encodeURIComponent(`gt${bangkok(date, '09:00')}`)}&start=${encodeURIComponent(`lt${bangkok(date, '13:30')}`)}`,
    );
    // gt 09:00 (to the minute) leaves out the 09:00 slot; lt 13:30 keeps the nurse out anyway.
    expect(narrow.entry?.map((e) => (e.resource as Slot).start)).toEqual([
      bangkok(date, '09:30').replace('.000Z', 'Z'),
    ]);
    // Beyond the booking horizon there is nothing; past it is not a longer window.
    expect(
      (await get<Bundle>(`/Slot?start=ge${addDays(hospitalToday(), HORIZON_DAYS + 5)}`)).entry,
    ).toEqual([]);
    for (const [query, parameter] of [
      [`start=ge${day(0)}&start=le${day(70)}`, 'start'],
      [`start=ne${day(0)}`, 'start'],
      ['start=tomorrow', 'start'],
      [`schedule=${doctor.recordId},${nurse.recordId}`, 'schedule'],
      ['actor=E001', 'actor'],
      ['_cursor=nonsense', '_cursor'],
    ] as const)
      expectOutcome(
        await fhirCall(app, 'GET', `/Slot?${query}`, { token: patient.token }),
        400,
        parameter,
      );
  });

  it('reads a free slot by its id, and no longer once it is booked', async () => {
    const date = day(3);
    const id = `${doctor.recordId}-${date.replaceAll('-', '')}T0230Z`;
    expect(parseSlotId(id)).toEqual({
      clinicianId: doctor.recordId,
      start: Date.parse(bangkok(date, '09:30')),
    });
    for (const token of [patient.token, doctor.token, hr.token])
      expect(await get<Slot>(`/Slot/${id}`, token)).toMatchObject({
        id,
        status: 'free',
        start: bangkok(date, '09:30').replace('.000Z', 'Z'),
      });
    const booked = await call(app, 'POST', '/profile/appointments', {
      token: patient.token,
      body: { clinician_id: doctor.recordId, start: bangkok(date, '09:30'), reason: 'Check' },
    });
    expectSuccess(booked, 201);
    expectOutcome(await fhirCall(app, 'GET', `/Slot/${id}`, { token: patient.token }), 404);
    // Times no slot starts at, and ids of no slot's form.
    for (const other of [
      `${doctor.recordId}-${date.replaceAll('-', '')}T0215Z`,
      `${doctor.recordId}-${date.replaceAll('-', '')}T0200`,
      `${doctor.recordId}-20301332T0200Z`,
      'nothing',
    ])
      expectOutcome(await fhirCall(app, 'GET', `/Slot/${other}`, { token: patient.token }), 404);
    expectOutcome(await fhirCall(app, 'GET', `/Slot/${id}`), 401);
  });

  it('offers no write on Schedule or Slot: 405', async () => {
    for (const [method, path] of [
      ['POST', '/Slot'],
      ['PUT', `/Slot/${doctor.recordId}-20300101T0200Z`],
      ['DELETE', `/Schedule/${doctor.recordId}`],
      ['POST', '/Schedule'],
      ['PATCH', '/Schedule'],
    ] as const)
      expectOutcome(
        await fhirCall(app, method, path, {
          token: doctor.token,
          body: { resourceType: 'Slot', status: 'busy' },
        }),
        405,
      );
  });
});

/**
 * The visit in FHIR: one Encounter per appointment (its id the appointment's), class AMB, its
 * status from the appointment's (booked planned, attended finished, cancelled and no-show
 * cancelled), the clinician as the attending participant, the booked time as its period, the
 * topic as its reason; a note written for the appointment names it. Searchable by patient,
 * date, status, class, appointment and practitioner from the appointment's indexes; a
 * patient's own only; in $everything, bulk export and the capability statement; every answer
 * valid for the independent validator. On each backend.
 */
import type { FastifyInstance } from 'fastify';
import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bundle, CapabilityStatement, Composition, Encounter } from '@medplum/fhirtypes';
import { addDays, type AppointmentResponse, type ClinicalNote, todayUtc } from '@portal/contract';
import type { Database } from '../db/database';
import { expectSuccess } from '../test/assertions';
import { closeClinic, openClinic } from '../test/fixtures';
import { BACKENDS, call, createUser, type TestUser } from '../test/harness';
import { EXPORT_SOURCES } from './bulk/sources';
import { allOf, type RawQuery } from './search';
import { RESOURCE_TYPES, searchWhere } from './types';
import { expectOutcome, expectResource, fhirCall, queryPlan } from './test/fhir-harness';
import { loadValidator, validationIssues } from './test/validator';

// The definitions take seconds to index, and far longer on a busy machine.
beforeAll(loadValidator, 240_000);

const ACT_CODE = 'http://terminology.hl7.org/CodeSystem/v3-ActCode';

describe.each(BACKENDS)('the visit as a FHIR Encounter on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let doctor: TestUser;
  let patient: TestUser;
  let other: TestUser;
  /** The patient's appointments by what became of them, and another patient's one. */
  const visits = {} as Record<'booked' | 'attended' | 'cancelled' | 'noshow' | 'other', string>;
  const yesterday = addDays(todayUtc(), -1);
  const later = addDays(todayUtc(), 30);
  let note: ClinicalNote;
  let unlinked: ClinicalNote;

  const search = async (path: string, token = doctor.token) => {
    const bundle = expectResource<Bundle>(await fhirCall(app, 'GET', path, { token }));
    return (bundle.entry ?? []).map((e) => e.resource as Encounter);
  };
  const ids = (encounters: readonly Encounter[]) => encounters.map((e) => e.id).sort();

  beforeAll(async () => {
    ({ database, app, doctor, patient } = await openClinic(backend));
    other = await createUser(app, database, 'patient');
    const book = async (of: TestUser, date: string, time: string, extra = {}) => {
      const response = await call(app, 'POST', '/patient/add-patient-appointment', {
        token: doctor.token,
        body: { patient_id: of.recordId, date, time, ...extra },
      });
      expectSuccess(response, 201);
      return response.json<AppointmentResponse>().appointment_id!;
    };
    const withDoctor = { clinician_id: doctor.recordId, duration_minutes: 30 };
    visits.booked = await book(patient, later, '09:30', { ...withDoctor, topic: 'Follow-up' });
    visits.attended = await book(patient, yesterday, '08:00', { ...withDoctor, topic: 'Cough' });
    visits.noshow = await book(patient, yesterday, '10:00');
    visits.cancelled = await book(patient, later, '11:00');
    visits.other = await book(other, later, '10:30', withDoctor);
    const outcome = (id: string, status: string) =>
      call(app, 'POST', `/patient/${patient.recordId}/appointments/${id}/status`, {
        token: doctor.token,
        body: { status },
      });
    expectSuccess(await outcome(visits.attended, 'fulfilled'), 200);
    expectSuccess(await outcome(visits.noshow, 'noshow'), 200);
    expectSuccess(
      await call(
        app,
        'POST',
        `/patient/${patient.recordId}/appointments/${visits.cancelled}/cancel`,
        { token: doctor.token, body: { reason: 'Unwell' } },
      ),
      200,
    );
    const write = async (body: object) => {
      const response = await call(app, 'POST', `/patient/${patient.recordId}/notes`, {
        token: doctor.token,
        body,
      });
      expectSuccess(response, 201);
      return response.json<ClinicalNote>();
    };
    note = await write({ text: 'Cough for a week', appointment_id: visits.attended });
    unlinked = await write({ text: 'Phone call' });
  }, 240_000);

  afterAll(() => closeClinic({ app, database }));

  it('gives each appointment as its visit: status, class, participant, period, reason', async () => {
    const found = await search(`/Encounter?patient=${patient.recordId}`);
    expect(ids(found)).toEqual(
      ids(
        [visits.booked, visits.attended, visits.noshow, visits.cancelled].map(
          (id) => ({ id }) as Encounter,
        ),
      ),
    );
    for (const encounter of found) expect(validationIssues(encounter)).toEqual([]);
    const byId = new Map(found.map((e) => [e.id, e]));
    const attended = byId.get(visits.attended)!;
    // The clinician's name as the Practitioner's (Practitioner tests check it).
    expect(attended.participant?.[0]?.individual?.display).toMatch(/\S/);
    expect({
      ...attended,
      participant: attended.participant?.map((p) => ({
        ...p,
        individual: { reference: p.individual?.reference },
      })),
    }).toEqual({
      resourceType: 'Encounter',
      id: visits.attended,
      status: 'finished',
      class: { system: ACT_CODE, code: 'AMB', display: 'ambulatory' },
      subject: { reference: `Patient/${patient.recordId}` },
      participant: [
        {
          type: [
            {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/v3-ParticipationType',
                  code: 'ATND',
                  display: 'attender',
                },
              ],
              text: 'attender',
            },
          ],
          individual: { reference: `Practitioner/${doctor.recordId}` },
        },
      ],
      appointment: [{ reference: `Appointment/${visits.attended}` }],
      period: { start: `${yesterday}T08:00:00Z`, end: `${yesterday}T08:30:00Z` },
      reasonCode: [{ text: 'Cough' }],
    });
    expect(byId.get(visits.booked)?.status).toBe('planned');
    expect(byId.get(visits.noshow)?.status).toBe('cancelled');
    expect(byId.get(visits.cancelled)?.status).toBe('cancelled');
    // Without a clinician or a topic there is neither participant nor reason.
    expect(byId.get(visits.noshow)?.participant).toBeUndefined();
    expect(byId.get(visits.noshow)?.reasonCode).toBeUndefined();
    const read = expectResource<Encounter>(
      await fhirCall(app, 'GET', `/Encounter/${visits.booked}`, { token: doctor.token }),
    );
    expect(read).toMatchObject({ status: 'planned', reasonCode: [{ text: 'Follow-up' }] });
    expectOutcome(await fhirCall(app, 'GET', '/Encounter/mh-1', { token: doctor.token }), 404);
  });

  it('searches by date, status, class, appointment, practitioner and _id, and pages', async () => {
    const of = `patient=Patient/${patient.recordId}`;
    expect(ids(await search(`/Encounter?${of}&date=${yesterday}`))).toEqual(
      [visits.attended, visits.noshow].sort(),
    );
    expect(ids(await search(`/Encounter?${of}&date=gt${todayUtc()}`))).toEqual(
      [visits.booked, visits.cancelled].sort(),
    );
    expect(ids(await search(`/Encounter?${of}&status=finished`))).toEqual([visits.attended]);
    expect(ids(await search(`/Encounter?${of}&status=planned`))).toEqual([visits.booked]);
    expect(
      ids(await search(`/Encounter?${of}&status=http://hl7.org/fhir/encounter-status|cancelled`)),
    ).toEqual([visits.noshow, visits.cancelled].sort());
    expect(await search(`/Encounter?${of}&status=in-progress`)).toEqual([]);
    expect(ids(await search(`/Encounter?${of}&class=${ACT_CODE}|AMB`))).toHaveLength(4);
    expect(await search(`/Encounter?${of}&class=EMER`)).toEqual([]);
    expect(ids(await search(`/Encounter?appointment=Appointment/${visits.other}`))).toEqual([
      visits.other,
    ]);
    expect(
      ids(await search(`/Encounter?practitioner=Practitioner/${doctor.recordId}&date=${later}`)),
    ).toEqual([visits.booked, visits.other].sort());
    expect(ids(await search(`/Encounter?_id=${visits.booked},${visits.other}`))).toEqual(
      [visits.booked, visits.other].sort(),
    );
    expectOutcome(
      await fhirCall(app, 'GET', `/Encounter?${of}&date=soon`, { token: doctor.token }),
      400,
      'date',
    );
    expectOutcome(
      await fhirCall(app, 'GET', `/Encounter?${of}&location=x`, { token: doctor.token }),
      400,
      'location',
    );
    const paged: string[] = [];
    let next: string | undefined = `/Encounter?subject=${patient.recordId}&_count=3`;
    while (next) {
      const bundle: Bundle = expectResource<Bundle>(
        await fhirCall(app, 'GET', next, { token: doctor.token }),
      );
      paged.push(...(bundle.entry ?? []).map((e) => e.resource!.id!));
      const link: string | undefined = bundle.link?.find((l) => l.relation === 'next')?.url;
      next = link ? link.slice(link.indexOf('/Encounter')) : undefined;
    }
    expect(paged.sort()).toEqual(
      [visits.booked, visits.attended, visits.noshow, visits.cancelled].sort(),
    );
  });

  it('links a note written for the appointment to its Encounter', async () => {
    const linked = expectResource<Composition>(
      await fhirCall(app, 'GET', `/Composition/${note.note_id}`, { token: doctor.token }),
    );
    expect(linked.encounter).toEqual({ reference: `Encounter/${visits.attended}` });
    expect(validationIssues(linked)).toEqual([]);
    const alone = expectResource<Composition>(
      await fhirCall(app, 'GET', `/Composition/${unlinked.note_id}`, { token: doctor.token }),
    );
    expect(alone.encounter).toBeUndefined();
  });

  it('lets a patient read their own visits only', async () => {
    expect(ids(await search('/Encounter?_count=100', patient.token))).toHaveLength(4);
    expect(ids(await search('/Encounter', other.token))).toEqual([visits.other]);
    expectOutcome(
      await fhirCall(app, 'GET', `/Encounter/${visits.other}`, { token: patient.token }),
      404,
    );
    expectOutcome(
      await fhirCall(app, 'GET', `/Encounter?patient=${other.recordId}`, { token: patient.token }),
      403,
    );
  });

  it('is in $everything, the bulk export and the capability statement', async () => {
    const bundle = expectResource<Bundle>(
      await fhirCall(app, 'GET', `/Patient/${patient.recordId}/$everything`, {
        token: patient.token,
      }),
    );
    const gathered = (bundle.entry ?? []).map((e) => e.resource!);
    expect(
      gathered
        .filter((r) => r.resourceType === 'Encounter')
        .map((r) => r.id)
        .sort(),
    ).toEqual([visits.booked, visits.attended, visits.noshow, visits.cancelled].sort());
    const exported = await EXPORT_SOURCES.Encounter.batch(database.db, {
      after: 0,
      limit: 1000,
      since: null,
    });
    expect(exported.resources.map((r) => r.id)).toEqual(
      expect.arrayContaining(Object.values(visits)),
    );
    for (const resource of exported.resources) expect(validationIssues(resource)).toEqual([]);
    const statement = expectResource<CapabilityStatement>(await fhirCall(app, 'GET', '/metadata'));
    const encounter = statement.rest?.[0]?.resource?.find((r) => r.type === 'Encounter');
    expect(encounter?.interaction?.map((i) => i.code)).toEqual(['read', 'search-type']);
    expect(encounter?.searchParam?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['_id', 'patient', 'date', 'status', 'class', 'appointment']),
    );
  });

  it('reads a search by patient, date or status from the appointment’s indexes', async () => {
    const plan = (query: SQL) => queryPlan(database, query);
    const encounters = RESOURCE_TYPES.get('Encounter')!;
    const pageOf = (query: RawQuery) =>
      encounters.rows({ after: 0, limit: 20, where: allOf(searchWhere(encounters, query)) });
    expect(await plan(pageOf({ patient: patient.recordId }))).toContain('appointment_latest');
    expect(await plan(pageOf({ date: yesterday }))).toContain('appointment_day');
    // Migration 0033: a status across patients.
    expect(await plan(pageOf({ status: 'cancelled' }))).toContain('appointment_status');
  });
});

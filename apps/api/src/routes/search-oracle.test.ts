/**
 * No answer tells of a match that is not audited. A search's total counts matches; a page past
 * the last match (a cursor made up, or `?limit=1`) used to answer `[]` or one row with every
 * match still counted, so names could be guessed letter by letter while no patient's access
 * log showed it. Now every match a page's total counts, and the one its next cursor tells of,
 * is in the page's audit event; a list without criteria (its total names no one) audits only
 * the rows it shows.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_COUNT_BOUND } from '@portal/contract';
import { type Database, queryRows } from '../db/database';
import { encodeCursor } from '../repositories/paging';
import { auditOf, expectSuccess } from '../test/assertions';
import {
  BACKENDS,
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  newEmployee,
  newPatient,
  type TestUser,
  unique,
} from '../test/harness';

describe.each(BACKENDS)('search totals and the access log on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let doctor: TestUser;
  let hr: TestUser;
  /** A last name only these patients have, and their ids. */
  const family = `Oraclefam${unique()}`;
  const members: string[] = [];
  /** A cursor past every row. */
  let pastTheEnd: string;

  async function search(body: object, query: string, token = doctor.token, path = 'patient') {
    const response = await call(app, 'POST', `/${path}/search-${path}${query}`, { token, body });
    expectSuccess(response, 200);
    return response;
  }

  /** The record ids the request's audit event names. */
  async function auditedIds(response: Awaited<ReturnType<typeof search>>) {
    const events = await auditOf(database, response);
    expect(events).toHaveLength(1);
    return events[0]!.record_ids ?? [];
  }

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ app } = await createTestApp(database));
    doctor = await createUser(app, database, 'medical_personnel');
    hr = await createUser(app, database, 'HR');
    for (const first of ['Anong', 'Anan', 'Boonmee']) {
      const body = newPatient({ first_name: first, last_name: family });
      expectSuccess(
        await call(app, 'POST', '/patient/add-patient', { token: doctor.token, body }),
        201,
      );
      members.push(body.patient.patient_id);
    }
    pastTheEnd = encodeCursor(999_999_999_999_999);
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('a page past the last match counts the matches and audits every one of them', async () => {
    for (const criteria of [
      { patient_id: '', first_name: '', last_name: family },
      { patient_id: '', first_name: 'An', last_name: family },
    ]) {
      const response = await search(criteria, `?cursor=${pastTheEnd}`);
      expect(response.json()).toEqual([]);
      const counted = Number(response.headers['x-total-count']);
      expect(counted).toBeGreaterThan(0);
      const audited = await auditedIds(response);
      expect(audited).toHaveLength(counted);
      expect(members).toEqual(expect.arrayContaining(audited));
    }
  });

  it('a one-row page audits the matches its total counts, not only the row it shows', async () => {
    const response = await search(
      { patient_id: '', first_name: '', last_name: family },
      '?limit=1',
    );
    expect(response.json()).toHaveLength(1);
    expect(response.headers['x-total-count']).toBe('3');
    expect(response.headers['x-next-cursor']).toBeDefined();
    const audited = await auditedIds(response);
    expect([...audited].sort()).toEqual([...members].sort());
    // The row shown comes first.
    expect(audited[0]).toBe(
      response.json<{ patient: { patient_id: string } }[]>()[0]!.patient.patient_id,
    );
  });

  it('a search that matches nobody audits nobody and counts 0', async () => {
    const response = await search(
      { patient_id: '', first_name: 'Zz', last_name: family },
      `?cursor=${pastTheEnd}`,
    );
    expect(response.headers['x-total-count']).toBe('0');
    expect(await auditedIds(response)).toEqual([]);
  });

  it('a capped total audits the matches counted and the one its next cursor tells of', async () => {
    const crowd = `Crowdfam${unique()}`;
    const many = TOTAL_COUNT_BOUND + 5;
    await queryRows(
      database.db,
      sql`insert into patient (patient_id, first_name, last_name, age, date_of_birth, gender,
            email, health_insurance, phone_number, id_card_number, ongoing_treatment, unhealthy_habits)
          select ${crowd} || '-' || g, 'Bulk', ${crowd}, 40, '1985-01-01', 'female',
            'bulk@example.com', 'yes', '0812345678', ${crowd} || '-card-' || g, 'none', 'none'
          from generate_series(1, ${many}::int) g`,
    );
    const rows = await queryRows<{ id: string | number; patient_id: string }>(
      database.db,
      sql`select id, patient_id from patient where last_name = ${crowd} order by id`,
    );
    // A page deep in the matches: it shows the third-to-last and tells of the second-to-last.
    const cursor = encodeCursor(Number(rows[many - 4]!.id));
    const response = await search(
      { patient_id: '', first_name: '', last_name: crowd },
      `?limit=1&cursor=${cursor}`,
    );
    expect(response.headers['x-total-count']).toBe(String(TOTAL_COUNT_BOUND));
    expect(response.headers['x-total-count-capped']).toBe('true');
    const audited = await auditedIds(response);
    expect(audited.length).toBeGreaterThanOrEqual(TOTAL_COUNT_BOUND + 1);
    expect(audited).toEqual(
      expect.arrayContaining([rows[many - 3]!.patient_id, rows[many - 2]!.patient_id]),
    );
  });

  it('a list without criteria audits only the rows it shows', async () => {
    const response = await call(app, 'GET', '/patient?limit=1', { token: doctor.token });
    expectSuccess(response, 200);
    expect(Number(response.headers['x-total-count'])).toBeGreaterThan(1);
    expect(await auditedIds(response)).toHaveLength(1);
  });

  it('a 409 on an ID card number audits the record that holds it', async () => {
    const holder = newPatient();
    expectSuccess(
      await call(app, 'POST', '/patient/add-patient', { token: doctor.token, body: holder }),
      201,
    );
    const card = holder.patient.id_card_number.toLowerCase();
    const added = await call(app, 'POST', '/patient/add-patient', {
      token: doctor.token,
      body: newPatient({ id_card_number: card }),
    });
    expect(added.statusCode).toBe(409);
    const other = newPatient();
    expectSuccess(
      await call(app, 'POST', '/patient/add-patient', { token: doctor.token, body: other }),
      201,
    );
    const updated = await call(app, 'PUT', '/patient/update-patient', {
      token: doctor.token,
      body: { patient: { patient_id: other.patient.patient_id, id_card_number: card } },
    });
    expect(updated.statusCode).toBe(409);
    for (const [response, action] of [
      [added, 'patient.create'],
      [updated, 'patient.update'],
    ] as const) {
      expect(await auditOf(database, response)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            action,
            record_ids: [holder.patient.patient_id],
            outcome: 'failure',
          }),
        ]),
      );
    }
  });

  it('the employee search follows the same rule', async () => {
    const staffFamily = `Stafffam${unique()}`;
    const ids: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const body = newEmployee({ last_name: staffFamily });
      expectSuccess(
        await call(app, 'POST', '/employee/add-employee', { token: hr.token, body }),
        201,
      );
      ids.push(body.employee_id);
    }
    const response = await search(
      { employee_id: '', first_name: '', last_name: staffFamily },
      `?cursor=${pastTheEnd}`,
      hr.token,
      'employee',
    );
    expect(response.json()).toEqual([]);
    expect(response.headers['x-total-count']).toBe('2');
    expect([...(await auditedIds(response))].sort()).toEqual([...ids].sort());
  });
});

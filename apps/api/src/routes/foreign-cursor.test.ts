/**
 * A paging cursor is checked against the caller's own rows: an appointment list's cursor that
 * names another patient's appointment is a 400 naming `cursor`, answered exactly as one naming
 * no appointment at all, and the check reads only the caller's rows (so neither the answer nor
 * the work done tells whether the other appointment exists or where it falls).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayUtc } from '@portal/contract';
import { type Database, queryRows } from '../db/database';
import { appointmentPositionQuery } from '../repositories/appointment-paging';
import { encodeCursor } from '../repositories/paging';
import { expectProblem, expectSuccess } from '../test/assertions';
import {
  BACKENDS,
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  type TestUser,
} from '../test/harness';

describe.each(BACKENDS)('appointment cursors of another patient on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let doctor: TestUser;
  let patientA: TestUser;
  let patientB: TestUser;
  /** Row ids: one of A's appointments, one of B's, and one no appointment has. */
  let ownId: number;
  let foreignId: number;
  let missingId: number;

  async function addAppointment(patientId: string, date: string, topic: string) {
    expectSuccess(
      await call(app, 'POST', '/patient/add-patient-appointment', {
        token: doctor.token,
        body: { patient_id: patientId, date, time: '10:00', topic },
      }),
      201,
    );
  }

  async function appointmentIds(patientId: string): Promise<number[]> {
    const rows = await queryRows<{ id: string | number }>(
      database.db,
      sql`select a.id from appointment a join patient p on p.id = a.patient_id
          where p.patient_id = ${patientId} order by a.id`,
    );
    return rows.map((row) => Number(row.id));
  }

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ app } = await createTestApp(database));
    doctor = await createUser(app, database, 'medical_personnel');
    patientA = await createUser(app, database, 'patient');
    patientB = await createUser(app, database, 'patient');
    const today = todayUtc();
    // B's appointment falls between A's two: placed by it, A's page would start at the later.
    await addAppointment(patientA.recordId, addDays(today, 1), 'A sooner');
    await addAppointment(patientB.recordId, addDays(today, 2), 'B');
    await addAppointment(patientA.recordId, addDays(today, 3), 'A later');
    ownId = (await appointmentIds(patientA.recordId))[0]!;
    foreignId = (await appointmentIds(patientB.recordId))[0]!;
    const [row] = await queryRows<{ id: string | number }>(
      database.db,
      sql`select coalesce(max(id), 0) + 1000 as id from appointment`,
    );
    missingId = Number(row!.id);
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const answersOf = async (path: (cursor: string) => string, token: string, ids: number[]) =>
    Promise.all(ids.map((id) => call(app, 'GET', path(encodeCursor(id)), { token })));

  it("GET /profile/appointments: another patient's appointment is a 400 like no appointment", async () => {
    const path = (cursor: string) => `/profile/appointments?cursor=${cursor}`;
    const [own, foreign, missing] = await answersOf(path, patientA.token, [
      ownId,
      foreignId,
      missingId,
    ]);
    expectSuccess(own!, 200);
    expect(own!.json()).toEqual([expect.objectContaining({ topic: 'A later' })]);
    const problem = expectProblem(foreign!, 400);
    expect(problem.errors).toEqual([{ field: 'cursor', message: 'Unknown cursor' }]);
    expect(foreign!.body).toBe(missing!.body);
    expect(foreign!.statusCode).toBe(missing!.statusCode);
  });

  it("GET /patient/{id}/appointments: another patient's appointment is a 400 like no appointment", async () => {
    const path = (cursor: string) => `/patient/${patientA.recordId}/appointments?cursor=${cursor}`;
    const [own, foreign, missing] = await answersOf(path, doctor.token, [
      ownId,
      foreignId,
      missingId,
    ]);
    expectSuccess(own!, 200);
    expect(own!.json()).toEqual([]);
    const problem = expectProblem(foreign!, 400);
    expect(problem.errors).toEqual([{ field: 'cursor', message: 'Unknown cursor' }]);
    expect(foreign!.body).toBe(missing!.body);
  });

  it("finds the cursor's row through the patient's own rows, never by its id", async () => {
    const [{ id: rowId } = { id: 0 }] = await queryRows<{ id: string | number }>(
      database.db,
      sql`select id from patient where patient_id = ${patientA.recordId}`,
    );
    // Without sequential scans, the only ways in are an index: the patient's, or the primary
    // key (which would reach the other patient's row by the cursor's id).
    const plan = await database.db.transaction(async (tx) => {
      await queryRows(tx, sql`set local enable_seqscan = off`);
      const rows = await queryRows<Record<string, unknown>>(
        tx,
        sql`explain ${appointmentPositionQuery(Number(rowId), foreignId)}`,
      );
      return rows.map((row) => Object.values(row).join(' ')).join('\n');
    });
    expect(plan).toContain('appointment_latest');
    expect(plan).not.toContain('appointment_pkey');
  });
});

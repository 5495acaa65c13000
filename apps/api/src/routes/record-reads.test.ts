/**
 * `GET /patient/:id` under concurrency: reads that arrive together share one
 * statement and one commit (group commit), and still each answer is its own record, sent only
 * once its audit event is in the database, with its own request id and outcome; the record's
 * JSON is sent as PostgreSQL built it, exactly what the contract's schema gives. On both
 * databases.
 */
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PatientRecord, patientRecordSchema } from '@portal/contract';
import { type Database, queryRows } from '../db/database';
import { sql } from 'drizzle-orm';
import {
  BACKENDS,
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  newPatient,
  type TestUser,
} from '../test/harness';
import { groupCommit } from '../db/group-commit';

describe.each(BACKENDS)('audited record reads together (%s)', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let doctor: TestUser;
  const ids: string[] = [];
  /** The record reads' statements sent to the database (they insert into audit_event from a CTE). */
  let readStatements = 0;

  beforeAll(async () => {
    database = await createTestDatabase(backend, {
      onQuery: (query) => {
        if (query.includes('with events as')) readStatements++;
      },
    });
    ({ app } = await createTestApp(database));
    doctor = await createUser(app, database, 'medical_personnel');
    for (let i = 0; i < 6; i++) {
      const body = newPatient();
      const added = await call(app, 'POST', '/patient/add-patient', {
        token: doctor.token,
        body,
      });
      expect(added.statusCode, added.body).toBe(201);
      ids.push(body.patient.patient_id);
    }
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const eventsOf = (requestId: string) =>
    queryRows<{ outcome: string; record_ids: string[]; actor_username: string }>(
      database.db,
      sql`select outcome, record_ids, actor_username from audit_event
          where request_id = ${requestId} and action = 'patient.read'`,
    );

  it('answers 40 concurrent reads with fewer statements, each its own record and audit event, present when the answer arrives', async () => {
    const wanted = Array.from({ length: 40 }, (_, i) =>
      i % 5 === 4 ? `P9${String(900000 + i).padStart(7, '0')}` : ids[i % ids.length]!,
    );
    readStatements = 0;
    const checks = wanted.map(async (id) => {
      const answer = await call(app, 'GET', `/patient/${id}`, { token: doctor.token });
      // Looked up the moment this answer arrives, before the others are awaited.
      const events = await eventsOf(String(answer.headers['x-request-id']));
      return { id, answer, events };
    });
    const results = await Promise.all(checks);
    expect(readStatements).toBeGreaterThan(0);
    expect(readStatements).toBeLessThan(wanted.length);
    for (const { id, answer, events } of results) {
      const known = ids.includes(id);
      expect(answer.statusCode, answer.body).toBe(known ? 200 : 404);
      if (known) expect(answer.json<PatientRecord>().patient.patient_id).toBe(id);
      expect(events).toEqual([
        {
          outcome: known ? 'success' : 'failure',
          record_ids: [id],
          actor_username: doctor.username,
        },
      ]);
    }
  });

  it('keeps the audit event of a read whose answer never reaches its client', async () => {
    // The event is committed before the answer is written: a client gone (or a server that dies)
    // between the two loses the answer, never the event. Over a real socket, closed at once.
    const url = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
    const successes = async () =>
      (
        await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from audit_event where action = 'patient.read'
              and outcome = 'success' and record_ids = array[${ids[1]!}]::text[]
              and actor_username = ${doctor.username}`,
        )
      )[0]!.n;
    const before = await successes();
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.end(
          `GET /api/patient/${ids[1]} HTTP/1.1\r\nHost: ${url.host}\r\n` +
            `Authorization: Bearer ${doctor.token}\r\n\r\n`,
          () => {
            socket.destroy();
            resolve();
          },
        );
      });
      socket.on('error', reject);
    });
    const deadline = Date.now() + 5000;
    while ((await successes()) === before && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await successes()).toBe(before + 1);
  });

  it("sends the database's JSON as it is, exactly what the contract's schema gives", async () => {
    const answer = await call(app, 'GET', `/patient/${ids[0]}`, { token: doctor.token });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    // Key for key and in the schema's order (PostgreSQL's text differs only in white space).
    const sent = JSON.parse(answer.body) as unknown;
    expect(JSON.stringify(sent)).toBe(JSON.stringify(patientRecordSchema.parse(sent)));
  });
});

describe('groupCommit', () => {
  it('sends one item at once, groups what waits meanwhile, and answers each caller its own result', async () => {
    const groups: number[][] = [];
    const release: (() => void)[] = [];
    const double = groupCommit(
      async (items: readonly number[]) => {
        groups.push([...items]);
        await new Promise<void>((resolve) => release.push(resolve));
        return items.map((n) => n * 2);
      },
      { inFlight: 1, maxItems: 3 },
    );
    const answers = [1, 2, 3, 4, 5, 6].map((n) => double(n));
    expect(groups).toEqual([[1]]);
    release.shift()!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(groups).toEqual([[1], [2, 3, 4]]);
    release.shift()!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(groups).toEqual([[1], [2, 3, 4], [5, 6]]);
    release.shift()!();
    expect(await Promise.all(answers)).toEqual([2, 4, 6, 8, 10, 12]);
  });

  it("tries a failed group item by item: one item's failure is its caller's alone", async () => {
    const check = groupCommit(
      async (items: readonly number[]) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (items.includes(13)) throw new Error('unlucky');
        return items;
      },
      { inFlight: 1, maxItems: 10 },
    );
    const answers = await Promise.allSettled([1, 2, 13, 4].map((n) => check(n)));
    expect(answers.map((a) => a.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
  });
});

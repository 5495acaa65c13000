/**
 * Migration 0011 (the clinical record) on a database that already holds data: rows written
 * before it keep working, with ids, the defaults (booked, 15 minutes) and no author (null).
 * PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayUtc } from '@portal/contract';
import type { RequestContext } from '../repositories/audit';
import { patientsRepository } from '../repositories/patients';
import { BACKENDS, createTestDatabase } from '../test/harness';
import { type Database, queryRows } from './database';
import { MIGRATIONS, migrate } from './migrate';

const CONTEXT: RequestContext = { actor: null, address: '127.0.0.1', requestId: 'migration-0011' };
const THIS_ONE = '0011_clinical_record.sql';

describe.each(BACKENDS)('migration 0011 on a database with data, on %s', (backend) => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase(
      backend,
      {},
      MIGRATIONS.filter((m) => m.name < THIS_ONE),
    );
    // The schema as it was, and data written with it.
    await database.db.execute(sql`insert into patient (patient_id, first_name, last_name, age,
        date_of_birth, gender, email, health_insurance, phone_number, id_card_number,
        ongoing_treatment, unhealthy_habits)
      values ('P001', 'Malee', 'Srisuk', 40, '1986-01-01', 'female', 'malee@gmail.com', 'yes',
        '0812345678', 'IDC-OLD-1', 'none', 'none')`);
    await database.db.execute(sql`insert into appointment (patient_id, date, time, topic)
      select id, ${addDays(todayUtc(), -20)}::date, '09:00'::time, 'Old visit' from patient
      union all
      select id, ${addDays(todayUtc(), 20)}::date, '10:00'::time, 'Next visit' from patient
      union all
      select id, ${addDays(todayUtc(), 40)}::date, '11:00'::time, 'Far visit' from patient`);
    await database.db.execute(sql`insert into medical_history (patient_id, date, time, detail)
      select id, ${addDays(todayUtc(), -30)}::date, '08:00'::time, 'Old entry' from patient`);
    await database.db.execute(
      sql`insert into patient_drug_allergy (patient_id, drug_id) select id, 'R001' from patient`,
    );
  });

  afterAll(async () => {
    await database?.close();
  });

  it('applies, and the rows written before read as booked, 15 minutes, without an author', async () => {
    // This migration first, then any later ones.
    expect((await migrate(database.db))[0]).toBe(THIS_ONE);
    const rows = await queryRows<{
      appointment_id: string;
      status: string;
      duration_minutes: number;
      recorded_by: string | null;
    }>(
      database.db,
      sql`select appointment_id::text, status, duration_minutes, recorded_by from appointment`,
    );
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.appointment_id)).size).toBe(3);
    for (const row of rows) {
      expect(row.appointment_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(row).toMatchObject({ status: 'booked', duration_minutes: 15, recorded_by: null });
    }
    const record = await patientsRepository.get(database.db, CONTEXT, 'P001');
    // The next booked one from now, not the furthest.
    expect(record.patient_appointment).toMatchObject({
      date: addDays(todayUtc(), 20),
      topic: 'Next visit',
      status: 'booked',
      clinician: null,
    });
    expect(record.medical_history).toEqual([
      {
        date: addDays(todayUtc(), -30),
        time: '08:00:00',
        details: 'Old entry',
        recorded_by: null,
        recorded_at: null,
      },
    ]);
    expect(record.patient_drug_allergy).toEqual([
      { drug_id: 'R001', reaction: null, severity: null },
    ]);
  });

  it('refuses what the new columns do not allow', async () => {
    await expect(
      database.db.execute(
        sql`update appointment set status = 'cancelled' where topic = 'Far visit'`,
      ),
    ).rejects.toThrow();
    await expect(
      database.db.execute(sql`update appointment set duration_minutes = 0`),
    ).rejects.toThrow();
    await expect(
      database.db.execute(sql`update patient_drug_allergy set severity = 'fatal'`),
    ).rejects.toThrow();
  });
});

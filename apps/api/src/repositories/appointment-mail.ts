import { sql } from 'drizzle-orm';
import { HOSPITAL_TIME_ZONE } from '@portal/reference-data';
import { type Db, queryRows } from '../db/database';

/** What an appointment's mail says, and to whom. */
export interface AppointmentMailDetails {
  readonly appointmentId: string;
  readonly email: string;
  /** The patient's account's language; null: no account or never chosen (English). */
  readonly locale: string | null;
  readonly patientName: string;
  /** The hospital's date and time, as stored. */
  readonly date: string;
  readonly time: string;
  /** The start as an instant (the hospital's time zone applied). */
  readonly start: Date;
  readonly durationMinutes: number;
  readonly topic: string | null;
  readonly clinicianName: string | null;
  readonly cancelReason: string | null;
}

/** The appointment mails' data (the only SQL they need). */
export const appointmentMailRepository = {
  /** An appointment by its id, with its patient's e-mail and language; undefined if none. */
  async details(db: Db, appointmentId: string): Promise<AppointmentMailDetails | undefined> {
    const zone = sql.raw(`'${HOSPITAL_TIME_ZONE}'`);
    const [row] = await queryRows<AppointmentMailDetails & { start: string | Date }>(
      db,
      sql`select a.appointment_id as "appointmentId", p.email, u.locale,
            p.first_name || ' ' || p.last_name as "patientName",
            to_char(a.date, 'YYYY-MM-DD') as date, to_char(a.time, 'HH24:MI') as time,
            ((a.date + a.time) at time zone ${zone}) as start,
            a.duration_minutes as "durationMinutes", a.topic,
            c.first_name || ' ' || c.last_name as "clinicianName",
            a.cancel_reason as "cancelReason"
          from appointment a
            join patient p on p.id = a.patient_id
            left join app_user u on u.patient_id = p.id
            left join employee c on c.id = a.clinician_id
          where a.appointment_id = ${appointmentId}::uuid`,
    );
    return row && { ...row, start: new Date(row.start) };
  },
};

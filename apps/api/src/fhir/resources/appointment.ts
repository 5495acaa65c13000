import { sql } from 'drizzle-orm';
import type { Appointment, AppointmentParticipant } from '@medplum/fhirtypes';
import { instantText } from '../../repositories/appointments';
import {
  addMinutes,
  idPagedRows,
  instantOf,
  patientReference,
  practitionerReference,
  type RowKey,
  type RowWindow,
} from './common';

/** An appointment row as {@link appointmentRowsQuery} selects it. */
export interface AppointmentRow {
  readonly k: RowKey;
  readonly appointment_id: string;
  readonly patient_id: string;
  readonly date: string;
  readonly time: string;
  readonly duration_minutes: number;
  readonly status: string;
  readonly topic: string | null;
  readonly cancel_reason: string | null;
  readonly clinician_id: string | null;
  readonly clinician_first_name: string | null;
  readonly clinician_last_name: string | null;
  readonly recorded_at: string | null;
}

const appointmentColumns = sql`t.appointment_id::text as appointment_id, p.patient_id,
  t.date::text as date, t.time::text as time, t.duration_minutes, t.status, t.topic,
  t.cancel_reason, c.employee_id as clinician_id, c.first_name as clinician_first_name,
  c.last_name as clinician_last_name, ${instantText(sql`t.recorded_at`)} as recorded_at`;

/** One keyset page of appointment rows (keyset: the row id); `where` on appointment's columns. */
export function appointmentRowsQuery(window: RowWindow) {
  return idPagedRows(
    sql`appointment`,
    appointmentColumns,
    window,
    sql`join patient p on p.id = t.patient_id left join employee c on c.id = t.clinician_id`,
  );
}

/** The portal's statuses are FHIR's own four. */
const STATUSES = ['booked', 'cancelled', 'fulfilled', 'noshow'] as const;
type Status = (typeof STATUSES)[number];

/**
 * An appointment as FHIR R4 Appointment: its id is the API's stable appointment id; start and
 * end from the date, time (UTC) and length; the topic as the description; the patient and, when
 * one was named, the clinician as participants.
 */
export function toAppointment(row: AppointmentRow): Appointment {
  const status: Status = (STATUSES as readonly string[]).includes(row.status)
    ? (row.status as Status)
    : 'booked';
  const start = instantOf(row.date, row.time);
  const participant: AppointmentParticipant[] = [
    { actor: patientReference(row.patient_id), required: 'required', status: 'accepted' },
  ];
  if (row.clinician_id) {
    participant.push({
      actor: practitionerReference(
        row.clinician_id,
        row.clinician_first_name,
        row.clinician_last_name,
      ),
      required: 'required',
      status: 'accepted',
    });
  }
  return {
    resourceType: 'Appointment',
    id: row.appointment_id,
    status,
    ...(status === 'cancelled' && row.cancel_reason
      ? { cancelationReason: { text: row.cancel_reason } }
      : {}),
    ...(row.topic ? { description: row.topic } : {}),
    start,
    end: addMinutes(start, row.duration_minutes),
    minutesDuration: row.duration_minutes,
    ...(row.recorded_at ? { created: row.recorded_at } : {}),
    participant,
  };
}

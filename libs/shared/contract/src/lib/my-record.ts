import { z } from 'zod';
import { ROLES } from '@portal/reference-data';
import { ACCESS_ACTORS, ACCESS_KINDS } from './access-log';

/** One upcoming appointment of the signed-in patient (GET /profile/appointments). */
export const upcomingAppointmentSchema = z.object({
  date: z.string(),
  time: z.string(),
  topic: z.string().nullable(),
});

/** GET /profile/appointments: a page of the patient's future appointments, soonest first. */
export const upcomingAppointmentListSchema = z.array(upcomingAppointmentSchema);

/** One access to the signed-in patient's record (GET /profile/access-log). */
export const accessLogEntrySchema = z.object({
  /** When, as an ISO 8601 instant. */
  occurred_at: z.iso.datetime({ offset: true }),
  kind: z.enum(ACCESS_KINDS),
  actor: z.enum(ACCESS_ACTORS),
  /** The staff member's first and last name (staff only). */
  name: z.string().nullable(),
  role: z.enum(ROLES).nullable(),
});

/** GET /profile/access-log: a page of accesses to the patient's record, newest first. */
export const accessLogSchema = z.array(accessLogEntrySchema);

export type UpcomingAppointment = z.infer<typeof upcomingAppointmentSchema>;
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

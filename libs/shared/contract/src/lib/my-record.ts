import { z } from 'zod';
import { LOCALES, ROLES } from '@portal/reference-data';
import { ACCESS_ACTORS, ACCESS_KINDS } from './access-log';
import { appointmentStatusSchema, personRefSchema } from './patients';

/**
 * One upcoming appointment of the signed-in patient (GET /profile/appointments): the date, time
 * and topic, and beside them its id, status (a cancelled one is listed, with its reason), length
 * and the clinician's name. Optional in the type so that older answers still read; the API
 * always sends them.
 */
export const upcomingAppointmentSchema = z.object({
  date: z.string(),
  time: z.string(),
  topic: z.string().nullable(),
  appointment_id: z.string().optional(),
  status: appointmentStatusSchema.optional(),
  duration_minutes: z.number().int().optional(),
  clinician: personRefSchema.nullish(),
  cancel_reason: z.string().nullish(),
});

/**
 * GET /profile/appointments: a page of the patient's appointments from today on, soonest first,
 * cancelled ones included (with their status).
 */
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
  /**
   * How many events this line stands for: one visit's rows (the same person in the same minute)
   * are one line; `occurred_at` is the latest of them, `kind` the weightiest of theirs
   * (ACCESS_KIND_PRIORITY) and `kinds` all of them in that order. Optional in the type so that
   * older answers still read (as one event); the API always sends both.
   */
  count: z.number().int().min(1).optional(),
  kinds: z.array(z.enum(ACCESS_KINDS)).optional(),
  /**
   * When the audit chain was last checked over this line's time and found intact (an ISO 8601
   * instant); null while it has not been checked yet (the server checks it hourly) or when that
   * check found it broken. Optional in the type like `count`; the API always sends it.
   */
  verified_at: z.iso.datetime({ offset: true }).nullable().optional(),
});

/** GET /profile/access-log: a page of accesses to the patient's record, newest first. */
export const accessLogSchema = z.array(accessLogEntrySchema);

/** GET /profile/record.pdf: the summary's language (default English). */
export const recordPdfQuerySchema = z.object({
  locale: z.enum(LOCALES).default('en'),
});

/** The media type of the record's summary. */
export const RECORD_PDF_TYPE = 'application/pdf';

export type UpcomingAppointment = z.infer<typeof upcomingAppointmentSchema>;
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

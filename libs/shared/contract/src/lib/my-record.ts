import { z } from 'zod';
import { LOCALES, ROLES } from '@portal/reference-data';
import { ACCESS_ACTORS, ACCESS_KINDS } from './access-log';
import { CANCEL_REASON_MAX, PATIENT_CANCEL_REASON_MESSAGE } from './appointment-rules';
import { appointmentIdSchema } from './chart';
import { pageQuerySchema } from './paging';
import { appointmentStatusSchema, LONG_TEXT_MAX, personRefSchema } from './patients';
import { emailSchema, emptyAsNull, phoneSchema, textSchema } from './rules';

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
 * GET /profile/appointments: a page of the patient's appointments, one of two lists
 * ({@link MY_APPOINTMENT_LISTS}).
 */
export const upcomingAppointmentListSchema = z.array(upcomingAppointmentSchema);

/**
 * The two lists of a patient's own appointments: `upcoming`, the booked ones from the hospital's
 * today on, soonest first; `past`, every other one (attended, no-show, cancelled, and a booked
 * one whose day has gone without an outcome), newest first.
 */
export const MY_APPOINTMENT_LISTS = ['upcoming', 'past'] as const;

/** One of {@link MY_APPOINTMENT_LISTS}. */
export type MyAppointmentList = (typeof MY_APPOINTMENT_LISTS)[number];

/** GET /profile/appointments?when=upcoming|past (absent: upcoming) and the page's bounds. */
export const myAppointmentsQuerySchema = pageQuerySchema.extend({
  when: z
    .enum(MY_APPOINTMENT_LISTS, { error: 'Choose upcoming or past' })
    .optional()
    .default('upcoming'),
});

/** `{appointment_id}` of the patient's own appointment in a path. */
export const myAppointmentParamsSchema = z.object({ appointment_id: appointmentIdSchema });

/**
 * POST /profile/appointments/{appointment_id}/cancel: the patient's reason, which the clinic
 * reads on its day list and the chart.
 */
export const cancelMyAppointmentRequestSchema = z.object({
  reason: z.preprocess(
    (value) => (value === undefined || value === null ? '' : value),
    textSchema({ max: CANCEL_REASON_MAX, multiline: true }).refine((v) => v !== '', {
      error: PATIENT_CANCEL_REASON_MESSAGE,
    }),
  ),
});

/** The contact details a patient keeps up to date themselves. */
export const CONTACT_FIELDS = ['phone_number', 'email', 'address'] as const;

/** One of {@link CONTACT_FIELDS}. */
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** Why a contact change naming no field is refused (400). */
export const CONTACT_CHANGE_EMPTY_MESSAGE = 'Change the phone number, the email or the address';

/**
 * PATCH /profile/contact: the patient's phone number, email and address, each as the record's
 * own rules have it (phone and email required, the email's allowed domains; the address may be
 * emptied with null or a blank). A member left out stays as it is; at least one is sent.
 */
export const myContactRequestSchema = z
  .strictObject({
    phone_number: phoneSchema.optional(),
    email: emailSchema.optional(),
    address: emptyAsNull(textSchema({ max: LONG_TEXT_MAX, multiline: true })).optional(),
  })
  .refine((body) => CONTACT_FIELDS.some((field) => body[field] !== undefined), {
    error: CONTACT_CHANGE_EMPTY_MESSAGE,
    path: ['phone_number'],
  });

/** The patient's contact details as stored (PATCH /profile/contact answers them). */
export const myContactSchema = z.object({
  phone_number: z.string(),
  email: z.string(),
  address: z.string().nullable(),
});

/**
 * One change of a patient's contact details (GET /patient/{patient_id}/contact-changes): when,
 * which fields, and who (the patient themselves, or a staff member by name).
 */
export const contactChangeSchema = z.object({
  changed_at: z.iso.datetime({ offset: true }),
  fields: z.array(z.enum(CONTACT_FIELDS)),
  changed_by: z.enum(['patient', 'staff']),
  name: z.string().nullable(),
});

/** GET /patient/{patient_id}/contact-changes: a page of the record's contact changes, newest first. */
export const contactChangeListSchema = z.array(contactChangeSchema);

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
export type MyAppointmentsQuery = z.input<typeof myAppointmentsQuerySchema>;
export type CancelMyAppointmentRequest = z.input<typeof cancelMyAppointmentRequestSchema>;
export type MyContactRequest = z.input<typeof myContactRequestSchema>;
export type MyContact = z.infer<typeof myContactSchema>;
export type ContactChange = z.infer<typeof contactChangeSchema>;
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

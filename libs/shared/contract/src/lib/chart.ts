import { z } from 'zod';
import {
  APPOINTMENT_STATUS_CHANGES,
  CANCEL_REASON_MAX,
  CANCEL_WORDS_REQUIRED_MESSAGE,
  STATUS_UNDO_REASON_MAX,
  UNDO_REASON_REQUIRED_MESSAGE,
} from './appointment-rules';
import { pageQuerySchema } from './paging';
import {
  appointmentDateSchema,
  appointmentStatusSchema,
  appointmentWarningSchema,
  bookingFields,
  LONG_TEXT_MAX,
  staffRefSchema,
} from './patients';
import { emptyAsNull, employeeIdSchema, patientIdSchema, textSchema, timeSchema } from './rules';

/*
 * The patient's chart: the calls the clinical app makes beyond the spec's table to show one
 * patient's whole record and to act on its appointments, and a clinician's day.
 */

/**
 * One appointment as the chart and the appointment calls answer it: the spec's date, time and
 * topic, its stable id, length, status, clinician, the cancellation's reason, the links of a
 * reschedule (the cancelled one names its replacement, the replacement its original), who booked
 * it and when (null on appointments booked before the portal recorded it).
 */
export const chartAppointmentSchema = z.object({
  appointment_id: z.string(),
  date: z.string(),
  time: z.string(),
  topic: z.string().nullable(),
  duration_minutes: z.number().int(),
  status: appointmentStatusSchema,
  clinician: staffRefSchema.nullable(),
  cancel_reason: z.string().nullable(),
  /** A cancellation's note for colleagues: staff answers only, never the patient's. */
  staff_note: z.string().nullable(),
  rescheduled_from: z.string().nullable(),
  rescheduled_to: z.string().nullable(),
  recorded_by: staffRefSchema.nullable(),
  recorded_at: z.string().nullable(),
  /** When the outcome (attended, no-show) was recorded; null while booked or cancelled. */
  outcome_recorded_at: z.string().nullable(),
});

/** GET /patient/{patient_id}/appointments: a page of the patient's appointments, newest first. */
export const chartAppointmentListSchema = z.array(chartAppointmentSchema);

/** An appointment's id as the API gives it out (a UUID). */
export const appointmentIdSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.uuid({ error: 'Appointment ID is not one this API gave out' }));

/** `{patient_id}` and `{appointment_id}` in a path. */
export const appointmentParamsSchema = z.object({
  patient_id: patientIdSchema,
  appointment_id: appointmentIdSchema,
});

/**
 * POST …/appointments/{appointment_id}/cancel: `reason`, the message for the patient (shown in
 * MyInfo and FHIR's cancelationReason), and `staff_note`, for colleagues only (never in anything
 * the patient receives); each optional, one of them required.
 */
export const cancelAppointmentRequestSchema = z
  .object({
    reason: emptyAsNull(textSchema({ max: CANCEL_REASON_MAX, multiline: true })).optional(),
    staff_note: emptyAsNull(textSchema({ max: CANCEL_REASON_MAX, multiline: true })).optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.reason && !body.staff_note)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: CANCEL_WORDS_REQUIRED_MESSAGE });
  });

/**
 * POST …/appointments/{appointment_id}/reschedule: the new date and time, and optionally a
 * clinician, a length and a topic (each absent: the cancelled appointment's) and a reason for
 * the cancellation (absent: "Rescheduled").
 */
export const rescheduleAppointmentRequestSchema = z.object({
  date: appointmentDateSchema,
  time: timeSchema,
  clinician_id: bookingFields.clinician_id,
  // The same rule as a booking's length; absent keeps the old appointment's.
  duration_minutes: bookingFields.duration_minutes,
  topic: emptyAsNull(textSchema({ max: LONG_TEXT_MAX, multiline: true })).optional(),
  reason: emptyAsNull(textSchema({ max: CANCEL_REASON_MAX, multiline: true })).optional(),
  allow_overlap: bookingFields.allow_overlap,
});

/**
 * POST …/appointments/{appointment_id}/status: attended or missed (only a booked one), or
 * `booked` again with a `reason` (an outcome set back on the hospital day it was recorded).
 * Booked again, it is a booking like any other: refused with 409 and the clashes when another
 * booked appointment of the patient or the clinician now overlaps it, unless `allow_overlap`.
 */
export const appointmentStatusRequestSchema = z
  .object({
    status: z.enum(APPOINTMENT_STATUS_CHANGES, { error: 'Choose fulfilled, noshow or booked' }),
    reason: emptyAsNull(textSchema({ max: STATUS_UNDO_REASON_MAX, multiline: true })).optional(),
    allow_overlap: bookingFields.allow_overlap,
  })
  .superRefine((body, ctx) => {
    if (body.status === 'booked' && !body.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: UNDO_REASON_REQUIRED_MESSAGE });
  });

/** The answer to cancel and status: the appointment as it now is. */
export const appointmentActionResponseSchema = chartAppointmentSchema;

/**
 * The answer to reschedule: the cancelled appointment, the new one (linked both ways), and the
 * new booking's warnings (the clinician is already booked then).
 */
export const rescheduleResponseSchema = z.object({
  cancelled: chartAppointmentSchema,
  booked: chartAppointmentSchema,
  warnings: z.array(appointmentWarningSchema),
});

/** GET /appointments: `?date=YYYY-MM-DD[&clinician_id=E…]` with the usual paging. */
export const dayAppointmentsQuerySchema = pageQuerySchema.extend({
  date: appointmentDateSchema,
  clinician_id: z.preprocess((v) => (v === '' ? undefined : v), employeeIdSchema.optional()),
});

/** One row of a clinician's day: the appointment and whose it is. */
export const dayAppointmentSchema = chartAppointmentSchema.extend({
  patient_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});

/** GET /appointments: a page of one day's appointments (all statuses), by time. */
export const dayAppointmentListSchema = z.array(dayAppointmentSchema);

/** One clinician a booking may name: an active employee whose position has the clinical role. */
export const clinicianSchema = staffRefSchema.extend({ position_name: z.string() });

/** GET /clinicians: a page of the active clinicians, by employee id. */
export const clinicianListSchema = z.array(clinicianSchema);

export type ChartAppointment = z.infer<typeof chartAppointmentSchema>;
export type AppointmentParams = z.input<typeof appointmentParamsSchema>;
export type CancelAppointmentRequest = z.input<typeof cancelAppointmentRequestSchema>;
export type RescheduleAppointmentRequest = z.input<typeof rescheduleAppointmentRequestSchema>;
export type AppointmentStatusRequest = z.input<typeof appointmentStatusRequestSchema>;
export type RescheduleResponse = z.infer<typeof rescheduleResponseSchema>;
export type DayAppointmentsQuery = z.input<typeof dayAppointmentsQuerySchema>;
export type DayAppointment = z.infer<typeof dayAppointmentSchema>;
export type Clinician = z.infer<typeof clinicianSchema>;

/**
 * The number of digits a suggested id has at least (P001, E001), as the spec's examples and the
 * demo data write them.
 */
export const SUGGESTED_ID_DIGITS = 3;

/** The next free id after the highest `P`/`E` + digits in use: `P037` → `P038`. */
export function nextIdAfter(prefix: 'P' | 'E', highest: number): string {
  return `${prefix}${String(highest + 1).padStart(SUGGESTED_ID_DIGITS, '0')}`;
}

/** GET /patient/next-id: a suggestion for the add form; adding it may still meet a 409. */
export const nextPatientIdSchema = z.object({ patient_id: z.string() });

/** GET /employee/next-id: a suggestion for the add form; adding it may still meet a 409. */
export const nextEmployeeIdSchema = z.object({ employee_id: z.string() });

export type NextPatientId = z.infer<typeof nextPatientIdSchema>;
export type NextEmployeeId = z.infer<typeof nextEmployeeIdSchema>;

/*
 * The clinical record's statuses, bounds and words as plain values (no zod), so that a page that
 * only shows a status or a severity does not carry the schemas' code. The schemas built on them
 * are in chart.ts and patients.ts.
 */
import { hospitalNow } from './plain-rules';

/**
 * An appointment's status (FHIR Appointment.status's names): `booked` until it is cancelled,
 * attended (`fulfilled`) or missed (`noshow`); the last three are final.
 */
export const APPOINTMENT_STATUSES = ['booked', 'cancelled', 'fulfilled', 'noshow'] as const;

/** One appointment status. */
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** The statuses a booked appointment may be marked with by the status call (cancel has its own). */
export const APPOINTMENT_OUTCOMES = ['fulfilled', 'noshow'] as const;

/** One outcome of a booked appointment. */
export type AppointmentOutcome = (typeof APPOINTMENT_OUTCOMES)[number];

/**
 * What the status call may set: an outcome, or `booked` again (an outcome set back, with a
 * reason, on the hospital day it was recorded).
 */
export const APPOINTMENT_STATUS_CHANGES = [...APPOINTMENT_OUTCOMES, 'booked'] as const;

/** One status the status call may set. */
export type AppointmentStatusChange = (typeof APPOINTMENT_STATUS_CHANGES)[number];

/** The longest reason for setting an outcome back to booked, in characters. */
export const STATUS_UNDO_REASON_MAX = 500;

/** Why a no-show is refused before the appointment's start (409 on `status`). */
export const NO_SHOW_TOO_EARLY_MESSAGE =
  "A no-show can be recorded only from the appointment's start";

/** Why setting an outcome back is refused after its hospital day (409 on `status`). */
export const UNDO_TOO_LATE_MESSAGE =
  'An outcome can be set back to booked only on the hospital day it was recorded';

/** Why setting back is refused for an appointment without an outcome (409 on `status`). */
export const NOT_AN_OUTCOME_MESSAGE =
  'Only an attended or no-show appointment can be set back to booked';

/** Why a status change to booked without a reason is refused (400 on `reason`). */
export const UNDO_REASON_REQUIRED_MESSAGE = 'Say why the appointment is set back to booked';

/**
 * Whether an appointment has started on the hospital's clock (a no-show may be recorded from
 * then on); the server's rule is the same in SQL.
 */
export function appointmentHasStarted(
  a: { readonly date: string; readonly time: string },
  at: Date = new Date(),
): boolean {
  const now = hospitalNow(at);
  return `${a.date} ${a.time.length === 5 ? `${a.time}:00` : a.time}` <= `${now.date} ${now.time}`;
}

/**
 * Whether an outcome may still be set back to booked: attended or no-show, recorded on the
 * hospital's today; the server's rule is the same in SQL.
 */
export function outcomeMayBeUndone(
  a: { readonly status: AppointmentStatus; readonly outcome_recorded_at: string | null },
  at: Date = new Date(),
): boolean {
  return (
    (a.status === 'fulfilled' || a.status === 'noshow') &&
    a.outcome_recorded_at !== null &&
    hospitalNow(new Date(a.outcome_recorded_at)).date === hospitalNow(at).date
  );
}

/**
 * How many hours before its start a patient may still cancel their own appointment online, when
 * the server's setting (PATIENT_CANCEL_NOTICE_HOURS) says nothing else.
 */
export const PATIENT_CANCEL_NOTICE_HOURS = 24;

/** Why a patient's own cancellation is refused once it is too close to the start (409). */
export const PATIENT_CANCEL_TOO_LATE_MESSAGE =
  'It is too late to cancel this appointment online; please call the clinic';

/** Why a patient's own cancellation without a reason is refused (400 on `reason`). */
export const PATIENT_CANCEL_REASON_MESSAGE = 'Say why you are cancelling';

/** Why a cancellation with neither part is refused (400 on `reason`). */
export const CANCEL_WORDS_REQUIRED_MESSAGE = 'Write a message for the patient or a note for staff';

/** How each status reads on a screen. */
export const APPOINTMENT_STATUS_LABELS: Readonly<Record<AppointmentStatus, string>> = {
  booked: 'Booked',
  cancelled: 'Cancelled',
  fulfilled: 'Attended',
  noshow: 'No-show',
};

/** An appointment's length when the booking names none, in minutes. */
export const DEFAULT_APPOINTMENT_MINUTES = 15;
/** The shortest appointment, in minutes. */
export const APPOINTMENT_MINUTES_MIN = 5;
/** The longest appointment (a whole working day), in minutes. */
export const APPOINTMENT_MINUTES_MAX = 480;

/** The longest cancellation reason, in characters. */
export const CANCEL_REASON_MAX = 500;

/** An allergy's severity (FHIR AllergyIntolerance.reaction.severity's names). */
export const ALLERGY_SEVERITIES = ['mild', 'moderate', 'severe'] as const;

/** One allergy severity. */
export type AllergySeverity = (typeof ALLERGY_SEVERITIES)[number];

/** How each severity reads on a screen. */
export const ALLERGY_SEVERITY_LABELS: Readonly<Record<AllergySeverity, string>> = {
  mild: 'Mild',
  moderate: 'Moderate',
  severe: 'Severe',
};

/** The longest allergy reaction text ("Hives and swelling of the lips"), in characters. */
export const ALLERGY_REACTION_MAX = 200;

/** Orders allergies for the chart's alert: severe first, then moderate, mild, unknown. */
export function allergySeverityRank(severity: AllergySeverity | null | undefined): number {
  return severity ? 2 - ALLERGY_SEVERITIES.indexOf(severity) : 3;
}

/** Warnings a booking may carry: it went through, but someone should look. */
export const APPOINTMENT_WARNING_CODES = ['clinician_busy'] as const;

/** One warning code. */
export type AppointmentWarningCode = (typeof APPOINTMENT_WARNING_CODES)[number];

/** The words of the warning that the clinician already has a booked appointment then. */
export const CLINICIAN_BUSY_MESSAGE = 'The clinician already has a booked appointment at that time';

/** Why a booking is refused (409 on `time`): the patient has another booked appointment then. */
export const PATIENT_BUSY_MESSAGE = 'The patient already has a booked appointment at that time';

/** Why a booking's clinician is refused (400 on `clinician_id`). */
export const NOT_A_CLINICIAN_MESSAGE = 'Choose an active doctor or nurse as the clinician';

/** Why a cancel, reschedule or status change is refused for an appointment no longer booked. */
export function notBookedMessage(status: AppointmentStatus): string {
  return `This appointment is ${APPOINTMENT_STATUS_LABELS[status].toLowerCase()}; only a booked one can change`;
}

/** The reason a reschedule gives its cancelled appointment when the request names none. */
export const RESCHEDULED_REASON = 'Rescheduled';

/** The answer's `view` of the patient list and search calls: the spec's records, or summaries. */
export const PATIENT_LIST_VIEWS = ['full', 'summary'] as const;

/** One view of the patient list. */
export type PatientListView = (typeof PATIENT_LIST_VIEWS)[number];

/** How a missing author or time reads (rows written before authors were recorded). */
export const NOT_RECORDED_TEXT = '—';

/** "Anan Wongsa", or {@link NOT_RECORDED_TEXT} for an entry without an author. */
export function personName(
  person: { readonly first_name: string; readonly last_name: string } | null | undefined,
): string {
  return person ? `${person.first_name} ${person.last_name}` : NOT_RECORDED_TEXT;
}

/** The minutes since midnight of `HH:MM[:SS]`. */
export function minutesOfDay(time: string): number {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
}

/**
 * Whether two appointments on the same day overlap: each runs from its time for its length
 * (one that ends as the other starts does not overlap it). The server's busy check is the same
 * rule in SQL.
 */
export function appointmentsOverlap(
  a: { readonly time: string; readonly duration_minutes: number },
  b: { readonly time: string; readonly duration_minutes: number },
): boolean {
  const aStart = minutesOfDay(a.time);
  const bStart = minutesOfDay(b.time);
  return aStart < bStart + b.duration_minutes && bStart < aStart + a.duration_minutes;
}

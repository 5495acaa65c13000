import { z } from 'zod';
import { DEPARTMENTS } from '@portal/reference-data';
import { minutesOfDay } from './appointment-rules';
import {
  BOOKING_REASON_MAX,
  daysInRange,
  EXCEPTION_TIMES_MESSAGE,
  EXCEPTIONS_MAX,
  LEAVE_MAX_DAYS,
  LEAVE_NOTE_MAX,
  LEAVE_RANGE_MESSAGE,
  RANGE_ORDER_MESSAGE,
  SESSION_END_MESSAGE,
  SESSION_OVERLAP_MESSAGE,
  SESSIONS_MAX,
  sessionsOverlap,
  SLOT_MINUTES_MAX,
  SLOT_MINUTES_MIN,
  SLOT_RANGE_MAX_DAYS,
  SLOT_RANGE_MESSAGE,
} from './clinic-hours-rules';
import { appointmentIdSchema } from './chart';
import { pageQuerySchema } from './paging';
import { appointmentDateSchema, personRefSchema, staffRefSchema } from './patients';
import { emptyAsNull, employeeIdSchema, textSchema, timeSchema } from './rules';

/*
 * Clinic hours: a clinician's weekly sessions, dated exceptions and leave (kept by HR), the free
 * slots they leave (GET /slots) and a patient's own booking of one (POST /profile/appointments).
 */

const DEPARTMENT_IDS = DEPARTMENTS.map((d) => d.id) as [string, ...string[]];

/** A department id (`D001`), or absent. */
const departmentIdSchema = z.enum(DEPARTMENT_IDS, {
  error: 'department_id is a department id (D001…)',
});

/** A time of a session or an exception, answered as `HH:MM`. */
const clockTimeSchema = timeSchema.transform((t) => t.slice(0, 5));

/** One weekly session: its day (1 = Monday … 7 = Sunday), hours, slot length and department. */
export const weeklySessionSchema = z
  .object({
    weekday: z.coerce
      .number({ error: 'weekday is 1 (Monday) to 7 (Sunday)' })
      .int()
      .min(1, { error: 'weekday is 1 (Monday) to 7 (Sunday)' })
      .max(7, { error: 'weekday is 1 (Monday) to 7 (Sunday)' }),
    start: clockTimeSchema,
    end: clockTimeSchema,
    slot_minutes: z.coerce.number().int().min(SLOT_MINUTES_MIN).max(SLOT_MINUTES_MAX),
    department_id: departmentIdSchema.nullish(),
  })
  .superRefine((s, ctx) => {
    if (minutesOfDay(s.end) <= minutesOfDay(s.start))
      ctx.addIssue({ code: 'custom', path: ['end'], message: SESSION_END_MESSAGE });
  });

/** A dated exception: no slot that day, or none between its start and end. */
export const scheduleExceptionSchema = z
  .object({
    date: appointmentDateSchema,
    start: emptyAsNull(clockTimeSchema).optional(),
    end: emptyAsNull(clockTimeSchema).optional(),
  })
  .superRefine((e, ctx) => {
    if (!e.start !== !e.end)
      ctx.addIssue({ code: 'custom', path: ['end'], message: EXCEPTION_TIMES_MESSAGE });
    else if (e.start && e.end && minutesOfDay(e.end) <= minutesOfDay(e.start))
      ctx.addIssue({ code: 'custom', path: ['end'], message: SESSION_END_MESSAGE });
  });

/** PUT /employee/{id}/schedule: the whole week and the exceptions, replacing what was kept. */
export const scheduleRequestSchema = z
  .object({
    sessions: z.array(weeklySessionSchema).max(SESSIONS_MAX),
    exceptions: z.array(scheduleExceptionSchema).max(EXCEPTIONS_MAX).default([]),
  })
  .superRefine((body, ctx) => {
    body.sessions.forEach((session, i) => {
      if (body.sessions.slice(0, i).some((other) => sessionsOverlap(other, session)))
        ctx.addIssue({
          code: 'custom',
          path: ['sessions', i, 'start'],
          message: SESSION_OVERLAP_MESSAGE,
        });
    });
  });

/** A leave as kept: its dates, note, who recorded it and when, and whether it was withdrawn. */
export const leaveSchema = z.object({
  leave_id: z.string(),
  from: z.string(),
  to: z.string(),
  note: z.string().nullable(),
  recorded_by: staffRefSchema.nullable(),
  recorded_at: z.string(),
  withdrawn_at: z.string().nullable(),
});

/** GET /employee/{id}/schedule: the sessions, the exceptions and the leave not withdrawn. */
export const scheduleSchema = z.object({
  employee_id: z.string(),
  sessions: z.array(
    z.object({
      weekday: z.number().int(),
      start: z.string(),
      end: z.string(),
      slot_minutes: z.number().int(),
      department_id: z.string().nullable(),
    }),
  ),
  exceptions: z.array(
    z.object({ date: z.string(), start: z.string().nullable(), end: z.string().nullable() }),
  ),
  leave: z.array(leaveSchema),
});

/** A range of hospital dates, `from` to `to`, both counted, at most `maxDays` long. */
function dateRange(maxDays: number, message: string) {
  return (range: { from: string; to: string }, ctx: z.RefinementCtx) => {
    if (range.to < range.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: RANGE_ORDER_MESSAGE });
    else if (daysInRange(range.from, range.to) > maxDays)
      ctx.addIssue({ code: 'custom', path: ['to'], message });
  };
}

/** POST /employee/{id}/leave: whole days from `from` to `to`, with an optional note. */
export const leaveRequestSchema = z
  .object({
    from: appointmentDateSchema,
    to: appointmentDateSchema,
    note: emptyAsNull(textSchema({ max: LEAVE_NOTE_MAX })).optional(),
  })
  .superRefine(dateRange(LEAVE_MAX_DAYS, LEAVE_RANGE_MESSAGE));

/** A booked appointment a leave overlaps, listed for rebooking (nothing is cancelled). */
export const affectedAppointmentSchema = z.object({
  appointment_id: z.string(),
  date: z.string(),
  time: z.string(),
  duration_minutes: z.number().int(),
  patient_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});

/** The answer to a new leave: the leave, and the booked appointments it overlaps. */
export const leaveResponseSchema = z.object({
  leave: leaveSchema,
  affected_appointments: z.array(affectedAppointmentSchema),
});

/** `{employee_id}` and `{leave_id}` in a path. */
export const leaveParamsSchema = z.object({
  employee_id: employeeIdSchema,
  leave_id: appointmentIdSchema,
});

/**
 * `?clinician_id=&department_id=&from=&to=&limit=&cursor=` of GET /slots: hospital dates, at
 * most SLOT_RANGE_MAX_DAYS of them, of one clinician, one department's sessions, or all.
 */
export const slotQuerySchema = pageQuerySchema
  .extend({
    clinician_id: employeeIdSchema.optional(),
    department_id: departmentIdSchema.optional(),
    from: appointmentDateSchema,
    to: appointmentDateSchema,
  })
  .superRefine(dateRange(SLOT_RANGE_MAX_DAYS, SLOT_RANGE_MESSAGE));

/** One free slot: the clinician, start and end (ISO instants), department and the name. */
export const slotSchema = z.object({
  clinician_id: z.string(),
  start: z.string(),
  end: z.string(),
  department_id: z.string().nullable(),
  clinician: personRefSchema,
});

/** GET /slots: a page of free slots, by start. */
export const slotListSchema = z.array(slotSchema);

/** The booking page's filter: a department, a clinician, or neither (every clinician). */
export const slotFilterSchema = z.object({
  department_id: emptyAsNull(departmentIdSchema).optional(),
  clinician_id: emptyAsNull(employeeIdSchema).optional(),
});

/** POST /profile/appointments: the signed-in patient books a free slot, with a reason. */
export const bookSlotRequestSchema = z.object({
  clinician_id: employeeIdSchema,
  start: textSchema({ required: true }).pipe(
    z.iso.datetime({ offset: true, error: 'start is an ISO 8601 instant' }),
  ),
  reason: textSchema({ max: BOOKING_REASON_MAX, multiline: true, required: true }),
});

export type WeeklySessionInput = z.input<typeof weeklySessionSchema>;
export type ScheduleRequest = z.input<typeof scheduleRequestSchema>;
export type Schedule = z.infer<typeof scheduleSchema>;
export type Leave = z.infer<typeof leaveSchema>;
export type LeaveRequest = z.input<typeof leaveRequestSchema>;
export type LeaveResponse = z.infer<typeof leaveResponseSchema>;
export type AffectedAppointment = z.infer<typeof affectedAppointmentSchema>;
export type SlotQuery = z.input<typeof slotQuerySchema>;
export type Slot = z.infer<typeof slotSchema>;
export type BookSlotRequest = z.input<typeof bookSlotRequestSchema>;

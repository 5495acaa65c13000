import { z } from 'zod';

/*
 * The patient's chart (issue 12): the calls the clinical app makes beyond the spec's table to
 * show one patient's whole record.
 */

/** One appointment of a patient, as the chart lists it. */
export const chartAppointmentSchema = z.object({
  date: z.string(),
  time: z.string(),
  topic: z.string().nullable(),
});

/** GET /patient/{patient_id}/appointments: a page of the patient's appointments, newest first. */
export const chartAppointmentListSchema = z.array(chartAppointmentSchema);

export type ChartAppointment = z.infer<typeof chartAppointmentSchema>;

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

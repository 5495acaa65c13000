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

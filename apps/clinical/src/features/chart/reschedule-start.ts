import type { ChartAppointment } from '@portal/contract';

/** What the reschedule form holds (as typed: strings). */
export interface RescheduleDraft {
  date: string;
  time: string;
  duration_minutes: string;
  clinician_id: string;
  reason: string;
}

/** The form's start for an appointment: the same clinician and length, a new date and time. */
export function rescheduleStart(a: ChartAppointment): RescheduleDraft {
  return {
    date: '',
    time: '',
    duration_minutes: String(a.duration_minutes),
    clinician_id: a.clinician?.employee_id ?? '',
    reason: '',
  };
}

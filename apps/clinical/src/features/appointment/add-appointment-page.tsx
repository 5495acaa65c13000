import { MESSAGES, personName } from '@portal/contract';
import { useAddAppointmentMutation } from '@portal/api-client';
import { ClinicianField, LengthField } from '../appointments/booking-fields';
import { PatientEntryForm } from '../chart-entry/patient-entry-form';

/** The form's rules, loaded after the first paint (see usePortalForm). */
const appointmentSchema = () =>
  import('@portal/contract/schemas').then((c) => c.addAppointmentRequestSchema);

/** Asked before an appointment with a date before today is added. */
export const PAST_DATE_QUESTION = 'This date is in the past — add it anyway?';

/** The booking's fields beyond the spec's four: both optional, the standard length if none. */
const BOOKING = {
  fields: (
    <>
      <LengthField />
      <ClinicianField />
    </>
  ),
  names: ['duration_minutes', 'clinician_id'],
} as const;

/**
 * Patient Appointment: book an appointment, with a clinician and a length if wanted; the server
 * books it even when that clinician is already booked then, and its warning is shown.
 */
export function AddAppointmentPage() {
  const mutation = useAddAppointmentMutation();
  return (
    <PatientEntryForm
      title="Patient Appointment"
      description="Book an appointment. The patient's record shows their latest one."
      schema={appointmentSchema}
      submit={(values) => mutation.mutateAsync(values)}
      pending={mutation.isPending}
      textField={{ name: 'topic', label: 'Topic' }}
      time={{ clock: true }}
      extra={BOOKING}
      pastDateQuestion={PAST_DATE_QUESTION}
      failureMessage={MESSAGES.addPatientFailed}
      successText={(a) =>
        `Appointment added for ${a.first_name} ${a.last_name} (${a.patient_id}) on ${a.date} at ${a.time.slice(0, 5)}${bookedWith(a)}.`
      }
    />
  );
}

/** ", 30 minutes with Anan Wongsa" for what the answer says beyond the spec's fields. */
function bookedWith(a: {
  duration_minutes?: number;
  clinician?: { first_name: string; last_name: string } | null;
}): string {
  const length = a.duration_minutes ? `, ${a.duration_minutes} minutes` : '';
  return a.clinician ? `${length} with ${personName(a.clinician)}` : length;
}

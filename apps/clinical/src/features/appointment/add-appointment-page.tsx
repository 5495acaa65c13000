import { MESSAGES } from '@portal/contract';
import { useAddAppointmentMutation } from '@portal/api-client';
import { PatientEntryForm } from '../patient-entry/patient-entry-form';

/** The form's rules, loaded after the first paint (see usePortalForm). */
const appointmentSchema = () =>
  import('@portal/contract/schemas').then((c) => c.addAppointmentRequestSchema);

/** Asked before an appointment with a date before today is added (issue 12). */
export const PAST_DATE_QUESTION = 'This date is in the past — add it anyway?';

/** Patient Appointment: book an appointment (the record shows the latest). */
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
      pastDateQuestion={PAST_DATE_QUESTION}
      failureMessage={MESSAGES.addPatientFailed}
      successText={(a) =>
        `Appointment added for ${a.first_name} ${a.last_name} (${a.patient_id}) on ${a.date} at ${a.time.slice(0, 5)}.`
      }
    />
  );
}

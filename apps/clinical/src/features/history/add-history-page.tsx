import { MESSAGES } from '@portal/contract';
import { useAddHistoryMutation } from '@portal/api-client';
import { PatientEntryForm } from '../chart-entry/patient-entry-form';

/** The form's rules, loaded after the first paint (see usePortalForm). */
const historySchema = () =>
  import('@portal/contract/schemas').then((c) => c.addHistoryRequestSchema);

/** Patient History: add an entry to a patient's medical history. */
export function AddHistoryPage() {
  const mutation = useAddHistoryMutation();
  return (
    <PatientEntryForm
      title="Patient History"
      description="Add an entry to the patient's medical history."
      schema={historySchema}
      submit={(values) => mutation.mutateAsync(values)}
      pending={mutation.isPending}
      textField={{ name: 'detail', label: 'Detail', multiline: true }}
      time={{ placeholder: '10:30:00' }}
      failureMessage={MESSAGES.addHistoryFailed}
      successText={(h) =>
        `History entry added for ${h.first_name} ${h.last_name} (${h.patient_id}) on ${h.date} at ${h.time}.`
      }
    />
  );
}

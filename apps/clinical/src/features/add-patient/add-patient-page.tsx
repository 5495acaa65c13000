import { LeaveGuard } from '@portal/shell';
import { useState } from 'react';
import { ROLE_LABELS } from '@portal/reference-data';
import { type AddPatientResponse, MESSAGES } from '@portal/contract';
import { toApiError, useAddPatientMutation, useNextPatientId } from '@portal/api-client';
import {
  FormActions,
  PortalForm,
  RequiredFieldsNote,
  SubmitErrorNotice,
  usePortalForm,
  useSubmitFeedback,
} from '@portal/form-widgets';
import { ActivationCodeNotice, PageHeading, useIdle } from '@portal/ui';
import { EMPTY_PATIENT_FORM, PatientFields } from '../patient-form/patient-fields';

/** The form's rules, loaded after the first paint (see usePortalForm). */
const addPatientSchema = () =>
  import('@portal/contract/schemas').then((c) => c.addPatientRequestSchema);

/**
 * Add Patient: every field of the spec with its rules, the disease and allergy pickers, and on
 * success the new patient's activation code to hand over; the form then clears. A refusal keeps
 * what was typed and marks the fields at fault.
 */
export function AddPatientPage() {
  // The last code issued stays on screen until dismissed or replaced by the next one (issue 12),
  // whatever happens to the form meanwhile.
  const [issued, setIssued] = useState<(AddPatientResponse & { name: string }) | null>(null);
  const mutation = useAddPatientMutation();
  // The next free id, offered beside the field once the page is shown (the API layer is not
  // part of the first visit); adding a patient brings the next one.
  const nextId = useNextPatientId({ enabled: useIdle() });
  const form = usePortalForm(addPatientSchema, { defaultValues: EMPTY_PATIENT_FORM });
  const { feedback, noticeRef, succeed, fail, clear } = useSubmitFeedback<
    AddPatientResponse & { name: string }
  >();
  const shown = feedback?.kind === 'success' ? feedback.value : issued;

  return (
    <div className="flex flex-col gap-6">
      {/* Leaving with something typed and not saved asks first (issue 12). */}
      <LeaveGuard dirty={form.formState.isDirty} />
      <PageHeading description="Register a patient. They get an activation code to open their own record.">
        Add Patient
      </PageHeading>
      {shown && (
        <ActivationCodeNotice
          ref={noticeRef}
          code={shown.activation_code}
          expiresAt={shown.activation_code_expires_at}
          personLabel={`${shown.name} (${shown.patient_id})`}
          title={`Patient ${shown.patient_id} added`}
          handout={{ name: shown.name, id: shown.patient_id, role: ROLE_LABELS.patient }}
          onDismiss={() => {
            setIssued(null);
            if (feedback?.kind === 'success') clear();
          }}
        />
      )}
      <SubmitErrorNotice
        feedback={feedback}
        noticeRef={noticeRef}
        title="The patient was not added"
      />
      <PortalForm
        form={form}
        aria-label="Add Patient"
        onSubmit={async (values) => {
          clear();
          try {
            const created = await mutation.mutateAsync(values);
            form.reset(EMPTY_PATIENT_FORM);
            const added = {
              ...created,
              name: `${values.patient.first_name} ${values.patient.last_name}`,
            };
            setIssued(added);
            succeed(added);
          } catch (error) {
            // The spec's internal message; the person sees the server's own words.
            console.error(MESSAGES.addPatientFailed);
            fail(form, toApiError(error));
          }
        }}
      >
        <RequiredFieldsNote />
        <PatientFields mode="add" idSuggestion={nextId.data} />
        <FormActions submitLabel="Done" busy={mutation.isPending} onReset={clear} />
      </PortalForm>
    </div>
  );
}

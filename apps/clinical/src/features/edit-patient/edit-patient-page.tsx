import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MESSAGES, type PatientRecord, type UpdatePatientRequest } from '@portal/contract';
import {
  patientQueryOptions,
  toApiError,
  usePatchPatientMutation,
  useReissuePatientCodeMutation,
  useUpdatePatientMutation,
} from '@portal/api-client';
import {
  FormActions,
  PortalForm,
  SubmitErrorNotice,
  usePortalForm,
  useSubmitFeedback,
} from '@portal/form-widgets';
import {
  BackToChartLink,
  NewActivationCodePanel,
  RecordLookup,
  type SaveOutcome,
  SaveOutcomeNotice,
  usePrefilledId,
  LeaveGuard,
} from '@portal/shell';
import { PageHeading } from '@portal/ui';
import { EMPTY_PATIENT_FORM, PatientFields } from '../patient-form/patient-fields';
import {
  changesBetween,
  changesLists,
  formValuesOf,
  mergePatchOf,
  type PatientFormValues,
} from './patient-changes';

// The forms' rules (and zod) load after the first paint, or at the first submit (usePortalForm).
const updatePatientSchema = () =>
  import('@portal/contract/schemas').then((c) => c.updatePatientRequestSchema);
const lookupSchema = () => import('@portal/contract/schemas').then((c) => c.patientIdParamsSchema);

/**
 * Edit Patient: enter an id and the form fills itself from the record; change what is wrong and
 * only that is sent (as a merge patch when a list changed, so that a list can be emptied). A patient can be given a new activation code: to register, or, once registered, to set a new password with it.
 */
export function EditPatientPage() {
  const initialId = usePrefilledId('patient');
  const queryClient = useQueryClient();
  // The patient the last save concerned, for the way back to their chart.
  const [savedId, setSavedId] = useState('');
  const [loaded, setLoaded] = useState<{ record: PatientRecord; values: PatientFormValues } | null>(
    null,
  );
  const [lookupReset, setLookupReset] = useState(0);
  const form = usePortalForm(updatePatientSchema, { defaultValues: EMPTY_PATIENT_FORM });
  const update = useUpdatePatientMutation();
  const patch = usePatchPatientMutation();
  const reissue = useReissuePatientCodeMutation();
  const { feedback, noticeRef, succeed, fail, clear } = useSubmitFeedback<SaveOutcome>();

  const resetAll = () => {
    setLoaded(null);
    reissue.reset();
    form.reset(EMPTY_PATIENT_FORM);
    setLookupReset((n) => n + 1);
  };

  return (
    <div className="flex flex-col gap-6">
      {/* Leaving with something typed and not saved asks first (issue 12). */}
      <LeaveGuard dirty={form.formState.isDirty} />
      <PageHeading description="Find a patient by ID; the form fills in, and only what you change is saved.">
        Edit Patient
      </PageHeading>
      {feedback?.kind === 'success' && (
        <SaveOutcomeNotice noun="Patient" outcome={feedback.value} noticeRef={noticeRef}>
          {savedId && (
            <p>
              <BackToChartLink patientId={savedId} />
            </p>
          )}
        </SaveOutcomeNotice>
      )}
      <SubmitErrorNotice
        feedback={feedback}
        noticeRef={noticeRef}
        title="The patient was not updated"
      />

      <RecordLookup
        noun={{ article: 'a', word: 'patient' }}
        field={{
          name: 'patient_id',
          label: 'Patient ID',
          placeholder: MESSAGES.patientIdPlaceholder,
        }}
        schema={lookupSchema}
        resetKey={lookupReset}
        initialId={initialId}
        onStart={() => {
          clear();
          reissue.reset();
          setLoaded(null);
          form.reset(EMPTY_PATIENT_FORM);
        }}
        onLoad={async (patientId) => {
          const record = await queryClient.fetchQuery(patientQueryOptions(patientId));
          const values = formValuesOf(record);
          setLoaded({ record, values });
          form.reset(values as unknown as UpdatePatientRequest);
        }}
      />

      {loaded && (
        <NewActivationCodePanel
          person={{
            id: loaded.record.patient.patient_id,
            name: `${loaded.record.patient.first_name} ${loaded.record.patient.last_name}`,
          }}
          registered={loaded.record.registered}
          reissue={reissue}
        />
      )}

      <PortalForm
        form={form}
        aria-label="Edit Patient"
        onSubmit={async () => {
          if (!loaded) return;
          clear();
          const changes = changesBetween(
            loaded.values,
            form.getValues() as unknown as PatientFormValues,
          );
          setSavedId(loaded.record.patient.patient_id);
          if (!changes) {
            succeed({ kind: 'unchanged' });
            return;
          }
          try {
            // A changed list goes as a merge patch, which can also empty it (update-patient
            // leaves an empty list as it is); the fields changed with it go in the same call.
            if (changesLists(changes)) {
              await patch.mutateAsync({
                patientId: loaded.record.patient.patient_id,
                patch: mergePatchOf(changes),
              });
            } else {
              await update.mutateAsync(changes);
            }
            const fields =
              Object.keys(changes.patient).length -
              1 +
              (changes.patient_chronic_disease ? 1 : 0) +
              (changes.patient_drug_allergy ? 1 : 0);
            succeed({ kind: 'updated', id: loaded.record.patient.patient_id, fields });
            resetAll();
          } catch (error) {
            console.error(MESSAGES.addPatientFailed);
            fail(form, toApiError(error));
          }
        }}
      >
        {/* Outside the faded fieldset: an instruction must keep its full contrast (4.5:1). */}
        {!loaded && <p className="text-sm text-muted">Load a patient to edit their record.</p>}
        <fieldset disabled={!loaded} className="flex flex-col gap-4 disabled:opacity-70">
          <PatientFields mode="edit" />
          <FormActions
            submitLabel="Done"
            busy={update.isPending || patch.isPending}
            onReset={() => {
              resetAll();
              clear();
            }}
          />
        </fieldset>
      </PortalForm>
    </div>
  );
}

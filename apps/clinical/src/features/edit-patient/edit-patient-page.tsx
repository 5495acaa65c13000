import { EDIT_PATIENT_FAILED_MESSAGE, type PatientRecord } from '@portal/contract';
import {
  patientQueryOptions,
  usePatchPatientMutation,
  useReissuePatientCodeMutation,
  useUpdatePatientMutation,
} from '@portal/api-client';
import { EDIT_PATIENT_WORDS, EditRecordPage } from '@portal/shell';
import { BackToChartLink } from '../chart/back-to-chart-link';
import { EMPTY_PATIENT_FORM, PatientFields } from '../patient-record-fields/patient-fields';
import {
  changedFieldCount,
  changesBetween,
  changesLists,
  formValuesOf,
  mergePatchOf,
  type PatientFormValues,
} from './patient-changes';
import type { Pack } from '@portal/i18n';
import editPatientPageTexts from '@portal/i18n/packs/page-edit-patient';

/** The page's texts (lib/packs.ts in @portal/i18n): its route fetches them before it renders. */
export const PAGE_TEXTS: readonly Pack[] = [editPatientPageTexts];

// The forms' rules (and zod) load after the first paint, or at the first submit (usePortalForm).
const updatePatientSchema = () =>
  import('@portal/contract/schemas').then((c) => c.updatePatientRequestSchema);
const lookupSchema = () => import('@portal/contract/schemas').then((c) => c.patientIdParamsSchema);

const fullName = ({ patient }: PatientRecord) => `${patient.first_name} ${patient.last_name}`;

/**
 * Edit Patient: only what changed is sent, as a merge patch when a list changed (so that a list
 * can be emptied). Any patient can be given a new activation code: to register, or, once
 * registered, to set a new password with it.
 */
export function EditPatientPage() {
  const update = useUpdatePatientMutation();
  const patch = usePatchPatientMutation();
  const reissue = useReissuePatientCodeMutation();

  return (
    <EditRecordPage
      words={EDIT_PATIENT_WORDS}
      lookupSchema={lookupSchema}
      schema={updatePatientSchema}
      empty={EMPTY_PATIENT_FORM as unknown as PatientFormValues}
      query={patientQueryOptions}
      idOf={(record) => record.patient.patient_id}
      valuesOf={formValuesOf}
      changesBetween={changesBetween}
      save={async (record, changes) => {
        const id = record.patient.patient_id;
        // update-patient leaves an empty list as it is; a merge patch can empty it.
        if (changesLists(changes)) {
          await patch.mutateAsync({ patientId: id, patch: mergePatchOf(changes) });
        } else {
          await update.mutateAsync(changes);
        }
        return { kind: 'updated', id, fields: changedFieldCount(changes) };
      }}
      busy={update.isPending || patch.isPending}
      failureMessage={EDIT_PATIENT_FAILED_MESSAGE}
      newCode={{
        reissue,
        personOf: (record) => ({
          id: record.patient.patient_id,
          name: fullName(record),
          registered: record.registered,
        }),
      }}
      savedNote={(_, id) => (
        <p>
          <BackToChartLink patientId={id} />
        </p>
      )}
      fields={() => <PatientFields mode="edit" />}
    />
  );
}

import { ADD_PATIENT_FAILED_MESSAGE } from '@portal/contract';
import { ROLE_LABELS } from '@portal/reference-data';
import { nextPatientIdQueryOptions, useAddPatientMutation } from '@portal/api-client';
import { translateEnglish } from '@portal/i18n';
import type { Pack } from '@portal/i18n';
import { ADD_PATIENT_WORDS, AddRecordPage } from '@portal/shell';
import { useT } from '@portal/ui';
import { EMPTY_PATIENT_FORM, PatientFields } from '../patient-record-fields/patient-fields';
import addPatientPageTexts from '@portal/i18n/packs/page-add-patient';

/** The page's texts (lib/packs.ts in @portal/i18n): its route fetches them before it renders. */
export const PAGE_TEXTS: readonly Pack[] = [addPatientPageTexts];

/** The form's rules, loaded after the first paint (see usePortalForm). */
const addPatientSchema = () =>
  import('@portal/contract/schemas').then((c) => c.addPatientRequestSchema);

/**
 * Add Patient: every field of the spec with its rules, the disease and allergy pickers, and on
 * success the new patient's activation code to hand over.
 */
export function AddPatientPage() {
  const mutation = useAddPatientMutation();
  const t = useT();

  return (
    <AddRecordPage
      words={ADD_PATIENT_WORDS}
      description={t('clinical.addPatient.description')}
      schema={addPatientSchema}
      empty={EMPTY_PATIENT_FORM}
      save={mutation}
      nextId={nextPatientIdQueryOptions}
      person={(values) => ({ name: `${values.patient.first_name} ${values.patient.last_name}` })}
      handoutRole={() => translateEnglish(ROLE_LABELS.patient)}
      failureMessage={ADD_PATIENT_FAILED_MESSAGE}
      fields={(idSuggestion) => <PatientFields mode="add" idSuggestion={idSuggestion} />}
    />
  );
}

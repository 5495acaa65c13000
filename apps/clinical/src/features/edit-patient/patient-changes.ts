import type { PatientMergePatch, PatientRecord, UpdatePatientRequest } from '@portal/contract';

/** The edit form's values: the record's fields as the inputs hold them. */
export type PatientFormValues = {
  patient: Record<keyof PatientRecord['patient'], string>;
  patient_chronic_disease: { disease_id: string }[];
  /** Reaction and severity as the inputs hold them: blank when not known. */
  patient_drug_allergy: { drug_id: string; reaction: string; severity: string }[];
};

/** A loaded record as the edit form's starting values. */
export function formValuesOf(record: PatientRecord): PatientFormValues {
  const patient = Object.fromEntries(
    Object.entries(record.patient).map(([key, value]) => [
      key,
      value === null ? '' : String(value),
    ]),
  ) as PatientFormValues['patient'];
  return {
    patient,
    patient_chronic_disease: record.patient_chronic_disease.map(({ disease_id }) => ({
      disease_id,
    })),
    // Reaction and severity are kept: a list that changes is sent whole, so dropping them here
    // would erase them from the allergies left as they were.
    patient_drug_allergy: record.patient_drug_allergy.map(({ drug_id, reaction, severity }) => ({
      drug_id,
      reaction: reaction ?? '',
      severity: severity ?? '',
    })),
  };
}

const sameList = (a: readonly object[], b: readonly object[]) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * The update to send: the patient id, the fields whose value differs from the loaded record,
 * and a disease or allergy list only if it changed (the product decisions: an edit changes only
 * what it is sent). Returns null when nothing changed.
 */
export function changesBetween(
  loaded: PatientFormValues,
  current: PatientFormValues,
): UpdatePatientRequest | null {
  const patient: Record<string, string> = { patient_id: loaded.patient.patient_id };
  for (const key of Object.keys(loaded.patient) as (keyof PatientFormValues['patient'])[]) {
    const now = String(current.patient[key] ?? '').trim();
    // An emptied field is left as it is (the API reads an empty field as absent): nothing to send.
    if (key === 'patient_id' || now === '' || now === loaded.patient[key].trim()) continue;
    patient[key] = now;
  }
  const update: UpdatePatientRequest = { patient: patient as UpdatePatientRequest['patient'] };
  if (!sameList(loaded.patient_chronic_disease, current.patient_chronic_disease)) {
    update.patient_chronic_disease =
      current.patient_chronic_disease as UpdatePatientRequest['patient_chronic_disease'];
  }
  if (!sameList(loaded.patient_drug_allergy, current.patient_drug_allergy)) {
    update.patient_drug_allergy =
      current.patient_drug_allergy as UpdatePatientRequest['patient_drug_allergy'];
  }
  const changed =
    Object.keys(patient).length > 1 ||
    update.patient_chronic_disease ||
    update.patient_drug_allergy;
  return changed ? update : null;
}

/**
 * The same changes as a merge patch, for when a list changed: update-patient reads an empty
 * list as "unchanged" (a spec client sends one whenever its counts stay at 0), so removing the
 * last disease or allergy takes the patch, which replaces a list it is sent, even empty.
 */
export function mergePatchOf(update: UpdatePatientRequest): PatientMergePatch {
  // The id is the path's; a patch that names it is refused.
  const fields = Object.fromEntries(
    Object.entries(update.patient).filter(([key]) => key !== 'patient_id'),
  ) as NonNullable<PatientMergePatch['patient']>;
  return {
    ...(Object.keys(fields).length ? { patient: fields } : {}),
    ...(update.patient_chronic_disease
      ? { patient_chronic_disease: update.patient_chronic_disease }
      : {}),
    ...(update.patient_drug_allergy ? { patient_drug_allergy: update.patient_drug_allergy } : {}),
  };
}

/** Whether an update changes a disease or allergy list (and so goes as a merge patch). */
export const changesLists = (update: UpdatePatientRequest) =>
  update.patient_chronic_disease !== undefined || update.patient_drug_allergy !== undefined;

/** How many fields an update changes: the record's fields (not its id) and each list sent. */
export function changedFieldCount(update: UpdatePatientRequest): number {
  return (
    Object.keys(update.patient).length -
    1 +
    (update.patient_chronic_disease ? 1 : 0) +
    (update.patient_drug_allergy ? 1 : 0)
  );
}

/**
 * The resource types a bulk export can hold, in the order they are written. A Patient-level
 * export holds the patient compartment's types (the blood type and the vital signs are
 * Observations, each appointment's visit an Encounter, the medical history DocumentReferences,
 * the signed notes Compositions, the prescriptions MedicationRequests); a system-level export
 * adds the clinical staff. AuditEvent stays out of bulk exports: the access log is read one
 * patient at a time, as the API's is.
 */
export const PATIENT_EXPORT_TYPES = [
  'Patient',
  'Observation',
  'AllergyIntolerance',
  'Condition',
  'Appointment',
  'Encounter',
  'DocumentReference',
  'Composition',
  'MedicationRequest',
] as const;

/** Every type a system-level export (and a backend scope) can name. */
export const EXPORT_TYPES = [...PATIENT_EXPORT_TYPES, 'Practitioner', 'PractitionerRole'] as const;

/** One exportable resource type. */
export type ExportType = (typeof EXPORT_TYPES)[number];

/** Whether a name is an exportable resource type. */
export const isExportType = (name: string): name is ExportType =>
  (EXPORT_TYPES as readonly string[]).includes(name);

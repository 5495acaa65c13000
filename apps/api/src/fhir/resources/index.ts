/**
 * FHIR R4 resources from the portal's tables: one pure mapper per type (`toX(row)`) and one
 * row query per type (`xRowsQuery({ after, limit, where })`, a keyset page of the rows the
 * mapper takes, each with its position `k` to pass back as `after`). These names are stable:
 * bulk export streams with them.
 *
 * | resource            | row query               | mapper                      | table                   |
 * |---------------------|-------------------------|-----------------------------|-------------------------|
 * | Patient             | patientRowsQuery        | toPatient                   | patient                 |
 * | Observation         | observationRowsQuery    | toObservation               | patient.blood_type, vital_signs |
 * | AllergyIntolerance  | allergyRowsQuery        | toAllergyIntolerance        | patient_allergy, patient (no known allergies), patient_drug_allergy |
 * | Condition           | conditionRowsQuery      | toCondition                 | patient_condition, patient_chronic_disease |
 * | Appointment         | appointmentRowsQuery    | toAppointment               | appointment             |
 * | Encounter           | appointmentRowsQuery    | toEncounter                 | appointment (the visit) |
 * | DocumentReference   | historyRowsQuery        | toDocumentReference         | medical_history         |
 * | Composition         | noteRowsQuery           | toComposition               | clinical_note (+ addenda) |
 * | MedicationRequest   | medicationRequestRowsQuery | toMedicationRequest      | medication_request      |
 * | Practitioner        | practitionerRowsQuery   | toPractitioner              | employee (clinical)     |
 * | PractitionerRole    | practitionerRowsQuery   | toPractitionerRole          | employee (clinical)     |
 * | AuditEvent          | auditEventRowsQuery     | toAuditEvent                | audit_event             |
 * | Schedule            | (fhir/schedule.ts)      | toSchedule                  | clinician_session       |
 * | Slot                | (fhir/schedule.ts)      | toSlot                      | computed free slots     |
 *
 * `where` is SQL on the table's own columns, unqualified (e.g. sql`patient_id = 7` on
 * appointment for one patient's row id); toBloodTypeObservation answers null without a blood
 * type. Observation's rows are the blood groups and each measurement of the vital signs, as one
 * table (vital-signs.ts says its columns). Run a query with db/database.ts's queryRows.
 */
export * from './common';
export * from './patient';
export * from './allergy-intolerance';
export * from './condition';
export * from './clinical-lists';
export * from './appointment';
export * from './encounter';
export * from './document-reference';
export * from './practitioner';
export * from './audit-event';
export * from './vital-signs';
export * from './composition';
export * from './schedule';
export * from './medication-request';

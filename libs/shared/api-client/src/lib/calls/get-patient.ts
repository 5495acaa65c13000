import { recordGetter, recordHook, recordQuery } from '../record-kind-calls';

/** GET /patient/{patient_id}: one patient record. */
export const getPatient = /* @__PURE__ */ recordGetter('patient');

/** One patient record's query; idle until there is an id to ask for. */
export const patientQueryOptions = /* @__PURE__ */ recordQuery('patient', getPatient);

/** One patient record (the profile page, the edit form). */
export const usePatient = /* @__PURE__ */ recordHook(patientQueryOptions);

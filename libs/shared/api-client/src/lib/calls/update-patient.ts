import { recordUpdater, recordWriteHook } from '../record-kind-calls';

/** PUT /patient/update-patient: changes only what is sent; answers the updated record. */
export const updatePatient = /* @__PURE__ */ recordUpdater('patient');

/** The edit-patient form's mutation; the record, lists and searches are refetched after it. */
export const useUpdatePatientMutation = /* @__PURE__ */ recordWriteHook('patient', updatePatient);

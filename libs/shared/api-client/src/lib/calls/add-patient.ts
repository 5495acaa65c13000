import { recordAdder, recordWriteHook } from '../record-kind-calls';

/** POST /patient/add-patient: the new patient's id and the activation code to hand over. */
export const addPatient = /* @__PURE__ */ recordAdder('patient');

/** The add-patient form's mutation; every patient list and search is refetched after it. */
export const useAddPatientMutation = /* @__PURE__ */ recordWriteHook('patient', addPatient);

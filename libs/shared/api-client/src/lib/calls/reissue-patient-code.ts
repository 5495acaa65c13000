import { codeReissueHook, codeReissuer } from '../record-kind-calls';

/** POST /patient/{patient_id}/activation-code: a new code; the old one stops working. */
export const reissuePatientCode = /* @__PURE__ */ codeReissuer('patient');

/** Reissues a patient's activation code; no cached data shows codes, so nothing is refetched. */
export const useReissuePatientCodeMutation = /* @__PURE__ */ codeReissueHook(reissuePatientCode);

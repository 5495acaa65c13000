import { codeReissueHook, codeReissuer } from '../record-kind-calls';

/** POST /employee/{employee_id}/activation-code: a new code; the old one stops working. */
export const reissueEmployeeCode = /* @__PURE__ */ codeReissuer('employee');

/** Reissues an employee's activation code; no cached data shows codes, so nothing is refetched. */
export const useReissueEmployeeCodeMutation = /* @__PURE__ */ codeReissueHook(reissueEmployeeCode);

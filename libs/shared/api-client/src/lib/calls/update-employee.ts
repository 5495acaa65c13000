import { recordUpdater, recordWriteHook } from '../record-kind-calls';

/**
 * PUT /employee/update-employee: changes only what is sent; answers the employee and
 * `sessions_revoked`.
 */
export const updateEmployee = /* @__PURE__ */ recordUpdater('employee');

/** The edit-employee form's mutation; the employee, lists and searches are refetched after it. */
export const useUpdateEmployeeMutation = /* @__PURE__ */ recordWriteHook(
  'employee',
  updateEmployee,
);

import { recordAdder, recordWriteHook } from '../record-kind-calls';

/** POST /employee/add-employee: the new id and, for positions with portal access, a code. */
export const addEmployee = /* @__PURE__ */ recordAdder('employee');

/** The add-employee form's mutation; employee lists and searches are refetched after it. */
export const useAddEmployeeMutation = /* @__PURE__ */ recordWriteHook('employee', addEmployee);

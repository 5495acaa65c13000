import { recordGetter, recordHook, recordQuery } from '../record-kind-calls';

/** GET /employee/{employee_id}: one employee (the edit form fills itself from it). */
export const getEmployee = /* @__PURE__ */ recordGetter('employee');

/** One employee's query; idle until there is an id to ask for. */
export const employeeQueryOptions = /* @__PURE__ */ recordQuery('employee', getEmployee);

/** One employee. */
export const useEmployee = /* @__PURE__ */ recordHook(employeeQueryOptions);

import { recordSearcher, recordSearchHook, recordSearchQuery } from '../record-kind-calls';

/** POST /employee/search-employee: one page of the employees matching the criteria. */
export const searchEmployees = /* @__PURE__ */ recordSearcher('employee');

/** An employee search as an infinite query keyed by its (trimmed) criteria. */
export const employeeSearchQueryOptions = /* @__PURE__ */ recordSearchQuery(
  'employee',
  searchEmployees,
);

/** An employee search, paged; pass `enabled: false` until the form is submitted. */
export const useEmployeeSearch = /* @__PURE__ */ recordSearchHook(employeeSearchQueryOptions);

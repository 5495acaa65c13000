import { nextIdGetter, nextIdQuery } from '../record-kind-calls';

/** GET /patient/next-id: the id the add-patient form suggests (`P038`). */
export const getNextPatientId = /* @__PURE__ */ nextIdGetter('patient');

/** GET /employee/next-id: the id the add-employee form suggests (`E013`). */
export const getNextEmployeeId = /* @__PURE__ */ nextIdGetter('employee');

/** The next free patient id's query (`P038`), asked afresh when the form opens. */
export const nextPatientIdQueryOptions = /* @__PURE__ */ nextIdQuery('patient', getNextPatientId);

/** The next free employee id's query (`E013`), asked afresh when the form opens. */
export const nextEmployeeIdQueryOptions = /* @__PURE__ */ nextIdQuery(
  'employee',
  getNextEmployeeId,
);

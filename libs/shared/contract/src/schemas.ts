/**
 * The request schemas the apps' add, edit and search forms (and the chart's cancel and
 * reschedule dialogs) validate with, as a module of its own: a page loads
 * it with `import('@portal/contract/schemas')` when the browser is idle after the first paint
 * (or on the first submit), so zod and the rules are not part of the page's first visit. They
 * are the very objects the barrel exports: the contract stays the one source of every rule.
 */
export { loginRequestSchema, registerRequestSchema } from './lib/auth';
export {
  addAppointmentRequestSchema,
  addHistoryRequestSchema,
  addPatientRequestSchema,
  patientIdParamsSchema,
  searchPatientRequestSchema,
  updatePatientRequestSchema,
} from './lib/patients';
export {
  addEmployeeRequestSchema,
  employeeIdParamsSchema,
  searchEmployeeRequestSchema,
  updateEmployeeRequestSchema,
} from './lib/employees';
export { mfaLoginRequestSchema } from './lib/mfa';
export { accountMfaCodeRequestSchema, changePasswordFormSchema } from './lib/account';
export { cancelAppointmentRequestSchema, rescheduleAppointmentRequestSchema } from './lib/chart';
export { passwordResetFormSchema, passwordResetRequestSchema } from './lib/password-reset';
export {
  bookSlotRequestSchema,
  leaveRequestSchema,
  scheduleRequestSchema,
  slotFilterSchema,
} from './lib/clinic-hours';
export { cancelMyAppointmentRequestSchema, myContactRequestSchema } from './lib/my-record';
export { refuseAccessRequestSchema } from './lib/employees';

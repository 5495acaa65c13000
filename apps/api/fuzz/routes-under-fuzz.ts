/**
 * The request schema of every API call that takes a body (each POST, PUT and PATCH of the
 * contract's endpoint table). The type makes a new such endpoint without an entry a compile
 * error, and the fuzz suite checks the same against the routes the app actually registers.
 */
import { z } from 'zod';
import {
  accountLocaleRequestSchema,
  addAllergyRequestSchema,
  addConditionRequestSchema,
  accountMfaCodeRequestSchema,
  addAppointmentRequestSchema,
  addEmployeeRequestSchema,
  addHistoryRequestSchema,
  addPatientRequestSchema,
  bookSlotRequestSchema,
  leaveRequestSchema,
  scheduleRequestSchema,
  appointmentStatusRequestSchema,
  approveAccessRequestSchema,
  addAddendumRequestSchema,
  addNoteRequestSchema,
  cancelAppointmentRequestSchema,
  noteEnteredInErrorRequestSchema,
  prescribeRequestSchema,
  stopMedicationRequestSchema,
  recordVitalsRequestSchema,
  cancelMyAppointmentRequestSchema,
  changePasswordRequestSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  type Endpoint,
  type EndpointName,
  ENDPOINTS,
  loginRequestSchema,
  mfaConfirmRequestSchema,
  mfaLoginRequestSchema,
  mfaSetupRequestSchema,
  noKnownAllergiesRequestSchema,
  patchAllergyRequestSchema,
  patchConditionRequestSchema,
  myContactRequestSchema,
  patientMergePatchSchema,
  refuseAccessRequestSchema,
  registerRequestSchema,
  rescheduleAppointmentRequestSchema,
  searchEmployeeRequestSchema,
  searchPatientRequestSchema,
  updateEmployeeRequestSchema,
  updatePatientRequestSchema,
} from '@portal/contract';

/** The methods that carry a body. */
type BodyMethod = 'POST' | 'PUT' | 'PATCH';
const BODY_METHODS: readonly string[] = ['POST', 'PUT', 'PATCH'] satisfies BodyMethod[];

/** The calls whose method carries a body. */
export type BodyEndpointName = {
  [K in EndpointName]: (typeof ENDPOINTS)[K]['method'] extends BodyMethod ? K : never;
}[EndpointName];

/** What the calls without a request schema of their own accept: nothing, or an empty object. */
export const NO_BODY = z.object({}).nullish();

/** The body schema of each POST/PUT/PATCH call. */
export const REQUEST_SCHEMAS = {
  register: registerRequestSchema,
  login: loginRequestSchema,
  loginMfa: mfaLoginRequestSchema,
  mfaSetup: mfaSetupRequestSchema,
  mfaConfirm: mfaConfirmRequestSchema,
  renew: NO_BODY,
  changePassword: changePasswordRequestSchema,
  endOtherSessions: NO_BODY,
  disableMfa: accountMfaCodeRequestSchema,
  setAccountLocale: accountLocaleRequestSchema,
  regenerateRecoveryCodes: accountMfaCodeRequestSchema,
  logout: NO_BODY,
  requestPasswordReset: passwordResetRequestSchema,
  confirmPasswordReset: passwordResetConfirmSchema,
  cancelMyAppointment: cancelMyAppointmentRequestSchema,
  updateMyContact: myContactRequestSchema,
  searchPatients: searchPatientRequestSchema,
  addPatient: addPatientRequestSchema,
  updatePatient: updatePatientRequestSchema,
  patchPatient: patientMergePatchSchema,
  addAppointment: addAppointmentRequestSchema,
  addHistory: addHistoryRequestSchema,
  cancelAppointment: cancelAppointmentRequestSchema,
  rescheduleAppointment: rescheduleAppointmentRequestSchema,
  setAppointmentStatus: appointmentStatusRequestSchema,
  recordVitals: recordVitalsRequestSchema,
  addNote: addNoteRequestSchema,
  addNoteAddendum: addAddendumRequestSchema,
  markNoteEnteredInError: noteEnteredInErrorRequestSchema,
  prescribe: prescribeRequestSchema,
  stopMedication: stopMedicationRequestSchema,
  addCondition: addConditionRequestSchema,
  patchCondition: patchConditionRequestSchema,
  addAllergy: addAllergyRequestSchema,
  recordNoKnownAllergies: noKnownAllergiesRequestSchema,
  patchAllergy: patchAllergyRequestSchema,
  reissuePatientCode: NO_BODY,
  searchEmployees: searchEmployeeRequestSchema,
  addEmployee: addEmployeeRequestSchema,
  updateEmployee: updateEmployeeRequestSchema,
  reissueEmployeeCode: NO_BODY,
  approveEmployeeAccess: approveAccessRequestSchema,
  putSchedule: scheduleRequestSchema,
  addLeave: leaveRequestSchema,
  bookMyAppointment: bookSlotRequestSchema,
  refuseEmployeeAccess: refuseAccessRequestSchema,
} as const satisfies Record<BodyEndpointName, z.ZodType>;

/** The three groups the suite runs in, one app (and one test file) each. */
export type RouteGroup = 'auth' | 'patients' | 'employees';

/** The group of an endpoint, by its path: a new call lands in one without being listed. */
export function groupOf(endpoint: Endpoint): RouteGroup {
  if (endpoint.path.startsWith('/patient')) return 'patients';
  if (endpoint.path.startsWith('/employee')) return 'employees';
  return 'auth';
}

/** Every POST/PUT/PATCH endpoint of the contract, by name. */
export function bodyEndpoints(): [string, Endpoint][] {
  return Object.entries(ENDPOINTS).filter(([, e]) => BODY_METHODS.includes(e.method));
}

/** The request schema of an endpoint, or undefined when the suite has none (a test fails). */
export function requestSchemaOf(name: string): z.ZodType | undefined {
  return (REQUEST_SCHEMAS as Record<string, z.ZodType>)[name];
}

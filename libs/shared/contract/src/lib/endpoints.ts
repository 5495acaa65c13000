/** Where the API lives on the portal's origin unless a deployment says otherwise. */
export const DEFAULT_API_BASE = '/api';

/** Where the FHIR R4 interface answers, on the API's origin (docs/fhir.md). */
export const FHIR_BASE = '/fhir/R4';

import type { Role } from '@portal/reference-data';
import type { ClinicalAction } from './clinical-permissions';

/**
 * The media type of a JSON Merge Patch (RFC 7396), which PATCH /patient/{id} takes. Here, in
 * the zod-free table, so that a page sending a patch does not load the schemas with it.
 */
export const MERGE_PATCH_CONTENT_TYPE = 'application/merge-patch+json';

/** An HTTP method the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may make a call: anyone, any signed-in user, or the listed roles. The server enforces it
 * on every request; a patient's access to a patient record is further limited to their own.
 * `operator` is no user of the portal: a caller on the server's own machine (loopback), or one
 * with the operators' metrics token; a session token does not count.
 */
export type Access = 'public' | 'authenticated' | 'operator' | readonly Role[];

/** One call of the API: method, path under the API base (`:name` marks a parameter), access. */
export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: string;
  readonly access: Access;
  /**
   * The clinical action the call is (clinical-permissions.ts): beyond the role, the caller's
   * position must allow it. The seed's own calls name none.
   */
  readonly action?: ClinicalAction;
}

const CLINICAL = ['medical_personnel'] as const;
const HR = ['HR'] as const;

/**
 * Every call of the API. The spec's table keeps its paths and methods; renew, logout, the
 * activation-code reissues, GET /employee/{id} (for the edit form), health, readiness and the
 * OpenAPI document are the product decisions' additions; the others (metrics, a patient's own
 * lists, the second factor, the chart's lists and next free ids, access approvals, appointment
 * actions, a clinician's day) are recorded in docs/decisions.md; the merge patch of a record lets the portal's own edit form empty a list
 * (docs/api.md); My account's calls (password, sessions, second factor) act on the caller's own
 * account only.
 */
export const ENDPOINTS = {
  register: { method: 'POST', path: '/register', access: 'public' },
  login: { method: 'POST', path: '/login', access: 'public' },
  loginMfa: { method: 'POST', path: '/login/mfa', access: 'public' },
  mfaSetup: { method: 'POST', path: '/mfa/setup', access: 'authenticated' },
  mfaConfirm: { method: 'POST', path: '/mfa/confirm', access: 'authenticated' },
  renew: { method: 'POST', path: '/renew', access: 'authenticated' },
  // My account: what every signed-in person manages themselves (their own account only).
  accountSummary: { method: 'GET', path: '/account', access: 'authenticated' },
  changePassword: { method: 'POST', path: '/account/password', access: 'authenticated' },
  listAccountSessions: { method: 'GET', path: '/account/sessions', access: 'authenticated' },
  endAccountSession: {
    method: 'DELETE',
    path: '/account/sessions/:session_id',
    access: 'authenticated',
  },
  endOtherSessions: {
    method: 'POST',
    path: '/account/sessions/end-others',
    access: 'authenticated',
  },
  regenerateRecoveryCodes: {
    method: 'POST',
    path: '/account/mfa/recovery-codes',
    access: 'authenticated',
  },
  disableMfa: { method: 'POST', path: '/account/mfa/disable', access: 'authenticated' },
  setAccountLocale: { method: 'PUT', path: '/account/locale', access: 'authenticated' },
  logout: { method: 'POST', path: '/logout', access: 'authenticated' },
  // A forgotten password: a single-use link by e-mail (no account oracle), then the new one.
  requestPasswordReset: { method: 'POST', path: '/password-reset', access: 'public' },
  confirmPasswordReset: { method: 'POST', path: '/password-reset/confirm', access: 'public' },
  profile: { method: 'GET', path: '/profile', access: 'authenticated' },
  // Beyond the spec: whether this session is still open, asked by every open tab every few
  // seconds so that a session ended elsewhere leaves the screen at once (docs/api.md).
  sessionStatus: { method: 'GET', path: '/session', access: 'authenticated' },
  myAppointments: { method: 'GET', path: '/profile/appointments', access: ['patient'] },
  myAccessLog: { method: 'GET', path: '/profile/access-log', access: ['patient'] },
  // The patient's current medications with their instructions (MyInfo).
  myMedications: { method: 'GET', path: '/profile/medications', access: ['patient'] },
  // The patient's own record as a PDF summary to read or print, in the language asked for.
  myRecordPdf: { method: 'GET', path: '/profile/record.pdf', access: ['patient'] },
  // Clinic hours: a patient books a free slot of a clinician's sessions (docs/api.md).
  bookMyAppointment: { method: 'POST', path: '/profile/appointments', access: ['patient'] },
  listSlots: { method: 'GET', path: '/slots', access: 'authenticated' },
  // The patient's own actions: cancelling their own booked appointment (until the notice the
  // server's setting asks for) and keeping their contact details up to date.
  cancelMyAppointment: {
    method: 'POST',
    path: '/profile/appointments/:appointment_id/cancel',
    access: ['patient'],
  },
  updateMyContact: { method: 'PATCH', path: '/profile/contact', access: ['patient'] },
  listPatients: { method: 'GET', path: '/patient', access: CLINICAL },
  // Beyond the spec: the coded catalogues searched as a clinician types (docs/api.md).
  searchConditions: { method: 'GET', path: '/catalogues/conditions', access: CLINICAL },
  searchSubstances: { method: 'GET', path: '/catalogues/substances', access: CLINICAL },
  nextPatientId: { method: 'GET', path: '/patient/next-id', access: CLINICAL },
  getPatient: {
    method: 'GET',
    path: '/patient/:patient_id',
    access: ['medical_personnel', 'patient'],
  },
  searchPatients: { method: 'POST', path: '/patient/search-patient', access: CLINICAL },
  addPatient: { method: 'POST', path: '/patient/add-patient', access: CLINICAL },
  updatePatient: { method: 'PUT', path: '/patient/update-patient', access: CLINICAL },
  // Beyond the spec: a JSON Merge Patch of a record, which can empty a list (update-patient
  // leaves an empty list as it is).
  patchPatient: { method: 'PATCH', path: '/patient/:patient_id', access: CLINICAL },
  addAppointment: { method: 'POST', path: '/patient/add-patient-appointment', access: CLINICAL },
  addHistory: { method: 'POST', path: '/patient/add-patient-history', access: CLINICAL },
  patientAppointments: {
    method: 'GET',
    path: '/patient/:patient_id/appointments',
    access: CLINICAL,
  },
  cancelAppointment: {
    method: 'POST',
    path: '/patient/:patient_id/appointments/:appointment_id/cancel',
    access: CLINICAL,
    action: 'cancel',
  },
  rescheduleAppointment: {
    method: 'POST',
    path: '/patient/:patient_id/appointments/:appointment_id/reschedule',
    access: CLINICAL,
    action: 'book',
  },
  setAppointmentStatus: {
    method: 'POST',
    path: '/patient/:patient_id/appointments/:appointment_id/status',
    access: CLINICAL,
    action: 'set_status',
  },
  // The problem list and the allergy list (docs/api.md, "Problems and allergies"): a patient
  // reads their own; a Doctor diagnoses; Doctors and Nurses record allergies.
  listConditions: {
    method: 'GET',
    path: '/patient/:patient_id/conditions',
    access: ['medical_personnel', 'patient'],
  },
  addCondition: {
    method: 'POST',
    path: '/patient/:patient_id/conditions',
    access: CLINICAL,
    action: 'diagnose',
  },
  patchCondition: {
    method: 'PATCH',
    path: '/patient/:patient_id/conditions/:entry_id',
    access: CLINICAL,
    action: 'diagnose',
  },
  listAllergies: {
    method: 'GET',
    path: '/patient/:patient_id/allergies',
    access: ['medical_personnel', 'patient'],
  },
  addAllergy: {
    method: 'POST',
    path: '/patient/:patient_id/allergies',
    access: CLINICAL,
    action: 'record_allergy',
  },
  recordNoKnownAllergies: {
    method: 'POST',
    path: '/patient/:patient_id/allergies/none',
    access: CLINICAL,
    action: 'record_allergy',
  },
  patchAllergy: {
    method: 'PATCH',
    path: '/patient/:patient_id/allergies/:entry_id',
    access: CLINICAL,
    action: 'record_allergy',
  },
  patientContactChanges: {
    method: 'GET',
    path: '/patient/:patient_id/contact-changes',
    access: CLINICAL,
  },
  dayAppointments: { method: 'GET', path: '/appointments', access: CLINICAL },
  // The visit: vital signs and signed notes (docs/api.md), each write a clinical action.
  listVitals: { method: 'GET', path: '/patient/:patient_id/vitals', access: CLINICAL },
  recordVitals: {
    method: 'POST',
    path: '/patient/:patient_id/vitals',
    access: CLINICAL,
    action: 'record_vitals',
  },
  listNotes: { method: 'GET', path: '/patient/:patient_id/notes', access: CLINICAL },
  addNote: {
    method: 'POST',
    path: '/patient/:patient_id/notes',
    access: CLINICAL,
    action: 'write_note',
  },
  addNoteAddendum: {
    method: 'POST',
    path: '/patient/:patient_id/notes/:note_id/addenda',
    access: CLINICAL,
    action: 'write_note',
  },
  markNoteEnteredInError: {
    method: 'POST',
    path: '/patient/:patient_id/notes/:note_id/entered-in-error',
    access: CLINICAL,
    action: 'write_note',
  },
  // Prescriptions (docs/api.md): checked against allergies and active therapy; a Doctor
  // prescribes and stops; a patient reads their own.
  listMedications: {
    method: 'GET',
    path: '/patient/:patient_id/medications',
    access: ['medical_personnel', 'patient'],
  },
  prescribe: {
    method: 'POST',
    path: '/patient/:patient_id/medications',
    access: CLINICAL,
    action: 'prescribe',
  },
  stopMedication: {
    method: 'POST',
    path: '/patient/:patient_id/medications/:medication_id/stop',
    access: CLINICAL,
    action: 'prescribe',
  },
  listClinicians: { method: 'GET', path: '/clinicians', access: CLINICAL },
  reissuePatientCode: {
    method: 'POST',
    path: '/patient/:patient_id/activation-code',
    access: CLINICAL,
  },
  listEmployees: { method: 'GET', path: '/employee', access: HR },
  nextEmployeeId: { method: 'GET', path: '/employee/next-id', access: HR },
  getEmployee: { method: 'GET', path: '/employee/:employee_id', access: HR },
  searchEmployees: { method: 'POST', path: '/employee/search-employee', access: HR },
  addEmployee: { method: 'POST', path: '/employee/add-employee', access: HR },
  updateEmployee: { method: 'PUT', path: '/employee/update-employee', access: HR },
  reissueEmployeeCode: {
    method: 'POST',
    path: '/employee/:employee_id/activation-code',
    access: HR,
  },
  // The two-person rule: portal access that an add or a change gives waits for a second HR
  // person (the server refuses the approval to whoever asked for it and to the employee).
  listAccessApprovals: { method: 'GET', path: '/employee/access-approvals', access: HR },
  approveEmployeeAccess: {
    method: 'POST',
    path: '/employee/:employee_id/approve-access',
    access: HR,
  },
  // Clinic hours: a clinician's weekly sessions, dated exceptions and leave, kept by HR.
  getSchedule: { method: 'GET', path: '/employee/:employee_id/schedule', access: HR },
  putSchedule: { method: 'PUT', path: '/employee/:employee_id/schedule', access: HR },
  addLeave: { method: 'POST', path: '/employee/:employee_id/leave', access: HR },
  withdrawLeave: {
    method: 'DELETE',
    path: '/employee/:employee_id/leave/:leave_id',
    access: HR,
  },
  refuseEmployeeAccess: {
    method: 'POST',
    path: '/employee/:employee_id/refuse-access',
    access: HR,
  },
  health: { method: 'GET', path: '/health', access: 'public' },
  ready: { method: 'GET', path: '/ready', access: 'public' },
  openapi: { method: 'GET', path: '/openapi.json', access: 'public' },
  metrics: { method: 'GET', path: '/metrics', access: 'operator' },
} as const satisfies Record<string, Endpoint>;

/**
 * The calls a session waiting for its second factor's enrolment (STAFF_MFA=required) may make:
 * the enrolment itself and logout. The server refuses every other call for such a session.
 */
export const MFA_ENROLMENT_ENDPOINTS = ['mfaSetup', 'mfaConfirm', 'logout'] as const;

/**
 * The POST calls that change nothing: the searches, whose criteria the spec sends in a body. A
 * server treats them as reads (they leave its cache of session checks as it is).
 */
export const QUERY_ENDPOINTS = ['searchPatients', 'searchEmployees'] as const;

/**
 * The calls whose failures the spec's client shows as they come ("the server's response
 * data"): to a client whose `Accept` does not ask for application/problem+json (see
 * asksForProblem) they answer the problem's detail as a JSON string, with the same status.
 */
export const MESSAGE_ERROR_ENDPOINTS = ['register', 'login'] as const;

/** The name of one API call. */
export type EndpointName = keyof typeof ENDPOINTS;

/** Fills the `:name` parameters of an endpoint's path, URI-encoding each (non-empty) value. */
export function endpointPath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/:([a-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

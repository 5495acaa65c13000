// This module holds plain text only (no schema), so the apps can load it before their first paint.

/** The answer to a failed login, the same for an unknown user and a wrong password. */
export const WRONG_CREDENTIALS_MESSAGE = 'Wrong Username or Password';

/**
 * The answer to a login by staff whose current position carries no portal role (moved from
 * doctor to porter, say): the role an account may use follows the position.
 */
export const POSITION_WITHOUT_PORTAL_ACCESS_MESSAGE =
  'Your position no longer gives access to the portal. Please contact HR.';

/**
 * The answer when a signed-in call that asks for the current password again (setting up a
 * second factor) gets a wrong one.
 */
export const WRONG_PASSWORD_MESSAGE = 'Wrong password. Type your current password.';

/**
 * How many registrations may name one activation code (each one counts, whatever its answer,
 * a taken username included) before the code is locked; a reissued code counts afresh.
 */
export const ACTIVATION_CODE_MAX_ATTEMPTS = 5;

/** The answer to a registration with a code that has had its {@link ACTIVATION_CODE_MAX_ATTEMPTS}. */
export const ACTIVATION_CODE_LOCKED_MESSAGE =
  'This activation code has been tried too many times and is locked. Ask the hospital staff to issue a new one.';

/**
 * The answer to a login by staff whose portal access (a new employee, or a change to a position
 * with another portal role, or a return to work) still waits for a second HR person's approval.
 */
export const ACCESS_AWAITING_APPROVAL_MESSAGE =
  'Your access to the portal is waiting for approval by a second HR person. Please contact HR.';

/**
 * Why HR cannot change its own position or work status: no one grants themselves access (the
 * API's refusal, and the note beside the edit form's read-only fields).
 */
export const OWN_ACCESS_FIELDS_MESSAGE =
  'You cannot change your own position or work status; another HR person must do it.';

/**
 * The value of a 401 problem's `session_ended` when the hospital ended the session (access
 * revoked by HR, account locked or disabled, role changed), rather than the token expiring.
 */
export const SESSION_ENDED_BY_HOSPITAL = 'by_hospital';

/**
 * The value of a 401 problem's `session_ended` when the session was ended by its own person
 * elsewhere: a logout in another browser, a new password, "sign out everywhere" or that one
 * session signed out from My account.
 */
export const SESSION_SIGNED_OUT = 'signed_out';

/** What the apps say, instead of 'Token expired', when the session was ended elsewhere. */
export const SESSION_SIGNED_OUT_MESSAGE =
  'You were signed out: this session was ended elsewhere (a logout, a new password or “sign out everywhere”). Please log in again.';

/** What the apps say, instead of 'Token expired', when the hospital ended the session. */
export const SESSION_ENDED_BY_HOSPITAL_MESSAGE =
  'Your access was ended by the hospital. Please contact HR or the Help Desk.';

// The spec's user-facing texts, word for word, each its own constant: an app's bundle holds
// the ones its code shows (a Thai first paint reads back only those), and MESSAGES, by name,
// for the server and the tests.
export const LOGIN_SUCCESS_MESSAGE = 'Login successful! Redirecting...';
export const REGISTRATION_SUCCESS_MESSAGE = 'Registration successful! Please login.';
export const TOKEN_EXPIRED_MESSAGE = 'Token expired';
export const LOADING_PROFILE_MESSAGE = 'Loading profile...';
export const PROFILE_LOAD_FAILED_MESSAGE = 'Could not load profile';
export const PATIENT_LOAD_FAILED_MESSAGE = 'Could not load patient information';
export const EMPLOYEE_LOAD_FAILED_MESSAGE = 'Could not load employee information';
export const SEARCH_FAILED_MESSAGE = 'Could not perform search';
export const NO_RESULT_MESSAGE = 'No result';
export const NO_PATIENT_DATA_MESSAGE = 'No patient data available.';
export const NO_APPOINTMENT_MESSAGE = 'No appointment';
export const NO_DRUG_ALLERGIES_MESSAGE = 'No drug allergies.';
export const NO_CHRONIC_DISEASES_MESSAGE = 'No chronic diseases.';
export const NO_MEDICAL_HISTORY_MESSAGE = 'No medical history available';
export const ADD_PATIENT_FAILED_MESSAGE = 'Could not perform add patient appointment';
/** The spec gives edit patient the add text; its own name keeps each page saying what it does. */
export const EDIT_PATIENT_FAILED_MESSAGE = 'Could not perform add patient appointment';
export const ADD_HISTORY_FAILED_MESSAGE = 'Could not perform add patient history';
export const ADD_EMPLOYEE_FAILED_MESSAGE = 'Could not perform add employee appointment';
export const EDIT_EMPLOYEE_FAILED_MESSAGE = 'Could not perform edit employee appointment';
export const ID_PLACEHOLDER_MESSAGE = 'Employee ID/Patient ID';
export const PATIENT_ID_PLACEHOLDER_MESSAGE = 'PXXX';
export const EMPLOYEE_ID_PLACEHOLDER_MESSAGE = 'EXXX';
export const EMPTY_VALUE_MESSAGE = '-';

/** The spec's user-facing texts, word for word, by name (the server's and the tests'). */
export const MESSAGES = {
  loginSuccess: LOGIN_SUCCESS_MESSAGE,
  registrationSuccess: REGISTRATION_SUCCESS_MESSAGE,
  wrongCredentials: WRONG_CREDENTIALS_MESSAGE,
  tokenExpired: TOKEN_EXPIRED_MESSAGE,
  loadingProfile: LOADING_PROFILE_MESSAGE,
  profileLoadFailed: PROFILE_LOAD_FAILED_MESSAGE,
  patientLoadFailed: PATIENT_LOAD_FAILED_MESSAGE,
  employeeLoadFailed: EMPLOYEE_LOAD_FAILED_MESSAGE,
  searchFailed: SEARCH_FAILED_MESSAGE,
  noResult: NO_RESULT_MESSAGE,
  noPatientData: NO_PATIENT_DATA_MESSAGE,
  noAppointment: NO_APPOINTMENT_MESSAGE,
  noDrugAllergies: NO_DRUG_ALLERGIES_MESSAGE,
  noChronicDiseases: NO_CHRONIC_DISEASES_MESSAGE,
  noMedicalHistory: NO_MEDICAL_HISTORY_MESSAGE,
  addPatientFailed: ADD_PATIENT_FAILED_MESSAGE,
  editPatientFailed: EDIT_PATIENT_FAILED_MESSAGE,
  addHistoryFailed: ADD_HISTORY_FAILED_MESSAGE,
  addEmployeeFailed: ADD_EMPLOYEE_FAILED_MESSAGE,
  editEmployeeFailed: EDIT_EMPLOYEE_FAILED_MESSAGE,
  idPlaceholder: ID_PLACEHOLDER_MESSAGE,
  patientIdPlaceholder: PATIENT_ID_PLACEHOLDER_MESSAGE,
  employeeIdPlaceholder: EMPLOYEE_ID_PLACEHOLDER_MESSAGE,
  emptyValue: EMPTY_VALUE_MESSAGE,
} as const;

/** The spec's delays and durations, in milliseconds. */
export const TIMINGS = {
  loginRedirectMs: 1000,
  registrationSwitchMs: 500,
  /** Logout waits 500 ms in one reading of the spec … */
  logoutDelayMs: 500,
  /** … and 250 ms when it starts from the top bar. */
  topBarLogoutDelayMs: 250,
  menuAnimationMs: 500,
  counterDurationMs: 2000,
} as const;

// The spec's messages of the management sections' pages (searches, add and edit forms).

export const EMPLOYEE_LOAD_FAILED_MESSAGE = 'Could not load employee information';
export const SEARCH_FAILED_MESSAGE = 'Could not perform search';
export const NO_RESULT_MESSAGE = 'No result';
export const NO_PATIENT_DATA_MESSAGE = 'No patient data available.';
export const ADD_PATIENT_FAILED_MESSAGE = 'Could not perform add patient appointment';
/** The spec gives edit patient the add text; its own name keeps each page saying what it does. */
export const EDIT_PATIENT_FAILED_MESSAGE = 'Could not perform add patient appointment';
export const ADD_HISTORY_FAILED_MESSAGE = 'Could not perform add patient history';
export const ADD_EMPLOYEE_FAILED_MESSAGE = 'Could not perform add employee appointment';
export const EDIT_EMPLOYEE_FAILED_MESSAGE = 'Could not perform edit employee appointment';
export const PATIENT_ID_PLACEHOLDER_MESSAGE = 'PXXX';
export const EMPLOYEE_ID_PLACEHOLDER_MESSAGE = 'EXXX';

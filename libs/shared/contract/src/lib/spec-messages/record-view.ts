// The spec's messages of a patient's record as it is shown (MyInfo, the chart, the search's
// record): loading, failing, and its empty parts.

export const LOADING_PROFILE_MESSAGE = 'Loading profile...';
export const PROFILE_LOAD_FAILED_MESSAGE = 'Could not load profile';
export const PATIENT_LOAD_FAILED_MESSAGE = 'Could not load patient information';
export const NO_APPOINTMENT_MESSAGE = 'No appointment';
export const NO_DRUG_ALLERGIES_MESSAGE = 'No drug allergies.';
export const NO_CHRONIC_DISEASES_MESSAGE = 'No chronic diseases.';
export const NO_MEDICAL_HISTORY_MESSAGE = 'No medical history available';
export const EMPTY_VALUE_MESSAGE = '-';

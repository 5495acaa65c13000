/*
 * The answer schemas of the prescription calls, beside answers.ts: fetched with the first of
 * those calls only, so the API layer every page loads does not carry them.
 */
export { medicationListSchema, medicationSchema, myMedicationListSchema } from '@portal/contract';
export { decodeAnswer } from './answers';

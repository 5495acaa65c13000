/*
 * Who of the medical personnel may do which clinical action, by the employee's position. Plain
 * values (no zod), so that the clinical app can hide what a person may not do without loading
 * the schemas. The server enforces the same table on every call an endpoint ties to an action
 * (endpoints.ts); the seed's own calls are not tied to one and stay open to the role.
 */
import type { PositionId } from '@portal/reference-data';

/** The clinical actions beside the seed's calls. */
export const CLINICAL_ACTIONS = [
  'read',
  'diagnose',
  'record_allergy',
  'prescribe',
  'record_vitals',
  'write_note',
  'book',
  'cancel',
  'set_status',
] as const;

/** One clinical action. */
export type ClinicalAction = (typeof CLINICAL_ACTIONS)[number];

/** The positions the matrix gives powers to: the two that make someone medical personnel. */
export type ClinicalPositionId = Extract<PositionId, 'P001' | 'P002'>;

/**
 * The matrix by position: only a Doctor (P001) diagnoses and prescribes; a Nurse (P002) records
 * allergies (asked at triage, as a Doctor also does), vitals, writes notes and books (a reschedule is a booking), as a Doctor also does (the visit a
 * doctor runs records vitals, a signed note and the follow-up); both read, cancel and record an
 * appointment's outcome (or set it back). Any other position may do none of them.
 */
export const CLINICAL_PERMISSIONS: Readonly<Record<ClinicalPositionId, readonly ClinicalAction[]>> =
  {
    // Every action: a Doctor does all that a Nurse does, and diagnoses and prescribes.
    P001: CLINICAL_ACTIONS,
    P002: ['read', 'record_allergy', 'record_vitals', 'write_note', 'book', 'cancel', 'set_status'],
  };

/** How each action reads in a refusal and in docs/api.md's table. */
export const CLINICAL_ACTION_LABELS: Readonly<Record<ClinicalAction, string>> = {
  read: 'read the clinical record',
  diagnose: 'record a diagnosis',
  record_allergy: 'record an allergy',
  prescribe: 'prescribe',
  record_vitals: 'record vital signs',
  write_note: 'write a clinical note',
  book: 'book or reschedule an appointment',
  cancel: 'cancel an appointment',
  set_status: "record or set back an appointment's outcome",
};

/** Whether someone holding `positionId` (null or unknown: no clinical position) may `action`. */
export function mayPerform(positionId: string | null | undefined, action: ClinicalAction): boolean {
  if (positionId !== 'P001' && positionId !== 'P002') return false;
  return CLINICAL_PERMISSIONS[positionId].includes(action);
}

/** The words of the 403 for an action the caller's position does not allow. */
export function actionNotAllowedMessage(action: ClinicalAction): string {
  return `Your position may not ${CLINICAL_ACTION_LABELS[action]}`;
}

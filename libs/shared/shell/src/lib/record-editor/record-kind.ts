import { MESSAGES, PREFILL_PARAMS } from '@portal/contract';

/** The records the management sections add and edit. */
export type RecordKind = keyof typeof PREFILL_PARAMS;

/** How the pages name a kind of record and its id field ("a patient", "Patient ID", `PXXX`). */
export function recordWords(kind: RecordKind) {
  return {
    article: kind === 'employee' ? ('an' as const) : ('a' as const),
    word: kind,
    title: kind === 'employee' ? 'Employee' : 'Patient',
    idField: PREFILL_PARAMS[kind],
    idPlaceholder: MESSAGES[`${kind}IdPlaceholder`],
  };
}

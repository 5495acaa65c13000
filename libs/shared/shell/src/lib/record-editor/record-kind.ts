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

/** A kind's id field as a form shows it: its name, "Patient ID", its placeholder. */
export function idFieldOf<K extends RecordKind>(kind: K) {
  const { title, idPlaceholder } = recordWords(kind);
  return { name: PREFILL_PARAMS[kind], label: `${title} ID`, placeholder: idPlaceholder };
}

/** A search's fields, in order: the id (matched by its start), then the names. */
export function recordSearchFields<K extends RecordKind>(kind: K) {
  return [
    idFieldOf(kind),
    { name: 'first_name', label: 'First Name' },
    { name: 'last_name', label: 'Last Name' },
  ] as const;
}

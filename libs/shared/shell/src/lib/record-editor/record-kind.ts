import { MESSAGES, PREFILL_PARAMS } from '@portal/contract';

/** The records the management sections add and edit. */
export type RecordKind = keyof typeof PREFILL_PARAMS;

/** How the pages name each kind of record and its id field. */
export const RECORD_KINDS = {
  patient: {
    article: 'a',
    word: 'patient',
    title: 'Patient',
    idField: PREFILL_PARAMS.patient,
    idPlaceholder: MESSAGES.patientIdPlaceholder,
  },
  employee: {
    article: 'an',
    word: 'employee',
    title: 'Employee',
    idField: PREFILL_PARAMS.employee,
    idPlaceholder: MESSAGES.employeeIdPlaceholder,
  },
} as const satisfies Record<
  RecordKind,
  {
    article: 'a' | 'an';
    word: string;
    title: string;
    idField: string;
    idPlaceholder: string;
  }
>;

import {
  EMPLOYEE_ID_PLACEHOLDER_MESSAGE,
  PATIENT_ID_PLACEHOLDER_MESSAGE,
  PREFILL_PARAMS,
} from '@portal/contract';
import type { MessageId } from '@portal/i18n';

/** The records the management sections add and edit. */
export type RecordKind = keyof typeof PREFILL_PARAMS;

/** The words of the add and edit pages for one kind of record: the catalogue's ids. */
interface RecordTexts {
  /** The record in a sentence ("patient"). */
  word: MessageId;
  /** The record as a sentence starts ("Patient"). */
  title: MessageId;
  addTitle: MessageId;
  /** `{id}`: the record added. */
  added: MessageId;
  notAdded: MessageId;
  editTitle: MessageId;
  editDescription: MessageId;
  notUpdated: MessageId;
  idLabel: MessageId;
  /** Under an edit form that has no record yet. */
  loadFirst: MessageId;
}

const TEXTS: Readonly<Record<RecordKind, RecordTexts>> = {
  patient: {
    word: 'common.recordEditor.patientWord',
    title: 'common.recordEditor.patientTitle',
    addTitle: 'common.recordEditor.addPatient',
    added: 'common.recordEditor.patientAdded',
    notAdded: 'common.recordEditor.patientNotAdded',
    editTitle: 'common.recordEditor.editPatient',
    editDescription: 'common.recordEditor.editPatientDescription',
    notUpdated: 'common.recordEditor.patientNotUpdated',
    idLabel: 'common.recordEditor.patientId',
    loadFirst: 'common.recordEditor.loadPatientFirst',
  },
  employee: {
    word: 'common.recordEditor.employeeWord',
    title: 'common.recordEditor.employeeTitle',
    addTitle: 'common.recordEditor.addEmployee',
    added: 'common.recordEditor.employeeAdded',
    notAdded: 'common.recordEditor.employeeNotAdded',
    editTitle: 'common.recordEditor.editEmployee',
    editDescription: 'common.recordEditor.editEmployeeDescription',
    notUpdated: 'common.recordEditor.employeeNotUpdated',
    idLabel: 'common.recordEditor.employeeId',
    loadFirst: 'common.recordEditor.loadEmployeeFirst',
  },
};

/**
 * How the pages name a kind of record and its id field: the English article (the lookup's
 * "Find a patient"), the catalogue's ids of the pages' words, the id field and its
 * placeholder (`PXXX`).
 */
export function recordWords(kind: RecordKind) {
  return {
    article: kind === 'employee' ? ('an' as const) : ('a' as const),
    texts: TEXTS[kind],
    idField: PREFILL_PARAMS[kind],
    idPlaceholder:
      kind === 'employee' ? EMPLOYEE_ID_PLACEHOLDER_MESSAGE : PATIENT_ID_PLACEHOLDER_MESSAGE,
  };
}

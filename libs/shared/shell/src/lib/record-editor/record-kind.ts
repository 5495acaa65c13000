import { PREFILL_PARAMS, type RecordKind } from '@portal/contract';
import type { MessageId } from '@portal/i18n';

/**
 * The words of an add page for one kind of record: the catalogue's ids (`common.patientAdd`,
 * `common.employeeAdd`). One object a kind and a page, beside the page that shows it
 * (ADD_PATIENT_WORDS in add-record-page.tsx, EDIT_PATIENT_WORDS in edit-record-page.tsx), so
 * that a page's code, and so the texts its packs must bring (lib/packs.ts in @portal/i18n),
 * holds its own words only: Add Employee none of a patient's, nor of an edit.
 */
export interface AddRecordWords {
  readonly kind: RecordKind;
  readonly title: MessageId;
  /** `{id}`: the record added. */
  readonly added: MessageId;
  readonly notAdded: MessageId;
}

/** The words of an edit page for one kind of record (`common.patientEdit`, `common.employeeEdit`). */
export interface EditRecordWords {
  readonly kind: RecordKind;
  /** The record in a sentence ("patient"). */
  readonly word: MessageId;
  /** The record as a sentence starts ("Patient"). */
  readonly title: MessageId;
  /** The English article of the lookup's "Find a patient". */
  readonly article: 'a' | 'an';
  readonly heading: MessageId;
  readonly description: MessageId;
  readonly notUpdated: MessageId;
  readonly idLabel: MessageId;
  /** The id field's placeholder (`PXXX`). */
  readonly idPlaceholder: string;
  /** Under an edit form that has no record yet. */
  readonly loadFirst: MessageId;
}

/** The field of a kind's id, in a request and in an address (`patient_id`). */
export const idFieldOf = (kind: RecordKind) => PREFILL_PARAMS[kind];

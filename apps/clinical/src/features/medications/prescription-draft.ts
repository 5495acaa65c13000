import type { CatalogueItem } from '@portal/contract';

/** What is typed in the prescription form: the drug chosen, and every other field as text. */
export interface PrescriptionDraft {
  readonly drug: CatalogueItem | null;
  readonly dose: string;
  readonly unit: string;
  readonly route: string;
  readonly frequency: string;
  readonly duration_days: string;
  readonly quantity: string;
  readonly instructions: string;
}

/** The form's text fields, in the order it shows them. */
export const PRESCRIPTION_TEXT_FIELDS = [
  'dose',
  'unit',
  'route',
  'frequency',
  'duration_days',
  'quantity',
  'instructions',
] as const;

/**
 * The form as it starts: nothing chosen, nothing typed, the route by mouth (how most
 * prescriptions of an outpatient clinic are taken; the prescriber changes it for the others).
 */
export const EMPTY_PRESCRIPTION: PrescriptionDraft = {
  drug: null,
  dose: '',
  unit: '',
  route: 'oral',
  frequency: '',
  duration_days: '',
  quantity: '',
  instructions: '',
};

/**
 * Whether anything is chosen or typed beyond how the form starts (the page's leave guard asks
 * before it is lost).
 */
export function prescriptionTyped(draft: PrescriptionDraft): boolean {
  return (
    draft.drug !== null ||
    PRESCRIPTION_TEXT_FIELDS.some((field) => draft[field].trim() !== EMPTY_PRESCRIPTION[field])
  );
}

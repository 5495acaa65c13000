import { DISEASES, DRUGS } from '@portal/reference-data';
import { SelectField, type SelectFieldProps, type SelectOption } from './select-field';

/** Every disease of the catalogue as a choice showing id and name ('I002 — tuberculosis'). */
export const DISEASE_OPTIONS: readonly SelectOption[] = DISEASES.map((d) => ({
  value: d.id,
  label: `${d.id} — ${d.name}`,
}));

/** Every drug of the catalogue as a choice showing id and name ('R002 — paracetamol'). */
export const DRUG_OPTIONS: readonly SelectOption[] = DRUGS.map((d) => ({
  value: d.id,
  label: `${d.id} — ${d.name}`,
}));

/** Props of DiseasePicker and DrugPicker: a SelectField whose options come from the catalogue. */
export type CataloguePickerProps = Omit<SelectFieldProps, 'options'>;

/** A select of the disease catalogue (I001–I011); its value is the disease id. */
export function DiseasePicker(props: CataloguePickerProps) {
  return <SelectField {...props} options={DISEASE_OPTIONS} />;
}

/** A select of the drug catalogue (R001–R011); its value is the drug id. */
export function DrugPicker(props: CataloguePickerProps) {
  return <SelectField {...props} options={DRUG_OPTIONS} />;
}

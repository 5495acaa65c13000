import { useMemo } from 'react';
import { DISEASES, DRUGS, localName } from '@portal/reference-data';
import { useLocale } from '@portal/ui';
import { SelectField, type SelectFieldProps, type SelectOption } from './select-field';

/** A catalogue's entries as choices showing id and name in `locale` ('I002 — tuberculosis'). */
function optionsOf(
  entries: readonly { readonly id: string; readonly name: string }[],
  locale: string,
): readonly SelectOption[] {
  return entries.map((entry) => ({
    value: entry.id,
    label: `${entry.id} — ${localName(entry, locale)}`,
  }));
}

/** Every disease of the catalogue as a choice showing id and name, in English. */
export const DISEASE_OPTIONS: readonly SelectOption[] = optionsOf(DISEASES, 'en');

/** Every drug of the catalogue as a choice showing id and name, in English. */
export const DRUG_OPTIONS: readonly SelectOption[] = optionsOf(DRUGS, 'en');

/** Props of DiseasePicker and DrugPicker: a SelectField whose options come from the catalogue. */
export type CataloguePickerProps = Omit<SelectFieldProps, 'options'>;

/** A select of the disease catalogue (I001–I011); its value is the disease id. */
export function DiseasePicker(props: CataloguePickerProps) {
  const locale = useLocale();
  const options = useMemo(() => optionsOf(DISEASES, locale), [locale]);
  return <SelectField {...props} options={options} />;
}

/**
 * A select of the drug catalogue (R001–R011); its value is the drug id. Clinicians pick drugs
 * by their English generic names in every language (drugNameFor), so its options are those.
 */
export function DrugPicker(props: CataloguePickerProps) {
  return <SelectField {...props} options={DRUG_OPTIONS} />;
}

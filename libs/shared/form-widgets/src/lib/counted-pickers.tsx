import { type ReactNode, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { SELECTOR_COUNT_MIN } from '@portal/contract';
import { DISEASES, DRUGS } from '@portal/reference-data';
import { useT } from '@portal/ui';
import { DiseasePicker, DrugPicker } from './catalogue-pickers';
import { FieldErrorText, FieldHint, FieldLabel, INPUT_CLASS, useFieldBase } from './field-base';

/** What each kind of list holds, as the contract shapes it, and how its pickers are called. */
const KINDS = {
  disease: {
    key: 'disease_id',
    itemLabel: 'common.counted.disease',
    max: DISEASES.length,
    Picker: DiseasePicker,
  },
  drug: {
    key: 'drug_id',
    itemLabel: 'common.counted.drug',
    max: DRUGS.length,
    Picker: DrugPicker,
  },
} as const;

/** Props of CountedPickers. */
export interface CountedPickersProps {
  /** The list in the form: `[{disease_id}]` or `[{drug_id}]`, as the patient requests carry it. */
  name: 'patient_chronic_disease' | 'patient_drug_allergy';
  kind: 'disease' | 'drug';
  /** Label of the count input, e.g. 'Number of chronic diseases'. */
  countLabel: string;
  hint?: string;
  disabled?: boolean;
  /**
   * Fields beside each picker for what an entry carries beyond its code (an allergy's reaction
   * and severity), given the entry's path in the form (`patient_drug_allergy.0`) and its label.
   */
  itemDetails?: (path: string, itemLabel: string) => ReactNode;
}

/**
 * The spec's count-driven selectors: a count input (from SELECTOR_COUNT_MIN, 0, up to the
 * catalogue's size) and that many required pickers, 'Disease 1', 'Disease 2' … or 'Drug
 * allergy 1' …, bound to the form's list. Raising the count adds empty pickers at the end;
 * lowering it removes the last ones. A duplicate or missing choice is shown on its picker, with
 * the message of the contract's schema.
 */
export function CountedPickers({
  name,
  kind,
  countLabel,
  hint,
  disabled,
  itemDetails,
}: CountedPickersProps) {
  const t = useT();
  const { key, itemLabel, max, Picker } = KINDS[kind];
  /** 'Disease 2', 'Drug allergy 1' … in the language shown. */
  const labelOf = (index: number) => t(itemLabel, { number: index + 1 });
  const { form, id, hintId, errorId, message, describedBy } = useFieldBase(name, countLabel, hint);
  const { control, trigger, getFieldState } = form;
  const { fields, append, remove } = useFieldArray({ control, name });
  // What is being typed, so that clearing the box to type another number keeps the pickers;
  // null when not typing, and the box shows how many pickers there are.
  const [draft, setDraft] = useState<string | null>(null);

  const resize = (wanted: number) => {
    const count = Math.min(Math.max(wanted, SELECTOR_COUNT_MIN), max);
    if (count > fields.length) {
      const added = Array.from({ length: count - fields.length }, () => ({ [key]: '' }));
      append(added, { shouldFocus: false });
    } else if (count < fields.length) {
      remove(Array.from({ length: fields.length - count }, (_, i) => count + i));
    }
  };

  // A duplicate is reported on the later picker; re-check the whole list after a change so
  // that the message moves or goes as soon as the choices differ.
  const recheckList = () => {
    if (getFieldState(name).invalid) void trigger(name);
  };

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div className="flex min-w-0 flex-col gap-1">
        <FieldLabel htmlFor={id}>{countLabel}</FieldLabel>
        <FieldHint id={hintId}>{hint}</FieldHint>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          className={`${INPUT_CLASS} max-w-32`}
          min={SELECTOR_COUNT_MIN}
          max={max}
          step={1}
          autoComplete="off"
          disabled={disabled}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy}
          value={draft ?? String(fields.length)}
          onChange={(event) => {
            const text = event.target.value;
            setDraft(text);
            if (/^\d+$/.test(text)) resize(Number(text));
          }}
          onBlur={() => setDraft(null)}
        />
        <FieldErrorText id={errorId} message={message} />
      </div>
      {fields.length > 0 ? (
        <ol className="flex flex-col gap-3">
          {fields.map((field, index) => (
            <li key={field.id} className="flex flex-col gap-3">
              <Picker
                name={`${name}.${index}.${key}`}
                label={labelOf(index)}
                required
                disabled={disabled}
                alsoShowErrorsOf={[`${name}.${index}`]}
                onValueChange={recheckList}
              />
              {itemDetails?.(`${name}.${index}`, labelOf(index))}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

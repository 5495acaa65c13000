import { useT } from '@portal/ui';
import { type FieldProps, FieldFrame, INPUT_CLASS, useFieldBase } from './field-base';

/** One choice of a SelectField. */
export interface SelectOption {
  readonly value: string;
  readonly label: string;
}

/** Props of SelectField. */
export interface SelectFieldProps extends Omit<FieldProps, 'placeholder'> {
  options: readonly SelectOption[];
  /** Text of the empty first option (value ''). */
  emptyLabel?: string;
  /** Further value paths whose errors this field shows (a list item's own error). */
  alsoShowErrorsOf?: readonly string[];
  /** Called after the form has taken a new choice. */
  onValueChange?: (value: string) => void;
}

/** A drop-down bound to the form value at `name`; empty ('') until something is chosen. */
export function SelectField({
  name,
  label,
  required,
  hint,
  autoComplete = 'off',
  disabled,
  options,
  emptyLabel,
  alsoShowErrorsOf,
  onValueChange,
}: SelectFieldProps) {
  const t = useT();
  const { form, id, hintId, errorId, message, describedBy } = useFieldBase(
    name,
    label,
    hint,
    alsoShowErrorsOf,
  );
  return (
    <FieldFrame {...{ id, label, required, hint, hintId, errorId, message }}>
      <select
        id={id}
        className={INPUT_CLASS}
        autoComplete={autoComplete}
        required={required}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy}
        {...form.register(name, {
          disabled,
          onChange: (event: { target: { value: string } }) => onValueChange?.(event.target.value),
        })}
      >
        <option value="">{emptyLabel ?? t('common.form.choose')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

import { type FieldProps, FieldFrame, INPUT_CLASS, useFieldBase } from './field-base';

/** Props of DateField. */
export interface DateFieldProps extends FieldProps {
  /** Earliest date the picker offers, as YYYY-MM-DD. */
  min?: string;
  /** Latest date the picker offers, as YYYY-MM-DD. */
  max?: string;
}

/** A date input; its value is the ISO `YYYY-MM-DD` the API takes (or '' when empty). */
export function DateField({
  name,
  label,
  required,
  placeholder,
  hint,
  autoComplete = 'off',
  disabled,
  min,
  max,
}: DateFieldProps) {
  const { form, id, hintId, errorId, message, describedBy } = useFieldBase(name, label, hint);
  return (
    <FieldFrame {...{ id, label, required, hint, hintId, errorId, message }}>
      <input
        id={id}
        type="date"
        className={INPUT_CLASS}
        min={min}
        max={max}
        placeholder={placeholder}
        autoComplete={autoComplete}
        required={required}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy}
        {...form.register(name, { disabled })}
      />
    </FieldFrame>
  );
}

import { type FieldProps, FieldFrame, INPUT_CLASS, useFieldBase } from './field-base';

/** Props of NumberField. */
export interface NumberFieldProps extends FieldProps {
  /** Smallest value the control offers (e.g. AGE_MIN); the schema enforces it. */
  min?: number;
  /** Largest value the control offers (e.g. AGE_MAX). */
  max?: number;
  step?: number;
}

/**
 * A whole-number input. The form holds what was typed, as a string: the contract's schemas
 * (ageSchema, salarySchema) turn a whole-number string into a number and refuse anything else.
 */
export function NumberField({
  name,
  label,
  required,
  placeholder,
  hint,
  autoComplete = 'off',
  disabled,
  min,
  max,
  step = 1,
}: NumberFieldProps) {
  const { form, id, hintId, errorId, message, describedBy } = useFieldBase(name, label, hint);
  return (
    <FieldFrame {...{ id, label, required, hint, hintId, errorId, message }}>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        className={INPUT_CLASS}
        min={min}
        max={max}
        step={step}
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

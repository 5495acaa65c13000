import { type FieldProps, FieldFrame, INPUT_CLASS, useFieldBase } from './field-base';

/** Props of DecimalField. */
export interface DecimalFieldProps extends FieldProps {
  maxLength?: number;
  /** The keypad: `decimal` (an amount, the default) or `numeric` (a whole number, days). */
  inputMode?: 'decimal' | 'numeric';
}

/**
 * An amount that may have decimals (a dose, a quantity), or with `inputMode="numeric"` a whole
 * number (days): typed as text, with the phone's decimal (or digits) keypad. The form holds what was typed; the contract's schema
 * reads the number and says what is wrong beside the field, keeping what was typed. Kept apart
 * from TextField (the forms' kit every form loads): only the forms that show an amount load it.
 */
export function DecimalField({
  name,
  label,
  required,
  placeholder,
  hint,
  autoComplete = 'off',
  disabled,
  maxLength = 12,
  inputMode = 'decimal',
}: DecimalFieldProps) {
  const { form, id, hintId, errorId, message, describedBy } = useFieldBase(name, label, hint);
  return (
    <FieldFrame {...{ id, label, required, hint, hintId, errorId, message }}>
      <input
        id={id}
        type="text"
        inputMode={inputMode}
        className={INPUT_CLASS}
        placeholder={placeholder}
        autoComplete={autoComplete}
        maxLength={maxLength}
        required={required}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy}
        {...form.register(name, { disabled })}
      />
    </FieldFrame>
  );
}

import { type FieldProps, FieldFrame, INPUT_CLASS, useFieldBase } from './field-base';

/** The hint a TimeField shows unless given another. */
export const TIME_HINT = '24-hour clock, as HH:MM or HH:MM:SS.';

/**
 * A time typed as free text, as the spec has it (`10:30`, or with seconds `10:30:00`); the
 * contract's timeSchema checks it. A text keyboard rather than a numeric one: phone number pads
 * have no colon.
 */
export function TimeField({
  name,
  label,
  required,
  placeholder = '10:30',
  hint = TIME_HINT,
  autoComplete = 'off',
  disabled,
}: FieldProps) {
  const { form, id, hintId, errorId, message, describedBy } = useFieldBase(name, label, hint);
  return (
    <FieldFrame {...{ id, label, required, hint, hintId, errorId, message }}>
      <input
        id={id}
        type="text"
        className={INPUT_CLASS}
        maxLength={8}
        spellCheck={false}
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

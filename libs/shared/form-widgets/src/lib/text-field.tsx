import { type FieldProps, FieldFrame, INPUT_CLASS, useFieldBase } from './field-base';

/** Props of TextField. */
export interface TextFieldProps extends FieldProps {
  /** `tel` brings up a phone keypad; `text` otherwise. */
  type?: 'text' | 'tel';
  maxLength?: number;
}

/** A one-line text input bound to the form value at `name`. */
export function TextField({
  name,
  label,
  required,
  placeholder,
  hint,
  autoComplete,
  disabled,
  type = 'text',
  maxLength,
}: TextFieldProps) {
  const { form, id, hintId, errorId, message, describedBy } = useFieldBase(name, label, hint);
  return (
    <FieldFrame {...{ id, label, required, hint, hintId, errorId, message }}>
      <input
        id={id}
        type={type}
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

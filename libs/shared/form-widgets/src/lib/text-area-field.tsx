import { FieldFrame, type FieldProps, INPUT_CLASS, useFieldBase } from './field-base';

/** Props of TextAreaField. */
export interface TextAreaFieldProps extends FieldProps {
  rows?: number;
  maxLength?: number;
}

/** A multi-line text input (history details, treatments) bound to the form value at `name`. */
export function TextAreaField({
  name,
  label,
  required,
  placeholder,
  hint,
  disabled,
  rows = 4,
  maxLength,
}: TextAreaFieldProps) {
  const { form, id, hintId, errorId, message, describedBy } = useFieldBase(name, label, hint);
  return (
    <FieldFrame {...{ id, label, required, hint, hintId, errorId, message }}>
      <textarea
        id={id}
        rows={rows}
        className={INPUT_CLASS}
        placeholder={placeholder}
        maxLength={maxLength}
        required={required}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy}
        {...form.register(name, { disabled })}
      />
    </FieldFrame>
  );
}

import { useState } from 'react';
import { type FieldProps, FieldFrame, INPUT_CLASS, useFieldBase } from './field-base';

/**
 * A masked password input with a "Show password" toggle, so that a long password can be
 * checked before it is sent (it starts masked, as the spec asks).
 */
export function PasswordField({
  name,
  label,
  required,
  placeholder,
  hint,
  autoComplete = 'current-password',
  disabled,
}: FieldProps) {
  const { form, id, hintId, errorId, message, describedBy } = useFieldBase(name, label, hint);
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame {...{ id, label, required, hint, hintId, errorId, message }}>
      <div className="flex gap-2">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          className={INPUT_CLASS}
          spellCheck={false}
          autoCapitalize="none"
          placeholder={placeholder}
          autoComplete={autoComplete}
          required={required}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy}
          {...form.register(name, { disabled })}
        />
        <button
          type="button"
          className="min-h-11 shrink-0 rounded-md border border-muted bg-surface px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-line disabled:text-muted"
          aria-pressed={visible}
          aria-controls={id}
          disabled={disabled}
          onClick={() => setVisible((v) => !v)}
        >
          Show password
        </button>
      </div>
    </FieldFrame>
  );
}

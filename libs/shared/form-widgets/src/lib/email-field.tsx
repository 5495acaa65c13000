import { ALLOWED_EMAIL_DOMAINS } from '@portal/reference-data';
import { type FieldProps, FieldFrame, INPUT_CLASS, useFieldBase } from './field-base';

/** "gmail.com, hotmail.com or email.com", from the one list the API checks too. */
const DOMAINS_TEXT = `${ALLOWED_EMAIL_DOMAINS.slice(0, -1).join(', ')} or ${ALLOWED_EMAIL_DOMAINS.at(-1)}`;

/** The hint an EmailField shows unless given another: the domains the portal accepts. */
export const EMAIL_DOMAINS_HINT = `Use an address at ${DOMAINS_TEXT}.`;

/** An email input; the contract's emailSchema checks the address and its domain. */
export function EmailField({
  name,
  label,
  required,
  placeholder,
  hint = EMAIL_DOMAINS_HINT,
  autoComplete = 'email',
  disabled,
}: FieldProps) {
  const { form, id, hintId, errorId, message, describedBy } = useFieldBase(name, label, hint);
  return (
    <FieldFrame {...{ id, label, required, hint, hintId, errorId, message }}>
      <input
        id={id}
        type="email"
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
    </FieldFrame>
  );
}

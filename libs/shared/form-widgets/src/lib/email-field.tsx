import { useT } from '@portal/ui';
import { type FieldProps, FieldFrame, INPUT_CLASS, useFieldBase } from './field-base';
import { FIRST_EMAIL_DOMAINS, LAST_EMAIL_DOMAIN } from './hints';

export { EMAIL_DOMAINS_HINT } from './hints';

/**
 * An email input; the contract's emailSchema checks the address and its domain. Unless given
 * another hint, it names the domains the portal accepts.
 */
export function EmailField({
  name,
  label,
  required,
  placeholder,
  hint: givenHint,
  autoComplete = 'email',
  disabled,
}: FieldProps) {
  const t = useT();
  const hint =
    givenHint ??
    t('common.form.emailHint', { domains: FIRST_EMAIL_DOMAINS, lastDomain: LAST_EMAIL_DOMAIN });
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

import { lazy, Suspense, useState } from 'react';
import { translateEnglish } from '@portal/i18n';
import { useT } from '@portal/ui';
import { type FieldProps, FieldFrame, INPUT_CLASS, useFieldBase } from './field-base';
import { NEW_PASSWORD_HINT } from './password-hint';

export { NEW_PASSWORD_HINT };

/** The strength meter and the estimate it calls, downloaded only where a form shows it. */
const PasswordStrengthMeter = lazy(() => import('./password-strength-meter'));

/** Props of PasswordField. */
export interface PasswordFieldProps extends FieldProps {
  /**
   * For a new password: the path of the form's username. The field then shows, as the person
   * types, the password's strength and why the server would refuse it (the contract's rule).
   */
  strengthFor?: string;
}

/**
 * A masked password input with a "Show password" toggle, so that a long password can be
 * checked before it is sent (it starts masked, as the spec asks); with `strengthFor`, a
 * strength meter under it.
 */
export function PasswordField({
  name,
  label,
  required,
  placeholder,
  hint,
  autoComplete = 'current-password',
  disabled,
  strengthFor,
}: PasswordFieldProps) {
  const t = useT();
  const { form, id, hintId, errorId, message, describedBy } = useFieldBase(name, label, hint);
  const [visible, setVisible] = useState(false);
  const strengthId = strengthFor ? `${id}-strength` : undefined;
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
          aria-describedby={[describedBy, strengthId].filter(Boolean).join(' ') || undefined}
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
          {t('common.password.show')}
        </button>
      </div>
      {strengthId && strengthFor && (
        <Suspense fallback={null}>
          <PasswordStrengthMeter
            id={strengthId}
            passwordField={name}
            usernameField={strengthFor}
            refused={Boolean(message)}
          />
        </Suspense>
      )}
    </FieldFrame>
  );
}

/** The password a person has now (logging in, confirming who they are): required. */
export function CurrentPasswordField({ name, label }: { name: string; label: string }) {
  return <PasswordField name={name} label={label} required autoComplete="current-password" />;
}

/**
 * A new password (registering, My account's change): required, named `new-password` for
 * password managers, the contract's rule as its hint, and the strength meter weighing it
 * against the form's `username`.
 */
export function NewPasswordField({ name, label }: { name: string; label: string }) {
  return (
    <PasswordField
      name={name}
      label={label}
      required
      autoComplete="new-password"
      hint={translateEnglish(NEW_PASSWORD_HINT)}
      strengthFor="username"
    />
  );
}

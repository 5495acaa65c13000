import { useCallback, useEffect, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import {
  PASSWORD_MIN_SCORE,
  previewPasswordStrength,
  type PasswordStrength,
  type PasswordScore,
} from '@portal/contract';
import { translateEnglish } from '@portal/i18n';
import { Msg, useT } from '@portal/ui';

/** How long typing must pause before the password is estimated again. */
export const STRENGTH_DEBOUNCE_MS = 250;

/** The bar's colour per score: each at least 3:1 against white (WCAG 1.4.11). */
const SEGMENT_COLOUR: Readonly<Record<PasswordScore, string>> = {
  0: 'bg-danger-700',
  1: 'bg-danger-700',
  2: 'bg-warning-800',
  3: 'bg-success-700',
  4: 'bg-success-700',
};

/** Props of PasswordStrengthMeter. */
export interface PasswordStrengthMeterProps {
  /** The element's id, which the password input names in its aria-describedby. */
  id: string;
  /** Path of the password in the form. */
  passwordField: string;
  /** Path of the username in the form: the rule refuses it and weighs it as an easy guess. */
  usernameField: string;
  /**
   * Whether the field shows an error for what is typed (the server's refusal after a submit):
   * the meter then says nothing that would contradict it.
   */
  refused?: boolean;
}

/**
 * The strength of the password being typed and, while it would be refused, why: the
 * contract's rule (the one the server applies, with the meter's smaller dictionaries:
 * previewPasswordStrength), estimated a moment after typing pauses. The
 * text is a polite live region, so a screen reader hears the new strength without losing its
 * place. Nothing shows while the password is empty. This module is loaded lazily (see
 * PasswordField's `strengthFor`); the estimate loads zxcvbn and the meter's dictionaries on
 * first use.
 */
export default function PasswordStrengthMeter({
  id,
  passwordField,
  usernameField,
  refused = false,
}: PasswordStrengthMeterProps) {
  const t = useT();
  const { getValues, watch } = useFormContext();
  // The two values, followed through a watch subscription (the form's own API: useWatch would
  // add to the form library's chunk on every first visit).
  const read = useCallback(
    () => ({
      password: (getValues(passwordField) as string | undefined) ?? '',
      username: (getValues(usernameField) as string | undefined) ?? '',
    }),
    [getValues, passwordField, usernameField],
  );
  const [{ password, username }, setValues] = useState(read);
  useEffect(() => {
    const subscription = watch(() => setValues(read()));
    return () => subscription.unsubscribe();
  }, [watch, read]);
  const [estimate, setEstimate] = useState<{ for: string; strength: PasswordStrength } | null>(
    null,
  );
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!password) return undefined;
    let current = true;
    const timer = setTimeout(() => {
      previewPasswordStrength(password, username).then(
        (strength) => {
          if (!current) return;
          setFailed(false);
          setEstimate({ for: password, strength });
        },
        () => {
          if (current) setFailed(true);
        },
      );
    }, STRENGTH_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [password, username]);

  // An estimate shows only while it is for what is typed (an empty field shows nothing), and
  // not as "Strong" beside the server's refusal: the meter's dictionaries are smaller than the
  // server's, which is the authority (its reason is the field's error).
  const current = password && estimate?.for === password ? estimate.strength : null;
  const strength = current && !(refused && current.acceptable) ? current : null;
  const filled = strength ? strength.score : 0;

  return (
    <div id={id} aria-live="polite" className="flex flex-col gap-1 text-sm">
      {strength && (
        <>
          <div className="flex gap-1" aria-hidden="true">
            {[1, 2, 3, 4].map((segment) => (
              <span
                key={segment}
                className={`h-1.5 flex-1 rounded-full ${
                  segment <= Math.max(filled, 1) ? SEGMENT_COLOUR[filled] : 'bg-line'
                }`}
              />
            ))}
          </div>
          <p className="text-ink">
            <Msg
              id="common.password.strength"
              values={{ label: translateEnglish(strength.label) }}
              components={{
                0: (
                  <strong
                    className={
                      strength.score >= PASSWORD_MIN_SCORE ? 'text-success-700' : 'text-danger-700'
                    }
                  />
                ),
              }}
            />
          </p>
          {strength.reason && !refused && (
            <p className="text-ink">{translateEnglish(strength.reason)}</p>
          )}
        </>
      )}
      {password && failed && !strength && (
        <p className="text-muted">{t('common.password.unchecked')}</p>
      )}
    </div>
  );
}

import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import type { TokenResponse } from '@portal/contract';
import { loginMfa } from '@portal/api-client';
import { detailOf, type StepMessage } from '@portal/shell';
import { TextField, usePortalForm } from '@portal/form-widgets';
import { t as message } from '@portal/i18n';
import { Button, useT } from '@portal/ui';

/** The code field's rule, the login call's own, loaded after the first paint (usePortalForm). */
const codeFormSchema = () =>
  import('@portal/contract/schemas').then((c) => c.mfaLoginRequestSchema.pick({ code: true }));

/**
 * The second step of a login with a second factor, in the same card: the 6-digit code from the
 * authenticator app, or one of the recovery codes. A right code gives the usual session.
 */
export function MfaCodeStep({
  mfaToken,
  onSignedIn,
  onMessage,
  onStartOver,
}: {
  mfaToken: string;
  onSignedIn: (session: TokenResponse) => Promise<void>;
  onMessage: StepMessage;
  onStartOver: () => void;
}) {
  const t = useT();
  const [recovery, setRecovery] = useState(false);
  const form = usePortalForm(codeFormSchema, { defaultValues: { code: '' } });
  const busy = form.formState.isSubmitting;

  const submit = form.handleSubmit(async ({ code }) => {
    onMessage(null);
    try {
      await onSignedIn(await loginMfa({ mfa_token: mfaToken, code }));
    } catch (error) {
      onMessage(detailOf(error, message('public.mfa.checkFailed')));
      form.resetField('code');
      form.setFocus('code');
    }
  });

  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-labelledby="mfa-code-heading"
        onSubmit={(event) => void submit(event)}
        className="mt-4 flex flex-col gap-4"
      >
        <h2 id="mfa-code-heading" className="text-lg font-semibold text-ink">
          {t('public.mfa.heading')}
        </h2>
        {recovery ? (
          <TextField
            key="recovery"
            name="code"
            label={t('public.mfa.recoveryCode')}
            required
            placeholder="XXXXX-XXXXX"
            autoComplete="off"
            hint={t('public.mfa.recoveryCodeHint')}
          />
        ) : (
          <TextField
            key="totp"
            name="code"
            label={t('public.mfa.code')}
            required
            placeholder="123456"
            autoComplete="one-time-code"
            maxLength={7}
            hint={t('public.mfa.codeHint')}
          />
        )}
        <Button type="submit" busy={busy}>
          {t('public.mfa.verify')}
        </Button>
        <div className="flex flex-wrap justify-between gap-2">
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              setRecovery(!recovery);
              form.reset({ code: '' });
              onMessage(null);
            }}
          >
            {recovery ? t('public.mfa.useAppCode') : t('public.mfa.useRecoveryCode')}
          </Button>
          <Button type="button" variant="ghost" onClick={onStartOver}>
            {t('public.mfa.startOver')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

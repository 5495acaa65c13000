import { useId, useState } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import {
  groupSecret,
  mfaConfirmRequestSchema,
  mfaSetupRequestSchema,
  type MfaSetupResponse,
} from '@portal/contract';
import { ApiError, confirmMfa, setupMfa } from '@portal/api-client';
import {
  applyServerErrors,
  CurrentPasswordField,
  PortalForm,
  TextField,
  usePortalForm,
} from '@portal/form-widgets';
import { t as translate } from '@portal/i18n';
import { Button, Notice, useT } from '@portal/ui';
import { LeaveGuard } from '../leave-guard';
import { RecoveryCodes } from './recovery-codes';
import { detailOf, type StepMessage } from './step-message';
import { MFA_ALREADY_ON, STAFF_ENROLMENT_INTRO } from './two-step-texts';

// Loaded lazily where it is offered (the login page, My account): the QR code's library reaches
// only the people who set the second factor up.

/**
 * Enrolment right after the password, when the policy requires a second factor and the account
 * has none (or a patient's own choice): the current password again (the API asks for it, so that
 * a session alone cannot enrol a factor of its own), the QR code and the key to type, then the
 * first code, then the ten recovery codes. The session (`token`) reaches only these calls until
 * the code is confirmed.
 */
export function MfaEnrolmentStep({
  token,
  intro,
  doneLabel,
  onDone,
  onMessage,
  username,
}: {
  /** The session the calls carry; absent: the signed-in user's own. */
  token?: string;
  /** Whose factor, for the recovery codes' sheet and file. */
  username?: string;
  /** What the step says first: why and how. */
  intro: string;
  /** The button under the recovery codes ("Continue" by default). */
  doneLabel?: string;
  onDone: () => Promise<void>;
  onMessage: StepMessage;
}) {
  const [setup, setSetup] = useState<MfaSetupResponse | 'password' | 'already-on'>('password');
  const [recoveryCodes, setRecoveryCodes] = useState<readonly string[] | null>(null);
  const t = useT();

  if (recoveryCodes)
    return (
      <RecoveryCodes
        codes={recoveryCodes}
        onDone={onDone}
        doneLabel={doneLabel ?? t('common.twoStep.continue')}
        {...(username ? { username } : {})}
      />
    );
  return (
    <section aria-labelledby="mfa-setup-heading" className="mt-4 flex flex-col gap-4">
      <h2 id="mfa-setup-heading" className="text-lg font-semibold text-ink">
        {t('common.twoStep.heading')}
      </h2>
      <p className="text-sm text-ink">{intro}</p>
      {setup === 'password' && (
        <ConfirmPassword token={token} onStarted={setSetup} onMessage={onMessage} />
      )}
      {setup === 'already-on' && <Notice tone="info">{t(MFA_ALREADY_ON)}</Notice>}
      {typeof setup === 'object' && (
        <>
          <SetupKey setup={setup} />
          <ConfirmCode token={token} onConfirmed={setRecoveryCodes} onMessage={onMessage} />
        </>
      )}
    </section>
  );
}

/**
 * The enrolment staff are sent to right after the password (STAFF_MFA=required), with its
 * words: what the login page loads lazily, so that nothing of the set-up (its rules, the QR
 * code's library, these words) is in the login page's first visit.
 */
export function StaffEnrolmentStep(props: Omit<Parameters<typeof MfaEnrolmentStep>[0], 'intro'>) {
  const t = useT();
  return <MfaEnrolmentStep {...props} intro={t(STAFF_ENROLMENT_INTRO)} />;
}

/**
 * The current password, which starts the set-up: a wrong one is named on its field and kept, so
 * it can be corrected; any other refusal (the lock's 429, an ended session) is the step's message.
 */
function ConfirmPassword({
  token,
  onStarted,
  onMessage,
}: {
  token: string | undefined;
  onStarted: (setup: MfaSetupResponse | 'already-on') => void;
  onMessage: StepMessage;
}) {
  const form = usePortalForm(mfaSetupRequestSchema, { defaultValues: { password: '' } });
  const t = useT();
  const busy = form.formState.isSubmitting;
  const submit = async (values: { password: string }) => {
    onMessage(null);
    try {
      onStarted(await setupMfa(values, token ? { token } : {}));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        onStarted('already-on');
        return;
      }
      const fieldErrors = error instanceof ApiError ? (error.fieldErrors ?? []) : [];
      if (applyServerErrors(form, fieldErrors).length === fieldErrors.length) {
        onMessage(detailOf(error, translate('common.twoStep.startFailed')));
      }
    }
  };
  return (
    <PortalForm
      form={form}
      aria-label={t('common.twoStep.confirmPassword')}
      onSubmit={submit}
      className="flex flex-col gap-4 self-stretch"
    >
      <p className="text-sm text-ink">{t('common.twoStep.passwordAgain')}</p>
      <CurrentPasswordField name="password" label={t('common.twoStep.currentPassword')} />
      <Button type="submit" busy={busy}>
        {t('common.twoStep.continue')}
      </Button>
    </PortalForm>
  );
}

/** The QR code for the app, and the same key to type by hand. */
function SetupKey({ setup }: { setup: MfaSetupResponse }) {
  const keyId = useId();
  const t = useT();
  return (
    <div className="flex flex-col items-center gap-3">
      <ol className="list-decimal self-stretch pl-5 text-sm text-ink">
        <li>{t('common.twoStep.openApp')}</li>
        <li>{t('common.twoStep.scan')}</li>
        <li>{t('common.twoStep.enterCode')}</li>
      </ol>
      <div className="rounded-md bg-white p-3">
        <QRCodeSVG
          value={setup.otpauth_url}
          size={176}
          level="M"
          marginSize={2}
          title={t('common.twoStep.qrCode')}
          role="img"
          aria-label={t('common.twoStep.qrCode')}
        />
      </div>
      <p className="text-sm text-ink" id={keyId}>
        {t('common.twoStep.keyToType')}
      </p>
      <p
        aria-labelledby={keyId}
        className="font-mono text-base font-semibold tracking-wider break-all text-ink select-all"
      >
        {groupSecret(setup.secret)}
      </p>
    </div>
  );
}

/** The first code from the app: it turns the second factor on. */
function ConfirmCode({
  token,
  onConfirmed,
  onMessage,
}: {
  token: string | undefined;
  onConfirmed: (codes: readonly string[]) => void;
  onMessage: StepMessage;
}) {
  const form = usePortalForm(mfaConfirmRequestSchema, { defaultValues: { code: '' } });
  const t = useT();
  const busy = form.formState.isSubmitting;
  const submit = async (values: { code: string }) => {
    onMessage(null);
    try {
      onConfirmed((await confirmMfa(values, token ? { token } : {})).recovery_codes);
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? (error.fieldErrors ?? []) : [];
      if (applyServerErrors(form, fieldErrors).length === fieldErrors.length) {
        onMessage(detailOf(error, translate('common.twoStep.codeCheckFailed')));
      }
    }
  };
  return (
    <PortalForm
      form={form}
      aria-label={t('common.twoStep.confirmCode')}
      onSubmit={submit}
      className="flex flex-col gap-4 self-stretch"
    >
      <LeaveGuard dirty={form.formState.isDirty} />
      <TextField
        name="code"
        label={t('common.twoStep.code')}
        required
        placeholder="123456"
        autoComplete="one-time-code"
        maxLength={7}
      />
      <Button type="submit" busy={busy}>
        {t('common.twoStep.turnOn')}
      </Button>
    </PortalForm>
  );
}

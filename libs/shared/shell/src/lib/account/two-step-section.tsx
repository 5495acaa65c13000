import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { type AccountSummary, MFA_REQUIRED_MESSAGE } from '@portal/contract';
import {
  queryKeys,
  toApiError,
  useDisableMfa,
  useRegenerateRecoveryCodes,
} from '@portal/api-client';
import {
  PortalForm,
  SubmitErrorNotice,
  TextField,
  usePortalForm,
  useSubmitFeedback,
} from '@portal/form-widgets';
import { type MessageId, translateEnglish } from '@portal/i18n';
import { Button, Card, LoadingState, Notice, useT } from '@portal/ui';
import { LeaveGuard } from '../leave-guard';
import { RecoveryCodes } from '../two-step/recovery-codes';
import { PATIENT_ENROLMENT_INTRO, STAFF_OPTIONAL_INTRO } from '../two-step/two-step-texts';

// The set-up brings the QR code's library: fetched when someone starts it.
const MfaEnrolmentStep = lazy(() =>
  import('../two-step/mfa-enrolment-step').then((m) => ({ default: m.MfaEnrolmentStep })),
);

// The code's rule, loaded after the first paint (usePortalForm).
const codeSchema = () =>
  import('@portal/contract/schemas').then((c) => c.accountMfaCodeRequestSchema);

/** What the section shows besides the account's state. */
type View =
  | { kind: 'idle'; outcome?: MessageId }
  | { kind: 'enrolling' }
  | { kind: 'new-codes'; codes: readonly string[] };

/**
 * The second factor in My account: turned on with the same set-up as at login (password, QR
 * code, first code, recovery codes); once on, new recovery codes or turning it off, each with a
 * current code from the app (or a recovery code). Staff under STAFF_MFA=required are told why
 * it cannot be turned off.
 */
export function TwoStepSection({ summary }: { summary: AccountSummary }) {
  const client = useQueryClient();
  const t = useT();
  const intro = t(summary.role === 'patient' ? PATIENT_ENROLMENT_INTRO : STAFF_OPTIONAL_INTRO);
  const [view, setView] = useState<View>({ kind: 'idle' });
  const [message, setMessage] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.account.all() });
  const outcomeRef = useRef<HTMLDivElement>(null);
  // An outcome takes focus when it appears: the form that was used has gone.
  useEffect(() => {
    if (view.kind === 'idle' && view.outcome) outcomeRef.current?.focus();
  }, [view]);

  if (view.kind === 'enrolling') {
    return (
      <Card title={t('common.account.twoStepTitle')}>
        {message && <Notice tone="error">{message}</Notice>}
        <Suspense fallback={<LoadingState label={t('common.account.preparingSetup')} />}>
          <MfaEnrolmentStep
            intro={intro}
            doneLabel={t('common.account.done')}
            username={summary.username}
            onMessage={setMessage}
            onDone={async () => {
              await refresh();
              setMessage(null);
              setView({ kind: 'idle', outcome: 'common.account.twoStepTurnedOn' });
            }}
          />
        </Suspense>
        <Button
          variant="ghost"
          className="mt-4"
          onClick={() => {
            setMessage(null);
            setView({ kind: 'idle' });
          }}
        >
          {t('common.account.cancelSetup')}
        </Button>
      </Card>
    );
  }

  if (view.kind === 'new-codes') {
    return (
      <Card title={t('common.account.twoStepTitle')}>
        <RecoveryCodes
          codes={view.codes}
          intro={t('common.account.newCodesIntro')}
          doneLabel={t('common.account.done')}
          username={summary.username}
          onDone={async () => setView({ kind: 'idle' })}
        />
      </Card>
    );
  }

  return (
    <Card title={t('common.account.twoStepTitle')}>
      <div className="flex flex-col gap-4">
        {view.outcome && (
          <Notice tone="success" ref={outcomeRef}>
            {t(view.outcome)}
          </Notice>
        )}
        {summary.mfa_enabled ? (
          <>
            <p className="text-ink">
              {t('common.account.twoStepOn', { left: summary.recovery_codes_left })}
            </p>
            <CodeForm
              label={t('common.account.newCodes')}
              submitLabel={t('common.account.newCodes')}
              failureTitle={t('common.account.newCodesFailed')}
              useAction={useRegenerateRecoveryCodes}
              onDone={(answer) => setView({ kind: 'new-codes', codes: answer.recovery_codes })}
            />
            {summary.mfa_required ? (
              <Notice tone="info">{translateEnglish(MFA_REQUIRED_MESSAGE)}</Notice>
            ) : (
              <CodeForm
                label={t('common.account.turnOff')}
                submitLabel={t('common.account.turnOff')}
                failureTitle={t('common.account.turnOffFailed')}
                useAction={useDisableMfa}
                onDone={() => setView({ kind: 'idle', outcome: 'common.account.twoStepTurnedOff' })}
              />
            )}
          </>
        ) : (
          <>
            <p className="text-ink">{t('common.account.twoStepOff')}</p>
            <p className="text-sm text-muted">{intro}</p>
            <Button className="self-start" onClick={() => setView({ kind: 'enrolling' })}>
              {t('common.account.turnOn')}
            </Button>
          </>
        )}
      </div>
    </Card>
  );
}

/**
 * A current code from the app (or a recovery code), which an action on the second factor asks
 * for; a wrong or just-used code is named on the field and kept.
 */
function CodeForm<T>({
  label,
  submitLabel,
  failureTitle,
  useAction,
  onDone,
}: {
  /** The form's name (each form on the page has its own). */
  label: string;
  submitLabel: string;
  failureTitle: string;
  useAction: () => { mutateAsync: (body: { code: string }) => Promise<T> };
  onDone: (answer: T) => void;
}) {
  const form = usePortalForm(codeSchema, { defaultValues: { code: '' } });
  const action = useAction();
  const { feedback, noticeRef, fail, clear } = useSubmitFeedback<never>();
  const t = useT();
  return (
    <PortalForm
      form={form}
      aria-label={label}
      className="flex flex-col gap-3 border-t border-line pt-4"
      onSubmit={async (values) => {
        clear();
        try {
          const answer = await action.mutateAsync(values);
          form.reset({ code: '' });
          onDone(answer);
        } catch (error) {
          fail(form, toApiError(error));
        }
      }}
    >
      <LeaveGuard dirty={form.formState.isDirty} />
      <h3 className="font-semibold text-ink">{label}</h3>
      <SubmitErrorNotice feedback={feedback} noticeRef={noticeRef} title={failureTitle} />
      <TextField
        name="code"
        label={t('common.account.code')}
        hint={t('common.account.codeHint')}
        required
        autoComplete="one-time-code"
        maxLength={11}
      />
      <Button
        type="submit"
        variant="secondary"
        busy={form.formState.isSubmitting}
        className="self-start"
      >
        {submitLabel}
      </Button>
    </PortalForm>
  );
}

import { useEffect, useEffectEvent, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { CANCEL_REASON_MAX } from '@portal/contract';
import { toApiError, useCancelAppointmentMutation } from '@portal/api-client';
import {
  PortalForm,
  SubmitErrorNotice,
  TextAreaField,
  usePortalForm,
  useSubmitFeedback,
} from '@portal/form-widgets';
import { Button, Dialog, useT } from '@portal/ui';

/** The dialogs' texts (lib/packs.ts in @portal/i18n): fetched with this module, before it renders. */
export { default as DIALOG_TEXTS } from '@portal/i18n/packs/page-chart-dialogs';

/** The cancel call's rules, loaded when the dialog first opens. */
const cancelSchema = () =>
  import('@portal/contract/schemas').then((c) => c.cancelAppointmentRequestSchema);

/** Props of {@link CancelDialog}. */
export interface CancelDialogProps {
  readonly patientId: string;
  readonly appointmentId: string;
  /** The appointment in words, "2026-12-03 at 10:30". */
  readonly when: string;
  /** What was typed before, for this appointment (the dialog starts with it). */
  readonly draft: string;
  /** What is typed, as it is typed: the chart keeps it, so closing the dialog loses nothing. */
  readonly onDraftChange: (draft: string) => void;
  /** Closed without cancelling. */
  readonly onClose: () => void;
  /** The appointment was cancelled. */
  readonly onCancelled: () => void;
}

/**
 * Cancels one appointment with a reason (required): the cancel call, body `{reason}`. What is
 * typed goes to the chart as it is typed, which shows it again when the dialog reopens for the
 * same appointment after Keep appointment or Escape, and holds the page's leave guard meanwhile.
 */
export function CancelDialog(props: CancelDialogProps) {
  const mutation = useCancelAppointmentMutation();
  const form = usePortalForm(cancelSchema, { defaultValues: { reason: props.draft } });
  const { feedback, noticeRef, fail, clear } = useSubmitFeedback();
  const reasonRef = useRef<HTMLElement | null>(null);
  const reason = useWatch({ control: form.control, name: 'reason' });
  const report = useEffectEvent((text: string) => props.onDraftChange(text));
  useEffect(() => report(String(reason ?? '')), [reason]);
  const close = props.onClose;
  const t = useT();
  return (
    <Dialog
      open
      title={t('clinical.cancelDialog.title')}
      description={t('clinical.cancelDialog.description', { when: props.when })}
      onClose={close}
      initialFocusRef={reasonRef}
    >
      <PortalForm
        form={form}
        aria-label={t('clinical.cancelDialog.title')}
        onSubmit={async (values) => {
          clear();
          try {
            await mutation.mutateAsync({
              ref: { patientId: props.patientId, appointmentId: props.appointmentId },
              body: values,
            });
            props.onCancelled();
          } catch (error) {
            fail(form, toApiError(error));
          }
        }}
      >
        <SubmitErrorNotice
          feedback={feedback}
          noticeRef={noticeRef}
          title={t('clinical.cancelDialog.failed')}
        />
        <div
          ref={(element) => {
            reasonRef.current = element?.querySelector('textarea') ?? null;
          }}
        >
          <TextAreaField
            name="reason"
            label={t('clinical.cancelDialog.reason')}
            required
            rows={3}
            maxLength={CANCEL_REASON_MAX}
          />
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={mutation.isPending} onClick={close}>
            {t('clinical.cancelDialog.keep')}
          </Button>
          <Button type="submit" variant="danger" busy={mutation.isPending}>
            {t('clinical.cancelDialog.submit')}
          </Button>
        </div>
      </PortalForm>
    </Dialog>
  );
}

import { useRef, useState } from 'react';
import { CANCEL_REASON_MAX, PATIENT_CANCEL_TOO_LATE_MESSAGE } from '@portal/contract';
import { toApiError, useCancelMyAppointmentMutation } from '@portal/api-client';
import {
  PortalForm,
  SubmitErrorNotice,
  TextAreaField,
  usePortalForm,
  useSubmitFeedback,
} from '@portal/form-widgets';
import { Button, Dialog, Notice, useT } from '@portal/ui';

/** The form kit's texts (lib/packs.ts in @portal/i18n): fetched with this module, before it renders. */
export { default as DIALOG_TEXTS } from '@portal/i18n/packs/page-my-info-dialogs';

/** The patient's cancel rules, loaded when the dialog first opens. */
const cancelSchema = () =>
  import('@portal/contract/schemas').then((c) => c.cancelMyAppointmentRequestSchema);

/** Props of {@link CancelMyAppointmentDialog}. */
export interface CancelMyAppointmentDialogProps {
  readonly appointmentId: string;
  /** The appointment in words, "3 Dec 2026 at 10:30". */
  readonly when: string;
  /** Closed without cancelling. */
  readonly onClose: () => void;
  /** The appointment was cancelled. */
  readonly onCancelled: () => void;
}

/**
 * The patient cancels one of their booked appointments with a reason, which the clinic reads.
 * Too close to its start the server refuses (409): the dialog then says to call the clinic,
 * in the language shown, and offers only Close.
 */
export function CancelMyAppointmentDialog(props: CancelMyAppointmentDialogProps) {
  const mutation = useCancelMyAppointmentMutation();
  const form = usePortalForm(cancelSchema, { defaultValues: { reason: '' } });
  const { feedback, noticeRef, fail, clear } = useSubmitFeedback();
  const [tooLate, setTooLate] = useState(false);
  const reasonRef = useRef<HTMLElement | null>(null);
  const t = useT();
  const close = props.onClose;
  return (
    <Dialog
      open
      title={t('public.appointments.cancelTitle')}
      description={t('public.appointments.cancelDescription', { when: props.when })}
      onClose={close}
      initialFocusRef={reasonRef}
    >
      {tooLate ? (
        <div className="flex flex-col gap-4">
          <Notice tone="warning" title={t('public.appointments.tooLateTitle')}>
            <p>{t('public.appointments.tooLate')}</p>
          </Notice>
          <div className="flex justify-end">
            <Button variant="secondary" onClick={close}>
              {t('public.appointments.close')}
            </Button>
          </div>
        </div>
      ) : (
        <PortalForm
          form={form}
          aria-label={t('public.appointments.cancelTitle')}
          onSubmit={async (values) => {
            clear();
            try {
              await mutation.mutateAsync({
                appointmentId: props.appointmentId,
                reason: values.reason,
              });
              props.onCancelled();
            } catch (error) {
              const failure = toApiError(error);
              if (
                failure.status === 409 &&
                failure.detail.includes(PATIENT_CANCEL_TOO_LATE_MESSAGE)
              )
                setTooLate(true);
              else fail(form, failure);
            }
          }}
        >
          <SubmitErrorNotice
            feedback={feedback}
            noticeRef={noticeRef}
            title={t('public.appointments.cancelFailed')}
          />
          <div
            ref={(element) => {
              reasonRef.current = element?.querySelector('textarea') ?? null;
            }}
          >
            <TextAreaField
              name="reason"
              label={t('public.appointments.cancelReason')}
              hint={t('public.appointments.cancelReasonHint')}
              required
              rows={3}
              maxLength={CANCEL_REASON_MAX}
            />
          </div>
          <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" disabled={mutation.isPending} onClick={close}>
              {t('public.appointments.keep')}
            </Button>
            <Button type="submit" variant="danger" busy={mutation.isPending}>
              {t('public.appointments.cancelSubmit')}
            </Button>
          </div>
        </PortalForm>
      )}
    </Dialog>
  );
}

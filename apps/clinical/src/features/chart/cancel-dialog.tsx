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

/** What is typed in the dialog: the message for the patient and the note for staff. */
export interface CancelDraft {
  readonly reason: string;
  readonly staff_note: string;
}

/** Props of {@link CancelDialog}. */
export interface CancelDialogProps {
  readonly patientId: string;
  readonly appointmentId: string;
  /** The appointment in words, "2026-12-03 at 10:30". */
  readonly when: string;
  /** What was typed before, for this appointment (the dialog starts with it). */
  readonly draft: CancelDraft;
  /** What is typed, as it is typed: the chart keeps it, so closing the dialog loses nothing. */
  readonly onDraftChange: (draft: CancelDraft) => void;
  /** Closed without cancelling. */
  readonly onClose: () => void;
  /** The appointment was cancelled. */
  readonly onCancelled: () => void;
}

/**
 * Cancels one appointment with a message for the patient (`reason`, shown in MyInfo) and a note
 * for staff (`staff_note`, never shown to the patient), one of them at least; each field says
 * who reads it. What is typed goes to the chart as it is typed, which shows it again when the
 * dialog reopens for the same appointment after Keep appointment or Escape, and holds the page's
 * leave guard meanwhile.
 */
export function CancelDialog(props: CancelDialogProps) {
  const mutation = useCancelAppointmentMutation();
  const form = usePortalForm(cancelSchema, { defaultValues: props.draft });
  const { feedback, noticeRef, fail, clear } = useSubmitFeedback();
  const reasonRef = useRef<HTMLElement | null>(null);
  const reason = useWatch({ control: form.control, name: 'reason' });
  const staffNote = useWatch({ control: form.control, name: 'staff_note' });
  const report = useEffectEvent((draft: CancelDraft) => props.onDraftChange(draft));
  useEffect(
    () =>
      report({
        reason: typeof reason === 'string' ? reason : '',
        staff_note: typeof staffNote === 'string' ? staffNote : '',
      }),
    [reason, staffNote],
  );
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
            hint={t('clinical.cancelDialog.reasonHint')}
            rows={3}
            maxLength={CANCEL_REASON_MAX}
          />
        </div>
        <TextAreaField
          name="staff_note"
          label={t('clinical.cancelDialog.staffNote')}
          hint={t('clinical.cancelDialog.staffNoteHint')}
          rows={3}
          maxLength={CANCEL_REASON_MAX}
        />
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

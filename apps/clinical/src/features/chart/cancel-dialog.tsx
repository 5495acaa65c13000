import { useRef } from 'react';
import { CANCEL_REASON_MAX } from '@portal/contract';
import { toApiError, useCancelAppointmentMutation } from '@portal/api-client';
import {
  PortalForm,
  SubmitErrorNotice,
  TextAreaField,
  usePortalForm,
  useSubmitFeedback,
} from '@portal/form-widgets';
import { Button, Dialog } from '@portal/ui';

/** The cancel call's rules, loaded when the dialog first opens. */
const cancelSchema = () =>
  import('@portal/contract/schemas').then((c) => c.cancelAppointmentRequestSchema);

/** Props of {@link CancelDialog}. */
export interface CancelDialogProps {
  readonly patientId: string;
  readonly appointmentId: string;
  /** The appointment in words, "2026-12-03 at 10:30". */
  readonly when: string;
  /** What was typed the last time the dialog was closed without cancelling. */
  readonly draft: string;
  /** Closed without cancelling: keeps what was typed, so a misclick loses nothing. */
  readonly onClose: (draft: string) => void;
  /** The appointment was cancelled. */
  readonly onCancelled: () => void;
}

/**
 * Cancels one appointment with a reason (required): the cancel call, body `{reason}`. Closing it
 * (Keep appointment, Escape) hands back what was typed, which the chart keeps and shows again
 * when the dialog opens for the same appointment, and which holds the page's leave guard.
 */
export function CancelDialog(props: CancelDialogProps) {
  const mutation = useCancelAppointmentMutation();
  const form = usePortalForm(cancelSchema, { defaultValues: { reason: props.draft } });
  const { feedback, noticeRef, fail, clear } = useSubmitFeedback();
  const reasonRef = useRef<HTMLElement | null>(null);
  const close = () => props.onClose(String(form.getValues('reason') ?? ''));
  return (
    <Dialog
      open
      title="Cancel appointment"
      description={`The appointment on ${props.when} is cancelled, not deleted; the reason is kept with it.`}
      onClose={close}
      initialFocusRef={reasonRef}
    >
      <PortalForm
        form={form}
        aria-label="Cancel appointment"
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
          title="The appointment was not cancelled"
        />
        <div
          ref={(element) => {
            reasonRef.current = element?.querySelector('textarea') ?? null;
          }}
        >
          <TextAreaField
            name="reason"
            label="Reason"
            required
            rows={3}
            maxLength={CANCEL_REASON_MAX}
          />
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={mutation.isPending} onClick={close}>
            Keep appointment
          </Button>
          <Button type="submit" variant="danger" busy={mutation.isPending}>
            Cancel appointment
          </Button>
        </div>
      </PortalForm>
    </Dialog>
  );
}

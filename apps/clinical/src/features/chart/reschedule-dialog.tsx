import { useEffect, useEffectEvent, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import type { ChartAppointment, RescheduleResponse } from '@portal/contract';
import { toApiError, useRescheduleAppointmentMutation } from '@portal/api-client';
import {
  DateField,
  PortalForm,
  SubmitErrorNotice,
  TextField,
  TimeField,
  usePortalForm,
  useSubmitFeedback,
} from '@portal/form-widgets';
import { Button, Dialog } from '@portal/ui';
import { ClinicianField, LengthField } from '../appointments/booking-fields';
import type { RescheduleDraft } from './reschedule-start';

/** The reschedule call's rules, loaded when the dialog first opens. */
const rescheduleSchema = () =>
  import('@portal/contract/schemas').then((c) => c.rescheduleAppointmentRequestSchema);

/** Props of {@link RescheduleDialog}. */
export interface RescheduleDialogProps {
  readonly patientId: string;
  readonly appointment: ChartAppointment;
  /** What was typed before, for this appointment (the form starts with it). */
  readonly draft: RescheduleDraft;
  /** What the form holds, as it changes: the chart keeps it, so closing loses nothing. */
  readonly onDraftChange: (draft: RescheduleDraft) => void;
  /** Closed without rescheduling. */
  readonly onClose: () => void;
  readonly onRescheduled: (answer: RescheduleResponse) => void;
}

/**
 * Moves an appointment: the old one is cancelled (with the reason, "Rescheduled" when none is
 * given) and a new one booked, the two linked, in one call. What is typed goes to the chart as
 * it changes, so closing the dialog loses nothing.
 */
export function RescheduleDialog(props: RescheduleDialogProps) {
  const mutation = useRescheduleAppointmentMutation();
  const form = usePortalForm(rescheduleSchema, { defaultValues: props.draft });
  const { feedback, noticeRef, fail, clear } = useSubmitFeedback();
  const firstRef = useRef<HTMLElement | null>(null);
  const a = props.appointment;
  const values = useWatch({ control: form.control });
  const report = useEffectEvent((draft: RescheduleDraft) => props.onDraftChange(draft));
  useEffect(() => report(values as RescheduleDraft), [values]);
  const close = props.onClose;
  return (
    <Dialog
      open
      title="Reschedule appointment"
      description={`The appointment on ${a.date} at ${a.time.slice(0, 5)} is cancelled and a new one booked in its place.`}
      onClose={close}
      initialFocusRef={firstRef}
    >
      <PortalForm
        form={form}
        aria-label="Reschedule appointment"
        onSubmit={async (values) => {
          clear();
          try {
            const answer = await mutation.mutateAsync({
              ref: { patientId: props.patientId, appointmentId: a.appointment_id },
              body: values,
            });
            props.onRescheduled(answer);
          } catch (error) {
            fail(form, toApiError(error));
          }
        }}
      >
        <SubmitErrorNotice
          feedback={feedback}
          noticeRef={noticeRef}
          title="The appointment was not rescheduled"
        />
        <div
          className="grid gap-4 sm:grid-cols-2"
          ref={(element) => {
            firstRef.current = element?.querySelector('input') ?? null;
          }}
        >
          <DateField name="date" label="New date" required />
          <TimeField name="time" label="New time" required clock />
          <LengthField />
          <ClinicianField />
        </div>
        <TextField name="reason" label="Reason" hint="Left empty: “Rescheduled”." />
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={mutation.isPending} onClick={close}>
            Keep as it is
          </Button>
          <Button type="submit" busy={mutation.isPending}>
            Reschedule
          </Button>
        </div>
      </PortalForm>
    </Dialog>
  );
}

import { useRef } from 'react';
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

/** The reschedule call's rules, loaded when the dialog first opens. */
const rescheduleSchema = () =>
  import('@portal/contract/schemas').then((c) => c.rescheduleAppointmentRequestSchema);

/** What the reschedule form holds (as typed: strings). */
export interface RescheduleDraft {
  date: string;
  time: string;
  duration_minutes: string;
  clinician_id: string;
  reason: string;
}

/** The form's start for an appointment: the same clinician and length, a new date and time. */
export function rescheduleStart(a: ChartAppointment): RescheduleDraft {
  return {
    date: '',
    time: '',
    duration_minutes: String(a.duration_minutes),
    clinician_id: a.clinician?.employee_id ?? '',
    reason: '',
  };
}

/** Props of {@link RescheduleDialog}. */
export interface RescheduleDialogProps {
  readonly patientId: string;
  readonly appointment: ChartAppointment;
  /** What the form held the last time it was closed without rescheduling. */
  readonly draft: RescheduleDraft;
  /** Closed without rescheduling: keeps what was typed. */
  readonly onClose: (draft: RescheduleDraft) => void;
  readonly onRescheduled: (answer: RescheduleResponse) => void;
}

/**
 * Moves an appointment: the old one is cancelled (with the reason, "Rescheduled" when none is
 * given) and a new one booked, the two linked, in one call. Closing it keeps what was typed.
 */
export function RescheduleDialog(props: RescheduleDialogProps) {
  const mutation = useRescheduleAppointmentMutation();
  const form = usePortalForm(rescheduleSchema, { defaultValues: props.draft });
  const { feedback, noticeRef, fail, clear } = useSubmitFeedback();
  const firstRef = useRef<HTMLElement | null>(null);
  const a = props.appointment;
  const close = () => props.onClose(form.getValues() as RescheduleDraft);
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

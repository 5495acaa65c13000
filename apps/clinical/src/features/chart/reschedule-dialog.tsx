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
import { Button, Dialog, useFormat, useT } from '@portal/ui';
import { ClinicianField, LengthField } from '../appointments/booking-fields';
import type { RescheduleDraft } from './reschedule-start';

/** The dialogs' texts (lib/packs.ts in @portal/i18n): fetched with this module, before it renders. */
export { default as DIALOG_TEXTS } from '@portal/i18n/packs/page-chart-dialogs';

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
  const t = useT();
  const format = useFormat();
  const when = t('clinical.chartAppointments.when', {
    date: format.day(a.date),
    time: a.time.slice(0, 5),
  });
  return (
    <Dialog
      open
      title={t('clinical.rescheduleDialog.title')}
      description={t('clinical.rescheduleDialog.description', { when })}
      onClose={close}
      initialFocusRef={firstRef}
    >
      <PortalForm
        form={form}
        aria-label={t('clinical.rescheduleDialog.title')}
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
          title={t('clinical.rescheduleDialog.failed')}
        />
        <div
          className="grid gap-4 sm:grid-cols-2"
          ref={(element) => {
            firstRef.current = element?.querySelector('input') ?? null;
          }}
        >
          <DateField name="date" label={t('clinical.rescheduleDialog.newDate')} required />
          <TimeField name="time" label={t('clinical.rescheduleDialog.newTime')} required clock />
          <LengthField />
          <ClinicianField />
        </div>
        <TextField
          name="reason"
          label={t('clinical.rescheduleDialog.reason')}
          hint={t('clinical.rescheduleDialog.reasonHint')}
        />
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={mutation.isPending} onClick={close}>
            {t('clinical.rescheduleDialog.keep')}
          </Button>
          <Button type="submit" busy={mutation.isPending}>
            {t('clinical.rescheduleDialog.submit')}
          </Button>
        </div>
      </PortalForm>
    </Dialog>
  );
}

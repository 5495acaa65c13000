import { type ReactNode, useState } from 'react';
import {
  APPOINTMENT_STATUS_LABELS,
  type AppointmentOutcome,
  type AppointmentStatus,
} from '@portal/contract';
import { toApiError, useSetAppointmentStatusMutation } from '@portal/api-client';
import { useMayPerform } from '@portal/auth';
import { t as translate, translateEnglish } from '@portal/i18n';
import { Button, Notice, useT } from '@portal/ui';

/** What the outcome buttons of a list share: one mutation and one notice of its last result. */
export interface Outcome {
  readonly mark: (
    patientId: string,
    appointmentId: string,
    status: AppointmentOutcome,
    who: string,
  ) => void;
  /** The appointment being marked, if any. */
  readonly pendingId: string | null;
  /** The last result in words, or null. */
  readonly notice: ReactNode;
}

/** The mutation that marks appointments attended or no-show, and a notice of how it went. */
export function useOutcome(): Outcome {
  const mutation = useSetAppointmentStatusMutation();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const pending = mutation.isPending ? (mutation.variables?.ref.appointmentId ?? null) : null;
  return {
    pendingId: pending,
    mark: (patientId, appointmentId, status, who) => {
      setResult(null);
      mutation.mutate(
        { ref: { patientId, appointmentId }, status },
        {
          onSuccess: () =>
            setResult({
              ok: true,
              text: translate('clinical.appointments.marked', {
                who,
                status: translateEnglish(APPOINTMENT_STATUS_LABELS[status]),
              }),
            }),
          onError: (error) =>
            setResult({
              ok: false,
              text: translate('clinical.appointments.markFailed', {
                who,
                status: translateEnglish(APPOINTMENT_STATUS_LABELS[status]).toLowerCase(),
                detail: toApiError(error).detail,
              }),
            }),
        },
      );
    },
    notice: result && (
      <Notice tone={result.ok ? 'success' : 'error'}>
        <p>{result.text}</p>
      </Notice>
    ),
  };
}

/**
 * "Mark attended" and "No-show" for a booked appointment (nothing for any other status, which
 * is final). Each button's name starts with its text and carries whose appointment it is, so a
 * list of them reads apart (an `aria-label`: a visually hidden part would be read after a pause
 * in some browsers, "Mark attended : …").
 */
export function OutcomeButtons({
  appointment,
  patientId,
  who,
  outcome,
}: {
  appointment: { appointment_id: string; status: AppointmentStatus };
  patientId: string;
  /** The appointment in words, "Malee Srisuk at 09:30". */
  who: string;
  outcome: Outcome;
}) {
  const t = useT();
  const may = useMayPerform();
  if (appointment.status !== 'booked' || !may('set_status')) return null;
  const busy = outcome.pendingId === appointment.appointment_id;
  const mark = (status: AppointmentOutcome) =>
    outcome.mark(patientId, appointment.appointment_id, status, who);
  return (
    <div className="flex flex-wrap gap-2 print:hidden">
      <Button
        variant="secondary"
        className="min-h-9 px-3"
        busy={busy}
        aria-label={t('clinical.appointments.markAttendedLabel', { who })}
        onClick={() => mark('fulfilled')}
      >
        {t('clinical.appointments.markAttended')}
      </Button>
      <Button
        variant="ghost"
        className="min-h-9 px-3"
        disabled={busy}
        aria-label={t('clinical.appointments.noShowLabel', { who })}
        onClick={() => mark('noshow')}
      >
        {t('clinical.appointments.noShow')}
      </Button>
    </div>
  );
}

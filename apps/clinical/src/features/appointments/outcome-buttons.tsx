import { type ReactNode, useId, useState } from 'react';
import {
  APPOINTMENT_STATUS_LABELS,
  type AppointmentStatus,
  type AppointmentStatusChange,
  appointmentHasStarted,
  outcomeMayBeUndone,
  STATUS_UNDO_REASON_MAX,
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
    status: AppointmentStatusChange,
    who: string,
    reason?: string,
  ) => void;
  /** The appointment being changed, if any. */
  readonly pendingId: string | null;
  /** The last result in words, or null. */
  readonly notice: ReactNode;
}

/** The mutation that records an outcome or sets it back, and a notice of how it went. */
export function useOutcome(): Outcome {
  const mutation = useSetAppointmentStatusMutation();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const pending = mutation.isPending ? (mutation.variables?.ref.appointmentId ?? null) : null;
  return {
    pendingId: pending,
    mark: (patientId, appointmentId, status, who, reason) => {
      setResult(null);
      const label = translateEnglish(APPOINTMENT_STATUS_LABELS[status]);
      mutation.mutate(
        { ref: { patientId, appointmentId }, status, ...(reason === undefined ? {} : { reason }) },
        {
          onSuccess: () =>
            setResult({
              ok: true,
              text:
                status === 'booked'
                  ? translate('clinical.appointments.undone', { who })
                  : translate('clinical.appointments.marked', { who, status: label }),
            }),
          onError: (error) => {
            const detail = toApiError(error).detail;
            setResult({
              ok: false,
              text:
                status === 'booked'
                  ? translate('clinical.appointments.undoFailed', { who, detail })
                  : translate('clinical.appointments.markFailed', {
                      who,
                      status: label.toLowerCase(),
                      detail,
                    }),
            });
          },
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
 * "Record as attended" and, once the appointment has started, "Record as no-show" for a booked
 * appointment; "Set back to booked" (with a reason) for an outcome recorded on the hospital's
 * today; nothing otherwise, nor for a position that may not change an appointment's status.
 * Each button's name starts with its text and carries whose appointment it is, so a list of
 * them reads apart (an `aria-label`: a visually hidden part would be read after a pause in some
 * browsers, "Record as attended : …").
 */
export function OutcomeButtons({
  appointment,
  patientId,
  who,
  outcome,
}: {
  appointment: {
    appointment_id: string;
    status: AppointmentStatus;
    date: string;
    time: string;
    outcome_recorded_at: string | null;
  };
  patientId: string;
  /** The appointment in words, "Malee Srisuk at 09:30". */
  who: string;
  outcome: Outcome;
}) {
  const t = useT();
  const may = useMayPerform();
  if (!may('set_status')) return null;
  const busy = outcome.pendingId === appointment.appointment_id;
  const mark = (status: AppointmentStatusChange, reason?: string) =>
    outcome.mark(patientId, appointment.appointment_id, status, who, reason);
  if (appointment.status !== 'booked') {
    return outcomeMayBeUndone(appointment) ? (
      <SetBackToBooked who={who} busy={busy} onSetBack={(reason) => mark('booked', reason)} />
    ) : null;
  }
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
      {appointmentHasStarted(appointment) && (
        <Button
          variant="ghost"
          className="min-h-9 px-3"
          disabled={busy}
          aria-label={t('clinical.appointments.noShowLabel', { who })}
          onClick={() => mark('noshow')}
        >
          {t('clinical.appointments.noShow')}
        </Button>
      )}
    </div>
  );
}

/** "Set back to booked": opens a reason field (required) and the confirmation beside it. */
function SetBackToBooked({
  who,
  busy,
  onSetBack,
}: {
  who: string;
  busy: boolean;
  onSetBack: (reason: string) => void;
}) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  if (!open) {
    return (
      <Button
        variant="ghost"
        className="min-h-9 px-3 print:hidden"
        aria-label={t('clinical.appointments.undoLabel', { who })}
        onClick={() => setOpen(true)}
      >
        {t('clinical.appointments.undo')}
      </Button>
    );
  }
  return (
    <form
      className="flex flex-col gap-2 print:hidden"
      onSubmit={(event) => {
        event.preventDefault();
        if (reason.trim() !== '') onSetBack(reason.trim());
      }}
    >
      <label htmlFor={`${id}-reason`} className="text-sm font-medium">
        {t('clinical.appointments.undoReason')}
      </label>
      <p id={`${id}-hint`} className="text-xs text-muted">
        {t('clinical.appointments.undoReasonHint')}
      </p>
      <textarea
        id={`${id}-reason`}
        aria-describedby={`${id}-hint`}
        required
        rows={2}
        maxLength={STATUS_UNDO_REASON_MAX}
        className="block w-full rounded-md border border-muted bg-surface px-3 py-2 text-base text-ink"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="secondary" className="min-h-9 px-3" busy={busy}>
          {t('clinical.appointments.undoConfirm')}
        </Button>
        <Button
          variant="ghost"
          className="min-h-9 px-3"
          disabled={busy}
          onClick={() => {
            setOpen(false);
            setReason('');
          }}
        >
          {t('clinical.appointments.undoKeep')}
        </Button>
      </div>
    </form>
  );
}

import { lazy, type ReactNode, Suspense, useState } from 'react';
import { type ChartAppointment, personName, todayUtc } from '@portal/contract';
import { usePatientAppointments } from '@portal/api-client';
import { LeaveGuard } from '@portal/shell';
import { Button, Card, Notice, RecordTable, type RecordTableColumn } from '@portal/ui';
import { OutcomeButtons, useOutcome } from '../appointments/outcome-buttons';
import { LengthText, StatusBadge, TimeText } from '../appointments/status-badge';
import { type RescheduleDraft, rescheduleStart } from './reschedule-start';

// The dialogs and their forms (react-hook-form, the widgets) load when one first opens: a
// chart opened to be read does not download them.
const CancelDialog = lazy(() =>
  import('./cancel-dialog').then((m) => ({ default: m.CancelDialog })),
);
const RescheduleDialog = lazy(() =>
  import('./reschedule-dialog').then((m) => ({ default: m.RescheduleDialog })),
);

/** Shown when the patient has no appointment at all. */
export const NO_APPOINTMENTS = 'No appointments.';
/** Shown when the list could not be loaded (the rest of the chart still shows). */
export const APPOINTMENTS_FAILED = 'Error: Could not load the appointments';

/** How many appointments a page of the chart's list asks for. */
export const CHART_APPOINTMENTS_PAGE = 20;

type Action = { kind: 'cancel' | 'reschedule'; appointment: ChartAppointment } | null;

/**
 * The topic, and for a cancelled appointment why; a reschedule's two appointments name each
 * other ("Moved to …", "Moved from …") when the other is in the list.
 */
function TopicText({ a, all }: { a: ChartAppointment; all: readonly ChartAppointment[] }) {
  const other = (id: string | null) => (id ? all.find((b) => b.appointment_id === id) : undefined);
  const to = other(a.rescheduled_to);
  const from = other(a.rescheduled_from);
  return (
    <span className="[overflow-wrap:anywhere]">
      {a.topic || '-'}
      {a.status === 'cancelled' && a.cancel_reason && (
        <span className="block text-xs text-muted">Reason: {a.cancel_reason}</span>
      )}
      {to && (
        <span className="block text-xs text-muted">
          Moved to {to.date} at {to.time.slice(0, 5)}
        </span>
      )}
      {from && (
        <span className="block text-xs text-muted">
          Moved from {from.date} at {from.time.slice(0, 5)}
        </span>
      )}
    </span>
  );
}

/**
 * Every appointment of the patient (GET /patient/{id}/appointments, newest first, a page at a
 * time): the upcoming ones first, soonest first, then the past ones, most recent first, each
 * with its length, clinician, status and who booked it. A booked one can be cancelled (with a
 * reason), rescheduled, or marked attended or no-show. What is typed in the cancel and
 * reschedule dialogs survives closing them (a misclick) and holds the page's leave guard.
 */
export function ChartAppointments({ patientId }: { patientId: string }) {
  const appointments = usePatientAppointments(patientId, { limit: CHART_APPOINTMENTS_PAGE });
  const outcome = useOutcome();
  const [action, setAction] = useState<Action>(null);
  const [cancelDrafts, setCancelDrafts] = useState<Record<string, string>>({});
  const [moveDrafts, setMoveDrafts] = useState<Record<string, RescheduleDraft>>({});
  const [done, setDone] = useState<ReactNode>(null);
  const items = appointments.data?.pages.flatMap((page) => page.items) ?? [];
  const total = appointments.data?.pages[0]?.total ?? 0;
  const today = todayUtc();
  const upcoming = items.filter((a) => a.date >= today).reverse();
  const past = items.filter((a) => a.date < today);
  const unsaved =
    Object.values(cancelDrafts).some((d) => d.trim() !== '') ||
    Object.entries(moveDrafts).some(([id, d]) => {
      const a = items.find((i) => i.appointment_id === id);
      return a !== undefined && JSON.stringify(d) !== JSON.stringify(rescheduleStart(a));
    });

  const when = (a: ChartAppointment) => `${a.date} at ${a.time.slice(0, 5)}`;
  const columns: readonly RecordTableColumn<ChartAppointment>[] = [
    { header: 'Date', cell: (a) => <span className="tabular-nums">{a.date}</span>, nowrap: true },
    { header: 'Time', cell: (a) => <TimeText time={a.time} />, nowrap: true },
    { header: 'Length', cell: (a) => <LengthText minutes={a.duration_minutes} />, nowrap: true },
    { header: 'Clinician', cell: (a) => personName(a.clinician) },
    { header: 'Status', cell: (a) => <StatusBadge status={a.status} />, nowrap: true },
    { header: 'Topic', cell: (a) => <TopicText a={a} all={items} /> },
    { header: 'Booked by', cell: (a) => personName(a.recorded_by) },
    {
      header: 'Actions',
      srOnlyHeader: true,
      cell: (a) =>
        a.status === 'booked' ? (
          <div className="flex flex-col gap-2 print:hidden">
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                className="min-h-9 px-3"
                aria-label={`Cancel: ${when(a)}`}
                onClick={() => setAction({ kind: 'cancel', appointment: a })}
              >
                Cancel
              </Button>
              <Button
                variant="secondary"
                className="min-h-9 px-3"
                aria-label={`Reschedule: ${when(a)}`}
                onClick={() => setAction({ kind: 'reschedule', appointment: a })}
              >
                Reschedule
              </Button>
            </div>
            <OutcomeButtons
              appointment={a}
              patientId={patientId}
              who={`The appointment on ${when(a)}`}
              outcome={outcome}
            />
          </div>
        ) : null,
    },
  ];
  const table = (caption: string, rows: ChartAppointment[]) => (
    <RecordTable
      caption={caption}
      columns={columns}
      rows={rows}
      rowKey={(a) => a.appointment_id}
      stackBelow="lg"
    />
  );

  let body;
  if (appointments.isPending) body = <p className="text-muted">Loading appointments...</p>;
  else if (appointments.isError && items.length === 0)
    body = (
      <p role="alert" className="font-medium text-danger-800">
        {APPOINTMENTS_FAILED}
      </p>
    );
  else if (items.length === 0) body = <p className="text-muted">{NO_APPOINTMENTS}</p>;
  else
    body = (
      <div className="flex flex-col gap-6">
        <p className="text-sm text-muted">
          Showing {items.length} of {total}.
        </p>
        {upcoming.length > 0 && table('Upcoming', upcoming)}
        {past.length > 0 && table('Past', past)}
      </div>
    );

  const a = action?.appointment;
  return (
    <Card title="Appointments">
      {/* Also while a dialog is open: Back or closing the tab would lose what it holds. */}
      <LeaveGuard dirty={unsaved} />
      <div className="flex flex-col gap-4">
        {outcome.notice}
        {done}
        {body}
      </div>
      {appointments.hasNextPage && (
        <Button
          variant="secondary"
          className="mt-4 print:hidden"
          busy={appointments.isFetchingNextPage}
          onClick={() => void appointments.fetchNextPage()}
        >
          Show more appointments
        </Button>
      )}
      <Suspense fallback={null}>
        {action?.kind === 'cancel' && a && (
          <CancelDialog
            patientId={patientId}
            appointmentId={a.appointment_id}
            when={when(a)}
            draft={cancelDrafts[a.appointment_id] ?? ''}
            onDraftChange={(draft) => setCancelDrafts((d) => ({ ...d, [a.appointment_id]: draft }))}
            onClose={() => setAction(null)}
            onCancelled={() => {
              setCancelDrafts(({ [a.appointment_id]: _, ...rest }) => rest);
              setAction(null);
              setDone(
                <Notice tone="success">
                  <p>The appointment on {when(a)} was cancelled.</p>
                </Notice>,
              );
            }}
          />
        )}
        {action?.kind === 'reschedule' && a && (
          <RescheduleDialog
            patientId={patientId}
            appointment={a}
            draft={moveDrafts[a.appointment_id] ?? rescheduleStart(a)}
            onDraftChange={(draft) => setMoveDrafts((d) => ({ ...d, [a.appointment_id]: draft }))}
            onClose={() => setAction(null)}
            onRescheduled={(answer) => {
              setMoveDrafts(({ [a.appointment_id]: _, ...rest }) => rest);
              setAction(null);
              setDone(
                <Notice tone={answer.warnings.length ? 'warning' : 'success'}>
                  <p>
                    The appointment on {when(a)} was moved to {when(answer.booked)}.
                  </p>
                  {answer.warnings.map((w) => (
                    <p key={w.code}>{w.message}.</p>
                  ))}
                </Notice>,
              );
            }}
          />
        )}
      </Suspense>
    </Card>
  );
}

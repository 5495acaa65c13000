import { lazy, type ReactNode, Suspense, useState } from 'react';
import { type ChartAppointment, hospitalToday, personName } from '@portal/contract';
import { usePatientAppointments } from '@portal/api-client';
import { useMayPerform } from '@portal/auth';
import { LeaveGuard } from '@portal/shell';
import { requirePack, translateEnglish } from '@portal/i18n';
import {
  Button,
  Card,
  ErrorState,
  Notice,
  RecordTable,
  type RecordTableColumn,
  useFormat,
  useT,
} from '@portal/ui';
import { OutcomeButtons, useOutcome } from '../appointments/outcome-buttons';
import { LengthText, StatusBadge, TimeText } from '../appointments/status-badge';
import { type RescheduleDraft, rescheduleStart } from './reschedule-start';
import type { CancelDraft } from './cancel-dialog';

const EMPTY_CANCEL_DRAFT: CancelDraft = { reason: '', staff_note: '' };

// The dialogs, their forms (react-hook-form, the widgets) and their texts load when one first
// opens: a chart opened to be read does not download them.
const CancelDialog = lazy(() =>
  import('./cancel-dialog').then(async (m) => {
    await requirePack(m.DIALOG_TEXTS);
    return { default: m.CancelDialog };
  }),
);
const RescheduleDialog = lazy(() =>
  import('./reschedule-dialog').then(async (m) => {
    await requirePack(m.DIALOG_TEXTS);
    return { default: m.RescheduleDialog };
  }),
);

/** How many appointments a page of the chart's list asks for. */
export const CHART_APPOINTMENTS_PAGE = 20;

type Action = { kind: 'cancel' | 'reschedule'; appointment: ChartAppointment } | null;

/**
 * The topic, and for a cancelled appointment why; a reschedule's two appointments name each
 * other ("Moved to …", "Moved from …") when the other is in the list.
 */
function TopicText({
  a,
  all,
  when,
}: {
  a: ChartAppointment;
  all: readonly ChartAppointment[];
  when: (a: ChartAppointment) => string;
}) {
  const t = useT();
  const other = (id: string | null) => (id ? all.find((b) => b.appointment_id === id) : undefined);
  const to = other(a.rescheduled_to);
  const from = other(a.rescheduled_from);
  return (
    <span className="[overflow-wrap:anywhere]">
      {a.topic || '-'}
      {a.status === 'cancelled' && a.cancel_reason && (
        <span className="block text-xs text-muted">
          {t('clinical.chartAppointments.reason', { reason: a.cancel_reason })}
        </span>
      )}
      {a.status === 'cancelled' && a.staff_note && (
        <span className="block text-xs text-muted">
          {t('clinical.chartAppointments.staffNote', { note: a.staff_note })}
        </span>
      )}
      {to && (
        <span className="block text-xs text-muted">
          {t('clinical.chartAppointments.movedTo', { when: when(to) })}
        </span>
      )}
      {from && (
        <span className="block text-xs text-muted">
          {t('clinical.chartAppointments.movedFrom', { when: when(from) })}
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
  const may = useMayPerform();
  const [action, setAction] = useState<Action>(null);
  const [cancelDrafts, setCancelDrafts] = useState<Record<string, CancelDraft>>({});
  const [moveDrafts, setMoveDrafts] = useState<Record<string, RescheduleDraft>>({});
  const [done, setDone] = useState<ReactNode>(null);
  const t = useT();
  const format = useFormat();
  const items = appointments.data?.pages.flatMap((page) => page.items) ?? [];
  const total = appointments.data?.pages[0]?.total ?? 0;
  const today = hospitalToday();
  const upcoming = items.filter((a) => a.date >= today).reverse();
  const past = items.filter((a) => a.date < today);
  const unsaved =
    Object.values(cancelDrafts).some((d) => d.reason.trim() !== '' || d.staff_note.trim() !== '') ||
    Object.entries(moveDrafts).some(([id, d]) => {
      const a = items.find((i) => i.appointment_id === id);
      return a !== undefined && JSON.stringify(d) !== JSON.stringify(rescheduleStart(a));
    });

  const when = (a: { date: string; time: string }) =>
    t('clinical.chartAppointments.when', { date: format.day(a.date), time: a.time.slice(0, 5) });
  const columns: readonly RecordTableColumn<ChartAppointment>[] = [
    {
      header: t('clinical.appointments.column.date'),
      cell: (a) => <span className="tabular-nums">{format.day(a.date)}</span>,
      nowrap: true,
    },
    {
      header: t('clinical.appointments.column.time'),
      cell: (a) => <TimeText time={a.time} />,
      nowrap: true,
    },
    {
      header: t('clinical.appointments.column.length'),
      cell: (a) => <LengthText minutes={a.duration_minutes} />,
      nowrap: true,
    },
    { header: t('clinical.appointments.column.clinician'), cell: (a) => personName(a.clinician) },
    {
      header: t('clinical.appointments.column.status'),
      cell: (a) => <StatusBadge status={a.status} />,
      nowrap: true,
    },
    {
      header: t('clinical.appointments.column.topic'),
      cell: (a) => <TopicText a={a} all={items} when={when} />,
    },
    { header: t('clinical.appointments.column.bookedBy'), cell: (a) => personName(a.recorded_by) },
    {
      header: t('clinical.appointments.column.actions'),
      srOnlyHeader: true,
      cell: (a) =>
        a.status === 'booked' ? (
          <div className="flex flex-col gap-2 print:hidden">
            <div className="flex flex-wrap gap-2">
              {may('cancel') && (
                <Button
                  variant="secondary"
                  className="min-h-9 px-3"
                  aria-label={t('clinical.chartAppointments.cancelLabel', { when: when(a) })}
                  onClick={() => setAction({ kind: 'cancel', appointment: a })}
                >
                  {t('clinical.chartAppointments.cancel')}
                </Button>
              )}
              {may('book') && (
                <Button
                  variant="secondary"
                  className="min-h-9 px-3"
                  aria-label={t('clinical.chartAppointments.rescheduleLabel', { when: when(a) })}
                  onClick={() => setAction({ kind: 'reschedule', appointment: a })}
                >
                  {t('clinical.chartAppointments.reschedule')}
                </Button>
              )}
            </div>
            <OutcomeButtons
              appointment={a}
              patientId={patientId}
              who={t('clinical.chartAppointments.theAppointment', { when: when(a) })}
              outcome={outcome}
            />
          </div>
        ) : (
          <OutcomeButtons
            appointment={a}
            patientId={patientId}
            who={t('clinical.chartAppointments.theAppointment', { when: when(a) })}
            outcome={outcome}
          />
        ),
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
  if (appointments.isPending)
    body = <p className="text-muted">{t('clinical.chartAppointments.loading')}</p>;
  else if (appointments.isError && items.length === 0)
    body = <ErrorState variant="inline">{t('clinical.chartAppointments.failed')}</ErrorState>;
  else if (items.length === 0)
    body = <p className="text-muted">{t('clinical.chartAppointments.empty')}</p>;
  else
    body = (
      <div className="flex flex-col gap-6">
        <p className="text-sm text-muted">
          {t('clinical.chartAppointments.showing', {
            shown: format.number(items.length),
            total: format.number(total),
          })}
        </p>
        {upcoming.length > 0 && table(t('clinical.chartAppointments.upcoming'), upcoming)}
        {past.length > 0 && table(t('clinical.chartAppointments.past'), past)}
      </div>
    );

  const a = action?.appointment;
  return (
    <Card title={t('clinical.chartAppointments.title')}>
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
          {t('clinical.chartAppointments.showMore')}
        </Button>
      )}
      <Suspense fallback={null}>
        {action?.kind === 'cancel' && a && (
          <CancelDialog
            patientId={patientId}
            appointmentId={a.appointment_id}
            when={when(a)}
            draft={cancelDrafts[a.appointment_id] ?? EMPTY_CANCEL_DRAFT}
            onDraftChange={(draft) => setCancelDrafts((d) => ({ ...d, [a.appointment_id]: draft }))}
            onClose={() => setAction(null)}
            onCancelled={() => {
              setCancelDrafts(({ [a.appointment_id]: _, ...rest }) => rest);
              setAction(null);
              setDone(
                <Notice tone="success">
                  <p>{t('clinical.chartAppointments.cancelled', { when: when(a) })}</p>
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
                    {t('clinical.chartAppointments.moved', {
                      when: when(a),
                      newWhen: when(answer.booked),
                    })}
                  </p>
                  {answer.warnings.map((w) => (
                    <p key={w.code}>
                      {t('clinical.appointments.warning', {
                        warning: translateEnglish(w.message),
                      })}
                    </p>
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

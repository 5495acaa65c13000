import { useSearchParams } from 'react-router-dom';
import {
  hospitalToday,
  patientChartPath,
  patientVisitPath,
  personName,
  type DayAppointment,
} from '@portal/contract';
import { useAuth, useMayPerform } from '@portal/auth';
import { useDayAppointments } from '@portal/api-client';
import {
  Button,
  EmptyState,
  ErrorState,
  LinkButton,
  LoadingState,
  PageHeading,
  PortalLink,
  RecordTable,
  type RecordTableColumn,
  useFormat,
  useT,
} from '@portal/ui';
import { OutcomeButtons, useOutcome } from '../appointments/outcome-buttons';
import { LengthText, StatusBadge, TimeText } from '../appointments/status-badge';
import type { Pack } from '@portal/i18n';
import clinicalTodayTexts from '@portal/i18n/packs/clinical-today';

/** The page's texts (lib/packs.ts in @portal/i18n): its route fetches them before it renders. */
export const PAGE_TEXTS: readonly Pack[] = [clinicalTodayTexts];

/** How many appointments a page of the day's list asks for. */
export const TODAY_PAGE = 50;

/** The address's parameter that keeps the Mine / All choice (so Back and a reload keep it). */
const SHOW_PARAM = 'show';
type Show = 'mine' | 'all';

/** Mine / All as two radio buttons that look like one switch; arrow keys move between them. */
function ShowSwitch({
  show,
  onChange,
  canShowMine,
}: {
  show: Show;
  onChange: (show: Show) => void;
  canShowMine: boolean;
}) {
  const t = useT();
  const options: { value: Show; label: string }[] = [
    { value: 'mine', label: t('clinical.today.showMine') },
    { value: 'all', label: t('clinical.today.showAll') },
  ];
  return (
    <fieldset className="flex flex-wrap items-center gap-3">
      <legend className="sr-only">{t('clinical.today.showLegend')}</legend>
      <span aria-hidden="true" className="text-sm font-semibold text-ink">
        {t('clinical.today.show')}
      </span>
      <div className="inline-flex rounded-lg border border-brand-700 p-0.5">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-10 cursor-pointer items-center rounded-md px-4 text-sm font-semibold text-brand-800 has-checked:bg-brand-700 has-checked:text-white has-disabled:cursor-not-allowed has-disabled:opacity-60 has-focus-visible:outline-3 has-focus-visible:outline-focus"
          >
            <input
              type="radio"
              name="today-show"
              value={option.value}
              className="sr-only"
              checked={show === option.value}
              disabled={option.value === 'mine' && !canShowMine}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const patientName = (a: DayAppointment) => `${a.first_name} ${a.last_name}`;

/**
 * The day's columns: time, length, the patient (a link to the chart), status, clinician, and
 * for a booked appointment "Start visit" (for those who may write its note) and the buttons that
 * mark it attended or no-show.
 */
function dayColumns(
  outcome: ReturnType<typeof useOutcome>,
  t: ReturnType<typeof useT>,
  mayStartVisit: boolean,
): readonly RecordTableColumn<DayAppointment>[] {
  return [
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
    {
      header: t('clinical.appointments.column.patient'),
      cell: (a) => (
        <span>
          <PortalLink
            to={patientChartPath(a.patient_id)}
            className="font-semibold text-brand-800 underline underline-offset-2"
          >
            {patientName(a)}
          </PortalLink>{' '}
          <span className="font-mono text-xs whitespace-nowrap text-muted">{a.patient_id}</span>
        </span>
      ),
    },
    {
      header: t('clinical.appointments.column.status'),
      // A cancellation with the patient's words (or staff's), as the chart shows it.
      cell: (a) => (
        <>
          <StatusBadge status={a.status} />
          {a.status === 'cancelled' && a.cancel_reason && (
            <span className="mt-1 block whitespace-normal text-muted [overflow-wrap:anywhere]">
              {a.cancel_reason}
            </span>
          )}
        </>
      ),
      nowrap: true,
    },
    { header: t('clinical.appointments.column.clinician'), cell: (a) => personName(a.clinician) },
    {
      header: t('clinical.appointments.column.actions'),
      srOnlyHeader: true,
      cell: (a) => {
        const who = t('clinical.today.who', { name: patientName(a), time: a.time.slice(0, 5) });
        return (
          <div className="flex flex-col gap-2">
            {mayStartVisit && a.status === 'booked' && (
              <div className="print:hidden">
                <LinkButton
                  className="min-h-9 px-3"
                  to={patientVisitPath(a.patient_id, a.appointment_id)}
                  aria-label={t('clinical.today.startVisitLabel', { who })}
                >
                  {t('clinical.today.startVisit')}
                </LinkButton>
              </div>
            )}
            <OutcomeButtons appointment={a} patientId={a.patient_id} who={who} outcome={outcome} />
          </div>
        );
      },
    },
  ];
}

/**
 * Today (`/patients-management/today`): the day's appointments in time order, the signed-in
 * clinician's own ("Mine", their employee id) or everyone's ("All"), a page at a time. Each
 * patient's name opens their chart; a booked appointment can be marked attended or no-show.
 */
export function TodayPage() {
  const { claims } = useAuth();
  const employeeId = claims?.employee_id;
  const [params, setParams] = useSearchParams();
  const show: Show = params.get(SHOW_PARAM) === 'all' || !employeeId ? 'all' : 'mine';
  const date = hospitalToday();
  const day = useDayAppointments(
    { date, ...(show === 'mine' && employeeId ? { clinicianId: employeeId } : {}) },
    { limit: TODAY_PAGE },
  );
  const outcome = useOutcome();
  const may = useMayPerform();
  const t = useT();
  const format = useFormat();
  const items = day.data?.pages.flatMap((page) => page.items) ?? [];
  const total = day.data?.pages[0]?.total ?? items.length;

  let body;
  if (day.isPending) body = <LoadingState label={t('clinical.today.loading')} />;
  else if (day.isError && items.length === 0)
    body = <ErrorState>{t('clinical.today.failed')}</ErrorState>;
  else if (items.length === 0)
    body = (
      <EmptyState>
        {show === 'mine' ? t('clinical.today.emptyMine') : t('clinical.today.emptyAll')}
      </EmptyState>
    );
  else
    body = (
      <div className="flex flex-col gap-3">
        <p className="text-sm text-muted" aria-live="polite">
          {t('clinical.today.showing', {
            shown: format.number(items.length),
            total: format.number(total),
          })}
        </p>
        <RecordTable
          caption={
            show === 'mine' ? t('clinical.today.captionMine') : t('clinical.today.captionAll')
          }
          captionHidden
          columns={dayColumns(outcome, t, may('write_note'))}
          rows={items}
          rowKey={(a) => a.appointment_id}
          stackBelow="lg"
        />
        {day.hasNextPage && (
          <div>
            <Button
              variant="secondary"
              busy={day.isFetchingNextPage}
              onClick={() => void day.fetchNextPage()}
            >
              {t('clinical.today.loadMore')}
            </Button>
          </div>
        )}
      </div>
    );

  return (
    <div className="flex flex-col gap-4">
      <PageHeading description={t('clinical.today.description', { date: format.day(date) })}>
        {t('clinical.today.title')}
      </PageHeading>
      <ShowSwitch
        show={show}
        canShowMine={employeeId !== undefined}
        onChange={(next) =>
          setParams(next === 'all' ? { [SHOW_PARAM]: 'all' } : {}, { replace: true })
        }
      />
      {outcome.notice}
      <section aria-label={t('clinical.today.sectionLabel')} aria-busy={day.isFetching}>
        {body}
      </section>
    </div>
  );
}

import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import {
  APPOINTMENT_STATUS_LABELS,
  type ChartAppointment,
  EMPTY_VALUE_MESSAGE,
  hospitalToday,
  PATIENT_LOAD_FAILED_MESSAGE,
  type PatientRecord,
  patientChartPath,
  personName,
  ROUTES,
} from '@portal/contract';
import { useMayPerform } from '@portal/auth';
import {
  isApiError,
  toApiError,
  usePatient,
  usePatientAppointments,
  useSetAppointmentStatusMutation,
} from '@portal/api-client';
import { requirePack, translateEnglish, type Pack } from '@portal/i18n';
import {
  Button,
  Card,
  ErrorState,
  LoadingState,
  Notice,
  PageHeading,
  PortalLink,
  useFormat,
  useT,
} from '@portal/ui';
import { OutcomeButtons, useOutcome } from '../appointments/outcome-buttons';
import { StatusBadge } from '../appointments/status-badge';
// Through the chart's module: what the chart shows and the visit shares stays in the chart's
// chunk (a chunk split off for both would make the chart's first visit larger).
import { AllergyAlert, CHART_APPOINTMENTS_PAGE, ClinicalLists } from '../chart/patient-chart-page';
import visitPageTexts from '@portal/i18n/packs/page-visit';

/** The page's texts (lib/packs.ts in @portal/i18n): its route fetches them before it renders. */
export const PAGE_TEXTS: readonly Pack[] = [visitPageTexts];

// The vital signs, notes and prescriptions load with their texts once the visit shows, as on the
// chart (the same module: what the chart loaded is not loaded again).
const VisitSections = lazy(() =>
  import('./visit-sections').then(async (m) => {
    await requirePack(m.VISIT_TEXTS);
    return { default: m.VisitSections };
  }),
);

// The follow-up booking (the form, its rules and its texts) loads once the visit is finished.
const FollowUpForm = lazy(() =>
  import('./follow-up-form').then(async (m) => {
    await requirePack(m.FOLLOW_UP_TEXTS);
    return { default: m.FollowUpForm };
  }),
);

const linkClasses = 'font-semibold text-brand-800 underline underline-offset-2';

/**
 * The appointment of the path among the patient's (the chart's pages, in its cache), asking for
 * the next page while it is not found and there are more.
 */
function useVisitAppointment(patientId: string, appointmentId: string) {
  const appointments = usePatientAppointments(patientId, { limit: CHART_APPOINTMENTS_PAGE });
  const items = appointments.data?.pages.flatMap((page) => page.items) ?? [];
  const found = items.find((a) => a.appointment_id === appointmentId);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = appointments;
  const more = !found && hasNextPage;
  useEffect(() => {
    if (more && !isFetchingNextPage) void fetchNextPage();
  }, [more, isFetchingNextPage, fetchNextPage]);
  return {
    appointment: found,
    pending: appointments.isPending || (more ?? false),
    failed: appointments.isError && !found,
  };
}

/** The patient and the appointment: who, and which visit, in a few lines under the heading. */
function VisitHeader({
  patient,
  appointment,
}: {
  patient: PatientRecord['patient'];
  appointment: ChartAppointment;
}) {
  const t = useT();
  const format = useFormat();
  // The contract's mark for an empty value, as the chart shows one.
  const shown = (value: string | number | null | undefined) =>
    value === null || value === undefined || value === ''
      ? translateEnglish(EMPTY_VALUE_MESSAGE)
      : String(value);
  const items: [string, string][] = [
    [t('clinical.visitPage.patientId'), patient.patient_id],
    [
      t('clinical.visitPage.dateOfBirth'),
      shown(patient.date_of_birth ? format.day(patient.date_of_birth) : null),
    ],
    [t('clinical.visitPage.age'), shown(patient.age)],
    [
      t('clinical.visitPage.appointment'),
      t('clinical.visitPage.when', {
        date: format.day(appointment.date),
        time: appointment.time.slice(0, 5),
      }),
    ],
    [
      t('clinical.visitPage.clinician'),
      shown(appointment.clinician ? personName(appointment.clinician) : null),
    ],
    [t('clinical.visitPage.reason'), shown(appointment.topic)],
  ];
  return (
    <section aria-label={t('clinical.visitPage.identifiers')}>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 min-[400px]:grid-cols-2 lg:grid-cols-4">
        {items.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm font-medium text-muted">{label}</dt>
            <dd className="text-ink [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
        <div>
          <dt className="text-sm font-medium text-muted">{t('clinical.visitPage.status')}</dt>
          <dd>
            <StatusBadge status={appointment.status} />
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** Back to the patient's chart. */
function BackToChart({ patientId }: { patientId: string }) {
  const t = useT();
  return (
    <p>
      <PortalLink to={patientChartPath(patientId)} className={linkClasses}>
        {t('clinical.chart.backTo', { patientId })}
      </PortalLink>
    </p>
  );
}

/** Back to Today, where the day's next patient is. */
function BackToToday() {
  const t = useT();
  return (
    <p>
      <PortalLink to={ROUTES.today} className={linkClasses}>
        {t('clinical.visitPage.backToToday')}
      </PortalLink>
    </p>
  );
}

/**
 * Finish visit: records the appointment attended (the status call; the server refuses what its
 * rules refuse, and the refusal is shown), then offers the follow-up booking and the way back to
 * Today, where the next patient is. An attended visit can be set back to booked on its day (the
 * outcome buttons' rule), should Finish have been a slip.
 */
function FinishVisit({
  patientId,
  appointment,
  who,
}: {
  patientId: string;
  appointment: ChartAppointment;
  who: string;
}) {
  const t = useT();
  const may = useMayPerform();
  const mutation = useSetAppointmentStatusMutation();
  const outcome = useOutcome();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result) noticeRef.current?.focus();
  }, [result]);
  // Set back to booked after a finish: the finish's notice no longer holds (adjusted as the
  // status changes, during the render).
  const [seenStatus, setSeenStatus] = useState(appointment.status);
  if (seenStatus !== appointment.status) {
    setSeenStatus(appointment.status);
    if (appointment.status === 'booked' && result?.ok) setResult(null);
  }
  const finish = () => {
    setResult(null);
    mutation.mutate(
      {
        ref: { patientId, appointmentId: appointment.appointment_id },
        status: 'fulfilled',
      },
      {
        onSuccess: () => setResult({ ok: true, text: t('clinical.visitPage.finished') }),
        onError: (error) =>
          setResult({
            ok: false,
            text: t('clinical.visitPage.finishFailed', { detail: toApiError(error).detail }),
          }),
      },
    );
  };
  const status = appointment.status;
  let body: ReactNode;
  if (status === 'booked') {
    body = may('set_status') ? (
      <div className="flex flex-col gap-3">
        <p className="text-sm text-muted">{t('clinical.visitPage.finishHint')}</p>
        <div>
          <Button busy={mutation.isPending} onClick={finish}>
            {t('clinical.visitPage.finish')}
          </Button>
        </div>
      </div>
    ) : null;
  } else if (status === 'fulfilled') {
    body = (
      <div className="flex flex-col gap-4">
        {!result?.ok && <p className="font-medium text-ink">{t('clinical.visitPage.attended')}</p>}
        <OutcomeButtons
          appointment={appointment}
          patientId={patientId}
          who={who}
          outcome={outcome}
        />
        <BackToToday />
        {may('book') && (
          <Suspense fallback={<LoadingState label={t('clinical.visitPage.followUpLoading')} />}>
            <FollowUpForm
              patientId={patientId}
              clinicianId={appointment.clinician?.employee_id ?? ''}
              time={appointment.time.slice(0, 5)}
            />
          </Suspense>
        )}
      </div>
    );
  } else {
    body = (
      <div className="flex flex-col gap-4">
        <p className="text-muted">
          {t('clinical.visitPage.closed', {
            status: translateEnglish(APPOINTMENT_STATUS_LABELS[status]).toLowerCase(),
          })}
        </p>
        <OutcomeButtons
          appointment={appointment}
          patientId={patientId}
          who={who}
          outcome={outcome}
        />
        <BackToToday />
      </div>
    );
  }
  return (
    <Card title={t('clinical.visitPage.finishTitle')}>
      <div className="flex flex-col gap-4">
        {result && (
          <Notice ref={noticeRef} tabIndex={-1} tone={result.ok ? 'success' : 'error'}>
            <p>{result.text}</p>
          </Notice>
        )}
        {/* Set back to booked, and how it went, whichever the status is now. */}
        {outcome.notice}
        {body}
      </div>
    </Card>
  );
}

/** The visit: the patient's alert and lists, this visit's records, and Finish visit. */
function Visit({ record, appointment }: { record: PatientRecord; appointment: ChartAppointment }) {
  const p = record.patient;
  const t = useT();
  const format = useFormat();
  const who = t('clinical.visitPage.who', {
    name: `${p.first_name} ${p.last_name}`,
    time: appointment.time.slice(0, 5),
  });
  return (
    <div className="flex flex-col gap-6">
      <AllergyAlert patientId={p.patient_id} allergies={record.patient_drug_allergy} />
      <VisitHeader patient={p} appointment={appointment} />
      {appointment.date !== hospitalToday() && (
        <Notice tone="info">
          <p>{t('clinical.visitPage.notToday', { date: format.day(appointment.date) })}</p>
        </Notice>
      )}
      <Suspense fallback={<LoadingState label={t('clinical.visitPage.sectionsLoading')} />}>
        <VisitSections patientId={p.patient_id} appointmentId={appointment.appointment_id} />
      </Suspense>
      <ClinicalLists patientId={p.patient_id} addingProblemFirst />
      <FinishVisit patientId={p.patient_id} appointment={appointment} who={who} />
      <BackToChart patientId={p.patient_id} />
    </div>
  );
}

/**
 * One visit on one screen, `/patients-management/patient/:patientId/visit/:appointmentId`
 * (Today's "Start visit"): the patient's identifiers and allergy alert, this visit's vital
 * signs, note (tied to the appointment), diagnoses (the problem list) and prescriptions, and
 * "Finish visit", which records the appointment attended and offers the follow-up booking.
 * The ids come from the path unless given (stories).
 */
export function PatientVisitPage({
  patientId: givenPatient,
  appointmentId: givenAppointment,
}: {
  patientId?: string;
  appointmentId?: string;
}) {
  const params = useParams();
  const patientId = (givenPatient ?? params['patientId'] ?? '').trim().toUpperCase();
  const appointmentId = (givenAppointment ?? params['appointmentId'] ?? '').trim();
  const record = usePatient(patientId);
  const visit = useVisitAppointment(patientId, appointmentId);
  const t = useT();

  let heading: ReactNode = t('clinical.visitPage.title');
  let body: ReactNode;
  if (record.isPending || (visit.pending && !visit.appointment))
    body = <LoadingState label={t('clinical.visitPage.loading')} />;
  else if (record.isError) {
    const notFound =
      isApiError(record.error) && (record.error.status === 404 || record.error.status === 400);
    body = (
      <ErrorState>
        {notFound
          ? t('clinical.chart.notFound', { patientId })
          : t('clinical.chart.loadFailed', {
              message: translateEnglish(PATIENT_LOAD_FAILED_MESSAGE),
            })}
      </ErrorState>
    );
  } else if (visit.failed) body = <ErrorState>{t('clinical.visitPage.loadFailed')}</ErrorState>;
  else if (!visit.appointment)
    body = (
      <div className="flex flex-col gap-4">
        <ErrorState>{t('clinical.visitPage.notFound', { patientId, appointmentId })}</ErrorState>
        <BackToChart patientId={patientId} />
      </div>
    );
  else {
    const p = record.data.patient;
    heading = t('clinical.visitPage.heading', { name: `${p.first_name} ${p.last_name}` });
    body = <Visit record={record.data} appointment={visit.appointment} />;
  }

  return (
    <div className="flex flex-col">
      <PageHeading description={t('clinical.visitPage.description')}>{heading}</PageHeading>
      {body}
    </div>
  );
}

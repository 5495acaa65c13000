import { lazy, type ReactNode, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import {
  EMPTY_VALUE_MESSAGE,
  NO_MEDICAL_HISTORY_MESSAGE,
  PATIENT_LOAD_FAILED_MESSAGE,
  type PatientRecord,
  personName,
  prefilledPath,
  ROUTES,
} from '@portal/contract';
import { isApiError, usePatient } from '@portal/api-client';
import { type MessageId, requirePack, t as translate, translateEnglish } from '@portal/i18n';
import type { Pack } from '@portal/i18n';
import {
  Button,
  Card,
  CatalogueList,
  DetailList,
  ErrorState,
  LinkButton,
  LoadingState,
  PageHeading,
  PortalLink,
  PrintRunningHeader,
  shownValue,
  useFormat,
  useT,
} from '@portal/ui';
import { ChartAppointments } from './chart-appointments';
import { AllergyAlert } from './allergy-alert';
import { ClinicalLists } from './clinical-lists';
import { ContactChanges } from './contact-changes';
import chartPageTexts from '@portal/i18n/packs/page-chart';

// What the visit view shows as the chart does, imported from here so that it stays in the
// chart's chunk: shared as modules of their own, they would be split off into a chunk of their
// own and the chart's first visit would grow.
export { AllergyAlert, ClinicalLists };
export { CHART_APPOINTMENTS_PAGE } from './chart-appointments';

/** The page's texts (lib/packs.ts in @portal/i18n): its route fetches them before it renders. */
export const PAGE_TEXTS: readonly Pack[] = [chartPageTexts];

// The vital signs (their trend plot too) and the signed notes load with their texts once the
// chart shows: the chart's first visit does not carry them.
const VisitSections = lazy(() =>
  import('../visit/visit-sections').then(async (m) => {
    await requirePack(m.VISIT_TEXTS);
    return { default: m.VisitSections };
  }),
);

/** A value of the record as shown: the contract's mark for an empty one. */
const shown = (value: string | number | null | undefined) => translateEnglish(shownValue(value));

/**
 * What tops every printed page of the chart, so that a page separated from the first still
 * names its patient; in the language shown, the date of birth as a day is written in it.
 */
export function printedHeader(
  p: PatientRecord['patient'],
  day: (iso: string) => string = (iso) => iso,
): string {
  return translate('clinical.chart.printedHeader', {
    name: `${p.first_name} ${p.last_name}`,
    patientId: p.patient_id,
    dateOfBirth: shown(p.date_of_birth ? day(p.date_of_birth) : p.date_of_birth),
  });
}

/**
 * Every field of the patient's record, in the order of the add form, with the record's words as
 * MyInfo and the search show them (`common.records`: the chart's pack holds no form's words).
 */
function detailsOf(
  p: PatientRecord['patient'],
  t: ReturnType<typeof useT>,
  day: (iso: string) => string,
): [string, string][] {
  const choice = (value: string | null, words: Record<string, MessageId>) => {
    const id = value ? words[value] : undefined;
    return id ? t(id) : shown(value);
  };
  return [
    [t('common.records.patientId'), shown(p.patient_id)],
    [t('common.records.firstName'), shown(p.first_name)],
    [t('common.records.lastName'), shown(p.last_name)],
    [t('common.records.age'), shown(p.age)],
    [t('common.records.dateOfBirth'), shown(p.date_of_birth ? day(p.date_of_birth) : null)],
    [
      t('common.records.gender'),
      choice(p.gender, {
        male: 'common.records.choiceMale',
        female: 'common.records.choiceFemale',
      }),
    ],
    [t('common.records.bloodType'), shown(p.blood_type)],
    [t('common.records.email'), shown(p.email)],
    [
      t('common.records.healthInsurance'),
      choice(p.health_insurance, {
        yes: 'common.records.choiceYes',
        no: 'common.records.choiceNo',
      }),
    ],
    [t('common.records.address'), shown(p.address)],
    [t('common.records.phoneNumber'), shown(p.phone_number)],
    [t('common.records.idCardNumber'), shown(p.id_card_number)],
    [t('common.records.ongoingTreatment'), shown(p.ongoing_treatment)],
    [t('common.records.unhealthyHabits'), shown(p.unhealthy_habits)],
  ];
}

/** The whole medical history as a timeline, newest first. */
function HistoryTimeline({ history }: { history: PatientRecord['medical_history'] }) {
  const t = useT();
  const format = useFormat();
  if (history.length === 0)
    return <p className="text-muted">{translateEnglish(NO_MEDICAL_HISTORY_MESSAGE)}</p>;
  return (
    <ol className="relative ml-2 flex flex-col gap-4 border-l-2 border-brand-700 pl-5">
      {history.map((entry, index) => (
        <li key={`${entry.date}-${entry.time}-${index}`} className="relative">
          <span
            aria-hidden="true"
            className="absolute top-1.5 -left-[1.72rem] size-3 rounded-full border-2 border-brand-700 bg-surface"
          />
          <p className="text-sm font-semibold text-brand-800">
            <time dateTime={`${entry.date}T${entry.time}`}>
              {format.dayTime(`${entry.date} ${entry.time.slice(0, 5)}`)}
            </time>
          </p>
          <p className="whitespace-pre-line text-ink [overflow-wrap:anywhere]">
            {entry.details || translateEnglish(EMPTY_VALUE_MESSAGE)}
          </p>
          <p className="text-xs text-muted">
            {t('clinical.chart.recordedBy', { name: personName(entry.recorded_by) })}
          </p>
        </li>
      ))}
    </ol>
  );
}

/** The chart's actions: each opens one of the spec's pages with the Patient ID filled in. */
function ChartActions({ patientId }: { patientId: string }) {
  const t = useT();
  return (
    <div className="flex flex-wrap gap-3 print:hidden">
      <LinkButton to={prefilledPath(ROUTES.editPatient, 'patient', patientId)}>
        {t('clinical.chart.edit')}
      </LinkButton>
      <LinkButton
        variant="secondary"
        to={prefilledPath(ROUTES.addAppointment, 'patient', patientId)}
      >
        {t('clinical.chart.bookAppointment')}
      </LinkButton>
      <LinkButton variant="secondary" to={prefilledPath(ROUTES.addHistory, 'patient', patientId)}>
        {t('clinical.chart.addHistory')}
      </LinkButton>
      <Button variant="ghost" onClick={() => window.print()}>
        {t('clinical.chart.print')}
      </Button>
    </div>
  );
}

function Chart({ record }: { record: PatientRecord }) {
  const p = record.patient;
  const t = useT();
  const format = useFormat();
  return (
    <div className="flex flex-col gap-6">
      <AllergyAlert patientId={p.patient_id} allergies={record.patient_drug_allergy} />
      <ChartActions patientId={p.patient_id} />
      <ClinicalLists patientId={p.patient_id} />
      <Suspense fallback={<LoadingState label={t('clinical.chart.visitLoading')} />}>
        <VisitSections patientId={p.patient_id} />
      </Suspense>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t('clinical.chart.personalDetails')}>
          <DetailList items={detailsOf(p, t, format.day)} />
        </Card>
        <div className="flex flex-col gap-6">
          <Card title={t('clinical.chart.chronicDiseases')}>
            <CatalogueList
              catalogue="disease"
              reader="clinician"
              codes={record.patient_chronic_disease.map(({ disease_id }) => disease_id)}
            />
          </Card>
        </div>
      </div>
      {/* Full width: eight columns and their actions do not fit half the page. */}
      <ChartAppointments patientId={p.patient_id} />
      <Card title={t('clinical.chart.medicalHistory')}>
        <HistoryTimeline history={record.medical_history} />
      </Card>
      <ContactChanges patientId={p.patient_id} />
    </div>
  );
}

/**
 * A patient's chart, `/patients-management/patient/:patientId`: the whole record
 * with the drug allergies as an alert at the top, every appointment and the history as a
 * timeline, and the actions a clinician starts from. Prints as the record alone. The id comes
 * from the path unless given (stories).
 */
export function PatientChartPage({ patientId: given }: { patientId?: string }) {
  const fromPath = useParams()['patientId'] ?? '';
  const patientId = (given ?? fromPath).trim().toUpperCase();
  const record = usePatient(patientId);
  const t = useT();
  const format = useFormat();

  let heading: ReactNode = t('clinical.chart.title');
  let body: ReactNode;
  if (record.isPending) body = <LoadingState label={t('clinical.chart.loading')} />;
  else if (record.isError) {
    // An id of the wrong form (400) names no patient either.
    const notFound =
      isApiError(record.error) && (record.error.status === 404 || record.error.status === 400);
    body = (
      <div className="flex flex-col gap-4">
        <ErrorState>
          {notFound
            ? t('clinical.chart.notFound', { patientId })
            : t('clinical.chart.loadFailed', {
                message: translateEnglish(PATIENT_LOAD_FAILED_MESSAGE),
              })}
        </ErrorState>
        <p>
          <PortalLink to={ROUTES.searchPatient} className="font-semibold text-brand-800 underline">
            {t('clinical.chart.findPatient')}
          </PortalLink>
        </p>
      </div>
    );
  } else {
    const p = record.data.patient;
    heading = `${p.first_name} ${p.last_name}`;
    body = (
      <PrintRunningHeader header={printedHeader(p, format.day)}>
        <Chart record={record.data} />
      </PrintRunningHeader>
    );
  }

  return (
    <div className="flex flex-col">
      <PageHeading description={t('clinical.chart.description', { patientId })}>
        {heading}
      </PageHeading>
      {body}
    </div>
  );
}

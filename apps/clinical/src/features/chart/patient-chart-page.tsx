import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import {
  ALLERGY_SEVERITY_LABELS,
  allergySeverityRank,
  MESSAGES,
  type PatientRecord,
  personName,
  prefilledPath,
  ROUTES,
} from '@portal/contract';
import { isApiError, usePatient } from '@portal/api-client';
import { diseaseName, drugName } from '@portal/reference-data';
import {
  Button,
  Card,
  capitalised,
  CatalogueName,
  DetailList,
  ErrorState,
  LinkButton,
  LoadingState,
  PageHeading,
  PortalLink,
  PrintRunningHeader,
  shownValue,
} from '@portal/ui';
import { ChartAppointments } from './chart-appointments';

/** The loading text of the chart. */
export const LOADING_CHART = 'Loading patient chart...';

/**
 * What tops every printed page of the chart, so that a page separated from the first still
 * names its patient.
 */
export function printedHeader(p: PatientRecord['patient']): string {
  return `${p.first_name} ${p.last_name} · Patient ID ${p.patient_id} · Date of birth ${shownValue(p.date_of_birth)}`;
}

/** Every field of the patient's record, in the order of the add form. */
function detailsOf(p: PatientRecord['patient']): [string, string][] {
  return [
    ['Patient ID', shownValue(p.patient_id)],
    ['First Name', shownValue(p.first_name)],
    ['Last Name', shownValue(p.last_name)],
    ['Age', shownValue(p.age)],
    ['Date of Birth', shownValue(p.date_of_birth)],
    ['Gender', shownValue(capitalised(p.gender))],
    ['Blood Type', shownValue(p.blood_type)],
    ['Email', shownValue(p.email)],
    ['Health Insurance', shownValue(capitalised(p.health_insurance))],
    ['Address', shownValue(p.address)],
    ['Phone Number', shownValue(p.phone_number)],
    ['ID card number', shownValue(p.id_card_number)],
    ['Ongoing treatment', shownValue(p.ongoing_treatment)],
    ['Unhealthy habits', shownValue(p.unhealthy_habits)],
  ];
}

/**
 * Drug allergies first and loud: an alert naming each drug, the severe ones first, each with its
 * severity and reaction when known; or a quiet line when there are none.
 */
function AllergyAlert({ allergies }: { allergies: PatientRecord['patient_drug_allergy'] }) {
  if (allergies.length === 0)
    return <p className="text-sm font-medium text-muted">{MESSAGES.noDrugAllergies}</p>;
  // A stable sort: equal severities keep the record's order.
  const ordered = [...allergies].sort(
    (a, b) => allergySeverityRank(a.severity) - allergySeverityRank(b.severity),
  );
  return (
    <div
      role="alert"
      className="rounded-lg border-2 border-danger-700 bg-danger-50 p-4 text-danger-800"
    >
      <p className="text-lg font-bold">Drug allergies</p>
      <ul className="mt-2 flex flex-col gap-2">
        {ordered.map(({ drug_id, severity, reaction }) => (
          <li
            key={drug_id}
            className="rounded-lg border border-danger-700 bg-surface px-3 py-2 [overflow-wrap:anywhere]"
          >
            <span className="font-semibold">
              {drugName(drug_id) ?? drug_id} <span className="font-mono text-sm">({drug_id})</span>
            </span>
            {severity && (
              <span
                className={`ml-2 inline-block rounded-full px-2 text-xs font-bold whitespace-nowrap uppercase ${severity === 'severe' ? 'bg-danger-700 text-white' : 'border border-danger-700'}`}
              >
                {ALLERGY_SEVERITY_LABELS[severity]}
              </span>
            )}
            {reaction && <span className="block text-sm text-ink">Reaction: {reaction}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The whole medical history as a timeline, newest first. */
function HistoryTimeline({ history }: { history: PatientRecord['medical_history'] }) {
  if (history.length === 0) return <p className="text-muted">{MESSAGES.noMedicalHistory}</p>;
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
              {entry.date} {entry.time.slice(0, 5)}
            </time>
          </p>
          <p className="whitespace-pre-line text-ink [overflow-wrap:anywhere]">
            {entry.details || MESSAGES.emptyValue}
          </p>
          <p className="text-xs text-muted">Recorded by {personName(entry.recorded_by)}</p>
        </li>
      ))}
    </ol>
  );
}

/** The chart's actions: each opens one of the spec's pages with the Patient ID filled in. */
function ChartActions({ patientId }: { patientId: string }) {
  return (
    <div className="flex flex-wrap gap-3 print:hidden">
      <LinkButton to={prefilledPath(ROUTES.editPatient, 'patient', patientId)}>Edit</LinkButton>
      <LinkButton
        variant="secondary"
        to={prefilledPath(ROUTES.addAppointment, 'patient', patientId)}
      >
        Book appointment
      </LinkButton>
      <LinkButton variant="secondary" to={prefilledPath(ROUTES.addHistory, 'patient', patientId)}>
        Add history
      </LinkButton>
      <Button variant="ghost" onClick={() => window.print()}>
        Print chart
      </Button>
    </div>
  );
}

function Chart({ record }: { record: PatientRecord }) {
  const p = record.patient;
  return (
    <div className="flex flex-col gap-6">
      <AllergyAlert allergies={record.patient_drug_allergy} />
      <ChartActions patientId={p.patient_id} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Personal details">
          <DetailList items={detailsOf(p)} />
        </Card>
        <div className="flex flex-col gap-6">
          <Card title="Chronic diseases">
            {record.patient_chronic_disease.length ? (
              <ul className="flex flex-col gap-1">
                {record.patient_chronic_disease.map(({ disease_id }) => (
                  <li key={disease_id}>
                    <CatalogueName name={diseaseName(disease_id)} code={disease_id} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-muted">{MESSAGES.noChronicDiseases}</p>
            )}
          </Card>
        </div>
      </div>
      {/* Full width: eight columns and their actions do not fit half the page. */}
      <ChartAppointments patientId={p.patient_id} />
      <Card title="Medical history">
        <HistoryTimeline history={record.medical_history} />
      </Card>
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

  let heading: ReactNode = 'Patient chart';
  let body: ReactNode;
  if (record.isPending) body = <LoadingState label={LOADING_CHART} />;
  else if (record.isError) {
    // An id of the wrong form (400) names no patient either.
    const notFound =
      isApiError(record.error) && (record.error.status === 404 || record.error.status === 400);
    body = (
      <div className="flex flex-col gap-4">
        <ErrorState>
          {notFound ? `No patient with ID ${patientId}` : `Error: ${MESSAGES.patientLoadFailed}`}
        </ErrorState>
        <p>
          <PortalLink to={ROUTES.searchPatient} className="font-semibold text-brand-800 underline">
            Find a patient
          </PortalLink>
        </p>
      </div>
    );
  } else {
    const p = record.data.patient;
    heading = `${p.first_name} ${p.last_name}`;
    body = (
      <PrintRunningHeader header={printedHeader(p)}>
        <Chart record={record.data} />
      </PrintRunningHeader>
    );
  }

  return (
    <div className="flex flex-col">
      <PageHeading description={`Patient chart · ${patientId}`}>{heading}</PageHeading>
      {body}
    </div>
  );
}

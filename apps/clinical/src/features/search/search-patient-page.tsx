import { useId, useState } from 'react';
import {
  MESSAGES,
  patientChartPath,
  type PatientSummary,
  type SearchPatientRequest,
  searchPatientRequestSchema,
} from '@portal/contract';
import { usePatient, usePatientSummaryList, usePatientSummarySearch } from '@portal/api-client';
import { RecordSearch } from '@portal/shell';
import {
  Button,
  capitalised,
  ErrorState,
  LoadingState,
  PatientRecordView,
  PortalLink,
} from '@portal/ui';

const NO_CRITERIA: SearchPatientRequest = { patient_id: '', first_name: '', last_name: '' };

/** The whole record, fetched when it is opened (the access log records that as a view). */
function FullRecord({ patientId }: { patientId: string }) {
  const record = usePatient(patientId);
  if (record.isPending) return <LoadingState label="Loading the record…" />;
  if (record.isError) return <ErrorState>{`Error: ${MESSAGES.patientLoadFailed}`}</ErrorState>;
  return <PatientRecordView record={record.data} />;
}

/**
 * One patient in the list: the summary the list sends (name, id, age, gender, date of birth,
 * whether there are drug allergies), and the whole record on demand.
 */
function PatientRow({ patient: p }: { patient: PatientSummary }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <article className="rounded-xl border border-line bg-surface">
      <div className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="font-semibold text-ink">
            <PortalLink
              to={patientChartPath(p.patient_id)}
              className="text-brand-800 underline underline-offset-2"
            >
              {p.first_name} {p.last_name}
            </PortalLink>{' '}
            <span className="font-mono text-sm text-muted">{p.patient_id}</span>
            {p.has_drug_allergies && (
              <span className="ml-2 inline-block rounded-full border border-danger-700 bg-danger-50 px-2 text-xs font-bold whitespace-nowrap text-danger-800">
                Drug allergies
              </span>
            )}
          </p>
          <p className="text-sm text-muted">
            {p.age} years · {capitalised(p.gender)} · Born{' '}
            <span className="whitespace-nowrap">{p.date_of_birth}</span>
          </p>
        </div>
        <Button
          variant="secondary"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          {/* The space sits outside the hidden span, so the name never runs together. */}
          {open ? 'Hide record' : 'Show full record'}{' '}
          <span className="sr-only">
            of {p.first_name} {p.last_name}
          </span>
        </Button>
      </div>
      <div id={panelId} hidden={!open} className="border-t border-line p-4">
        {open && <FullRecord patientId={p.patient_id} />}
      </div>
    </article>
  );
}

/** The search fields, in order: the id (matched by its start), then the names. */
const FIELDS = [
  { name: 'patient_id', label: 'Patient ID', placeholder: MESSAGES.patientIdPlaceholder },
  { name: 'first_name', label: 'First Name' },
  { name: 'last_name', label: 'Last Name' },
] as const;

/**
 * Patient Information: the full list loads on open, a page at a time; a search by id, first
 * or last name replaces it when it finds anyone. Both ask for summaries (`?view=summary`); a
 * row's whole record is fetched when it is opened, or in the chart its name links to.
 */
export function SearchPatientPage() {
  const list = usePatientSummaryList();
  return (
    <RecordSearch
      title="Patient Information"
      noun={{ one: 'patient', many: 'patients' }}
      list={list}
      useSearch={usePatientSummarySearch}
      schema={searchPatientRequestSchema}
      fields={FIELDS}
      emptyCriteria={NO_CRITERIA}
      loadFailedMessage={MESSAGES.patientLoadFailed}
      itemKey={(patient) => patient.patient_id}
      renderItem={(patient) => <PatientRow patient={patient} />}
    />
  );
}

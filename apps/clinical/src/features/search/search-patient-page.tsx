import { useId, useState } from 'react';
import {
  MESSAGES,
  patientChartPath,
  type PatientRecord,
  type SearchPatientRequest,
  searchPatientRequestSchema,
} from '@portal/contract';
import { usePatientList, usePatientSearch } from '@portal/api-client';
import { RecordSearch } from '@portal/shell';
import { appointmentText, Button, PatientRecordView, PortalLink } from '@portal/ui';

const NO_CRITERIA: SearchPatientRequest = { patient_id: '', first_name: '', last_name: '' };

/** One patient in the list: a summary, and the whole record on demand. */
function PatientRow({ record }: { record: PatientRecord }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const p = record.patient;
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
          </p>
          <p className="text-sm text-muted">
            {p.age} years · {p.gender} · {p.phone_number} · Latest appointment:{' '}
            {appointmentText(record.patient_appointment)}
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
        {open && <PatientRecordView record={record} />}
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
 * or last name replaces it when it finds anyone; each row opens the whole record.
 */
export function SearchPatientPage() {
  const list = usePatientList();
  return (
    <RecordSearch
      title="Patient Information"
      noun={{ one: 'patient', many: 'patients' }}
      list={list}
      useSearch={usePatientSearch}
      schema={searchPatientRequestSchema}
      fields={FIELDS}
      emptyCriteria={NO_CRITERIA}
      loadFailedMessage={MESSAGES.patientLoadFailed}
      itemKey={(record) => record.patient.patient_id}
      renderItem={(record) => <PatientRow record={record} />}
    />
  );
}

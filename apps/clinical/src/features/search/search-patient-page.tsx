import { useId, useState } from 'react';
import {
  MESSAGES,
  type PatientRecord,
  type SearchPatientRequest,
  searchPatientRequestSchema,
} from '@portal/contract';
import { toApiError, usePatientList, usePatientSearch } from '@portal/api-client';
import { FormActions, PortalForm, TextField, usePortalForm } from '@portal/form-widgets';
import {
  Button,
  EmptyState,
  ErrorState,
  LoadingState,
  Notice,
  PageHeading,
  PatientRecordView,
  appointmentText,
} from '@portal/ui';

const NO_CRITERIA: SearchPatientRequest = { patient_id: '', first_name: '', last_name: '' };

/** The criteria of a search in words, e.g. "first name “som”, last name “sri”". */
function describe(criteria: SearchPatientRequest): string {
  const parts = [
    criteria.patient_id && `ID starting “${criteria.patient_id}”`,
    criteria.first_name && `first name “${criteria.first_name}”`,
    criteria.last_name && `last name “${criteria.last_name}”`,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'every patient';
}

/** One patient in the list: a summary, and the whole record on demand. */
function PatientRow({ record }: { record: PatientRecord }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const p = record.patient;
  return (
    <li className="rounded-xl border border-line bg-surface">
      <div className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="font-semibold text-ink">
            {p.first_name} {p.last_name}{' '}
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
    </li>
  );
}

/** A page of patients with its count and a way to load the next page. */
function PatientList({
  pages,
  hasNextPage,
  fetchingNext,
  onLoadMore,
}: {
  pages: { items: PatientRecord[]; total: number }[];
  hasNextPage: boolean;
  fetchingNext: boolean;
  onLoadMore: () => void;
}) {
  const items = pages.flatMap((p) => p.items);
  const total = pages[0]?.total ?? items.length;
  if (items.length === 0) return <EmptyState>{MESSAGES.noPatientData}</EmptyState>;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted" aria-live="polite">
        Showing {items.length} of {total} {total === 1 ? 'patient' : 'patients'}
      </p>
      <ul className="flex flex-col gap-3">
        {items.map((record) => (
          <PatientRow key={record.patient.patient_id} record={record} />
        ))}
      </ul>
      {hasNextPage && (
        <div>
          <Button variant="secondary" busy={fetchingNext} onClick={onLoadMore}>
            Load more patients
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * Patient Information: the full list loads on open, a page at a time. A non-empty search
 * result replaces it; an empty one keeps it; a failed search shows 'No result'.
 */
export function SearchPatientPage() {
  const list = usePatientList();
  const [criteria, setCriteria] = useState<SearchPatientRequest | null>(null);
  const search = usePatientSearch(criteria ?? NO_CRITERIA, { enabled: criteria !== null });
  const form = usePortalForm(searchPatientRequestSchema, { defaultValues: NO_CRITERIA });
  const searching = criteria !== null && search.isFetching && !search.isFetchingNextPage;

  const searchItems = search.data?.pages.flatMap((p) => p.items) ?? [];
  const showSearch = criteria !== null && search.isSuccess && searchItems.length > 0;
  const emptySearch = criteria !== null && search.isSuccess && searchItems.length === 0;
  const failedSearch = criteria !== null && search.isError;

  let results;
  if (failedSearch) {
    results = <ErrorState>{MESSAGES.noResult}</ErrorState>;
  } else if (showSearch) {
    results = (
      <PatientList
        pages={search.data.pages}
        hasNextPage={search.hasNextPage}
        fetchingNext={search.isFetchingNextPage}
        onLoadMore={() => void search.fetchNextPage()}
      />
    );
  } else if (list.isPending) {
    results = <LoadingState label="Loading patients…" />;
  } else if (list.isError) {
    results = <ErrorState>{MESSAGES.patientLoadFailed}</ErrorState>;
  } else {
    results = (
      <PatientList
        pages={list.data.pages}
        hasNextPage={list.hasNextPage}
        fetchingNext={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
      />
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeading description="Search by ID (its start), first or last name (any part); fill in any of them.">
        Patient Information
      </PageHeading>
      <PortalForm
        form={form}
        role="search"
        aria-label="Search patients"
        onSubmit={(values) => {
          setCriteria({
            patient_id: values.patient_id,
            first_name: values.first_name,
            last_name: values.last_name,
          });
          // The spec clears every form after a submit; the criteria stay visible above the results.
          form.reset(NO_CRITERIA);
        }}
      >
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            name="patient_id"
            label="Patient ID"
            placeholder={MESSAGES.patientIdPlaceholder}
            autoComplete="off"
          />
          <TextField name="first_name" label="First Name" autoComplete="off" />
          <TextField name="last_name" label="Last Name" autoComplete="off" />
        </div>
        <FormActions submitLabel="Search" busy={searching} onReset={() => setCriteria(null)} />
      </PortalForm>
      {showSearch && <p className="text-sm text-muted">Results for {describe(criteria)}.</p>}
      {emptySearch && (
        <Notice tone="info">No patient matches that search; the full list is shown.</Notice>
      )}
      {failedSearch && (
        <Notice tone="error" title={MESSAGES.searchFailed}>
          {toApiError(search.error).detail}
        </Notice>
      )}
      <section aria-label="Patients" aria-busy={list.isPending || searching}>
        {results}
      </section>
    </div>
  );
}

import { useState } from 'react';
import {
  type Employee,
  MESSAGES,
  type SearchEmployeeRequest,
  searchEmployeeRequestSchema,
} from '@portal/contract';
import { toApiError, useEmployeeList, useEmployeeSearch } from '@portal/api-client';
import { FormActions, PortalForm, TextField, usePortalForm } from '@portal/form-widgets';
import { Button, EmptyState, ErrorState, LoadingState, Notice, PageHeading } from '@portal/ui';

const NO_CRITERIA: SearchEmployeeRequest = { employee_id: '', first_name: '', last_name: '' };

// One fixed format (45,000), whatever the browser's locale.
const SALARY_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** The criteria of a search in words, e.g. "first name “som”, last name “sri”". */
function describe(criteria: SearchEmployeeRequest): string {
  const parts = [
    criteria.employee_id && `ID starting “${criteria.employee_id}”`,
    criteria.first_name && `first name “${criteria.first_name}”`,
    criteria.last_name && `last name “${criteria.last_name}”`,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'every employee';
}

/** Work status in words: "Yes", or "No (resigned 2025-03-31)". */
function workStatusText(employee: Employee): string {
  if (employee.work_status === 'yes') return 'Yes';
  return employee.resignation_date ? `No (resigned ${employee.resignation_date})` : 'No';
}

/** One employee in the list: every field the search answers. */
function EmployeeRow({ employee: e }: { employee: Employee }) {
  const facts: [string, string][] = [
    ['Position', e.position_name ?? MESSAGES.emptyValue],
    ['Department', e.department_name ?? MESSAGES.emptyValue],
    ['Work status', workStatusText(e)],
    ['Hire date', e.hire_date],
    ['Salary', SALARY_FORMAT.format(e.salary)],
    ['Email', e.email],
    ['Phone', e.phone_number],
  ];
  return (
    <li className="rounded-xl border border-line bg-surface p-4">
      <h2 className="font-semibold text-ink">
        {e.first_name} {e.last_name}{' '}
        <span className="font-mono text-sm font-normal text-muted">{e.employee_id}</span>
      </h2>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
        {facts.map(([term, value]) => (
          <div key={term} className="flex min-w-0 flex-wrap gap-x-2">
            <dt className="text-muted">{term}:</dt>
            <dd className="min-w-0 break-words text-ink">{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/** A page of employees with its count and a way to load the next page. */
function EmployeeList({
  pages,
  hasNextPage,
  fetchingNext,
  onLoadMore,
}: {
  pages: { items: Employee[]; total: number }[];
  hasNextPage: boolean;
  fetchingNext: boolean;
  onLoadMore: () => void;
}) {
  const items = pages.flatMap((p) => p.items);
  const total = pages[0]?.total ?? items.length;
  // The spec reuses the patients' text for an empty employee list.
  if (items.length === 0) return <EmptyState>{MESSAGES.noPatientData}</EmptyState>;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted" aria-live="polite">
        Showing {items.length} of {total} {total === 1 ? 'employee' : 'employees'}
      </p>
      <ul className="flex flex-col gap-3">
        {items.map((employee) => (
          <EmployeeRow key={employee.employee_id} employee={employee} />
        ))}
      </ul>
      {hasNextPage && (
        <div>
          <Button variant="secondary" busy={fetchingNext} onClick={onLoadMore}>
            Load more employees
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * Employee Information: the full list loads on open, a page at a time. A non-empty search
 * result replaces it; an empty one keeps it; a failed search shows 'No result'.
 */
export function SearchEmployeePage() {
  const list = useEmployeeList();
  const [criteria, setCriteria] = useState<SearchEmployeeRequest | null>(null);
  const search = useEmployeeSearch(criteria ?? NO_CRITERIA, { enabled: criteria !== null });
  const form = usePortalForm(searchEmployeeRequestSchema, { defaultValues: NO_CRITERIA });
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
      <EmployeeList
        pages={search.data.pages}
        hasNextPage={search.hasNextPage}
        fetchingNext={search.isFetchingNextPage}
        onLoadMore={() => void search.fetchNextPage()}
      />
    );
  } else if (list.isPending) {
    results = <LoadingState label="Loading employees…" />;
  } else if (list.isError) {
    results = <ErrorState>{MESSAGES.employeeLoadFailed}</ErrorState>;
  } else {
    results = (
      <EmployeeList
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
        Employee Information
      </PageHeading>
      <PortalForm
        form={form}
        role="search"
        aria-label="Search employees"
        onSubmit={(values) => {
          setCriteria({
            employee_id: values.employee_id,
            first_name: values.first_name,
            last_name: values.last_name,
          });
          // The spec clears every form after a submit; the criteria stay visible above the results.
          form.reset(NO_CRITERIA);
        }}
      >
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            name="employee_id"
            label="Employee ID"
            placeholder={MESSAGES.employeeIdPlaceholder}
            autoComplete="off"
          />
          <TextField name="first_name" label="First Name" autoComplete="off" />
          <TextField name="last_name" label="Last Name" autoComplete="off" />
        </div>
        <FormActions submitLabel="Search" busy={searching} onReset={() => setCriteria(null)} />
      </PortalForm>
      {showSearch && <p className="text-sm text-muted">Results for {describe(criteria)}.</p>}
      {emptySearch && (
        <Notice tone="info">No employee matches that search; the full list is shown.</Notice>
      )}
      {failedSearch && (
        <Notice tone="error" title={MESSAGES.searchFailed}>
          {toApiError(search.error).detail}
        </Notice>
      )}
      <section aria-label="Employees" aria-busy={list.isPending || searching}>
        {results}
      </section>
    </div>
  );
}

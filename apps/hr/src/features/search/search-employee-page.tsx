import {
  type Employee,
  MESSAGES,
  prefilledPath,
  ROUTES,
  type SearchEmployeeRequest,
  searchEmployeeRequestSchema,
} from '@portal/contract';
import { useEmployeeList, useEmployeeSearch } from '@portal/api-client';
import { RecordSearch } from '@portal/shell';
import { PortalLink } from '@portal/ui';
import { PendingApprovals } from '../access-approvals/pending-approvals';

const NO_CRITERIA: SearchEmployeeRequest = { employee_id: '', first_name: '', last_name: '' };

// One fixed format (45,000), whatever the browser's locale.
const SALARY_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

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
    <article className="rounded-xl border border-line bg-surface p-4">
      <h2 className="font-semibold text-ink">
        {e.first_name} {e.last_name}{' '}
        <span className="font-mono text-sm font-normal text-muted">{e.employee_id}</span>
      </h2>
      <p className="mt-1 text-sm">
        <PortalLink
          to={prefilledPath(ROUTES.editEmployee, 'employee', e.employee_id)}
          className="font-semibold text-brand-800 underline underline-offset-2"
        >
          {/* The space sits outside the hidden span, so the name never runs together. */}
          Edit{' '}
          <span className="sr-only">
            {e.first_name} {e.last_name}
          </span>
        </PortalLink>
      </p>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
        {facts.map(([term, value]) => (
          <div key={term} className="flex min-w-0 flex-wrap gap-x-2">
            <dt className="text-muted">{term}:</dt>
            <dd className="min-w-0 break-words text-ink">{value}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

/** The search fields, in order: the id (matched by its start), then the names. */
const FIELDS = [
  { name: 'employee_id', label: 'Employee ID', placeholder: MESSAGES.employeeIdPlaceholder },
  { name: 'first_name', label: 'First Name' },
  { name: 'last_name', label: 'Last Name' },
] as const;

/**
 * Employee Information: the full list (with position and department) loads on open, a page at
 * a time; a search by id, first or last name replaces it when it finds anyone. Above it, the
 * portal access waiting for a second HR person's approval.
 */
export function SearchEmployeePage() {
  const list = useEmployeeList();
  return (
    <RecordSearch
      title="Employee Information"
      noun={{ one: 'employee', many: 'employees' }}
      list={list}
      useSearch={useEmployeeSearch}
      schema={searchEmployeeRequestSchema}
      fields={FIELDS}
      emptyCriteria={NO_CRITERIA}
      loadFailedMessage={MESSAGES.employeeLoadFailed}
      itemKey={(employee) => employee.employee_id}
      renderItem={(employee) => <EmployeeRow employee={employee} />}
      aside={<PendingApprovals />}
    />
  );
}

import {
  type Employee,
  type EmployeeListView,
  type EmployeeSortKey,
  MESSAGES,
  prefilledPath,
  ROUTES,
  type SearchEmployeeRequest,
  searchEmployeeRequestSchema,
} from '@portal/contract';
import { useEmployeeList, useEmployeeSearch } from '@portal/api-client';
import { RecordSearch } from '@portal/shell';
import { PortalLink, RecordTable, type RecordTableColumn } from '@portal/ui';
import { PendingApprovals } from '../access-approvals/pending-approvals';
import { EmployeeListControls, useEmployeeListView } from './employee-list-controls';

const NO_CRITERIA: SearchEmployeeRequest = { employee_id: '', first_name: '', last_name: '' };

// One fixed format (45,000), whatever the browser's locale.
const SALARY_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Work status in words: "Yes", or "No (resigned 2025-03-31)". */
function workStatusText(employee: Employee): string {
  if (employee.work_status === 'yes') return 'Yes';
  return employee.resignation_date ? `No (resigned ${employee.resignation_date})` : 'No';
}

/** The table's columns: every field the search answers, and the way to edit the employee. */
const COLUMNS: readonly RecordTableColumn<Employee>[] = [
  {
    header: 'Name',
    cell: (e) => (
      <span className="font-semibold text-ink">
        {e.first_name} {e.last_name}
      </span>
    ),
  },
  {
    header: 'Employee ID',
    cell: (e) => <span className="font-mono">{e.employee_id}</span>,
    nowrap: true,
  },
  { header: 'Position', cell: (e) => e.position_name ?? MESSAGES.emptyValue },
  { header: 'Department', cell: (e) => e.department_name ?? MESSAGES.emptyValue },
  { header: 'Work status', cell: workStatusText },
  { header: 'Hire date', cell: (e) => e.hire_date, nowrap: true },
  { header: 'Salary', cell: (e) => SALARY_FORMAT.format(e.salary), nowrap: true },
  { header: 'Email', cell: (e) => e.email },
  { header: 'Phone', cell: (e) => e.phone_number, nowrap: true },
  {
    header: 'Actions',
    srOnlyHeader: true,
    cell: (e) => (
      // At least 44 × 44 px, so a finger on a phone finds it (WCAG 2.5.5).
      <PortalLink
        to={prefilledPath(ROUTES.editEmployee, 'employee', e.employee_id)}
        className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-3 font-semibold text-brand-800 underline underline-offset-2"
      >
        {/* The space sits outside the hidden span, so the name never runs together. */}
        Edit{' '}
        <span className="sr-only">
          {e.first_name} {e.last_name}
        </span>
      </PortalLink>
    ),
  },
];

/** The column heading of each sort, for the table's `aria-sort`. */
const SORT_HEADERS: Record<EmployeeSortKey, string> = {
  name: 'Name',
  position: 'Position',
  department: 'Department',
  hire_date: 'Hire date',
};

/** The employees shown, as one table; rows stack into labelled blocks below 1024 px. */
function EmployeeTable({ employees, view }: { employees: Employee[]; view: EmployeeListView }) {
  return (
    <RecordTable
      columns={COLUMNS}
      rows={employees}
      rowKey={(e) => e.employee_id}
      caption="Employees"
      captionHidden
      stackBelow="lg"
      sortedBy={
        view.sort && {
          header: SORT_HEADERS[view.sort],
          direction: view.order === 'desc' ? 'descending' : 'ascending',
        }
      }
    />
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
 * a time, as a table HR can sort and filter (on the server: the list is paged); a search by id,
 * first or last name replaces it when it finds anyone. Above it, the portal access waiting for
 * a second HR person's approval.
 */
export function SearchEmployeePage() {
  const [view, setView] = useEmployeeListView();
  const list = useEmployeeList({ view });
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
      renderItem={(employee) => <EmployeeTable employees={[employee]} view={view} />}
      renderItems={(employees) => <EmployeeTable employees={employees} view={view} />}
      aside={<PendingApprovals />}
      listControls={<EmployeeListControls view={view} onChange={setView} />}
    />
  );
}

import { type ReactNode, useMemo } from 'react';
import {
  type Employee,
  EMPLOYEE_ID_PLACEHOLDER_MESSAGE,
  EMPLOYEE_LOAD_FAILED_MESSAGE,
  type EmployeeListView,
  type EmployeeSortKey,
  EMPTY_VALUE_MESSAGE,
  prefilledPath,
  ROUTES,
  type SearchEmployeeRequest,
} from '@portal/contract';
import { useEmployeeList, useEmployeeSearch } from '@portal/api-client';
import { RecordSearch } from '@portal/shell';
import { type MessageId, translateEnglish } from '@portal/i18n';
import type { Pack } from '@portal/i18n';
import {
  Msg,
  PortalLink,
  RecordTable,
  type RecordTableColumn,
  useFormat,
  useLocale,
  useT,
} from '@portal/ui';
import { PendingApprovals } from '../access-approvals/pending-approvals';
import { ClinicHoursLink, keepsClinicHours } from '../clinic-hours/clinic-hours-link';
import { departmentName, positionName } from '../employee-record-fields/local-names';
import { EmployeeListControls, useEmployeeListView } from './employee-list-controls';
import searchEmployeePageTexts from '@portal/i18n/packs/page-search-employee';

/** The page's texts (lib/packs.ts in @portal/i18n): its route fetches them before it renders. */
export const PAGE_TEXTS: readonly Pack[] = [searchEmployeePageTexts];

/** The search form's rules, loaded after the first paint (see usePortalForm). */
const searchSchema = () =>
  import('@portal/contract/schemas').then((c) => c.searchEmployeeRequestSchema);

const NO_CRITERIA: SearchEmployeeRequest = { employee_id: '', first_name: '', last_name: '' };

// One fixed format (45,000), whatever the browser's locale: Thai writes salaries so too.
const SALARY_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Where the resignation date goes in its message, to be put there unbroken. */
const DATE_SLOT = '\u0000';

/** The column heading of each sort, for the table's `aria-sort`. */
const SORT_HEADERS: Record<EmployeeSortKey, MessageId> = {
  name: 'hr.employeeTable.name',
  position: 'hr.employeeTable.position',
  department: 'hr.employeeTable.department',
  hire_date: 'hr.employeeTable.hireDate',
};

/**
 * The table's columns, in the language shown: every field the search answers, the way to edit
 * the employee and, for a working clinician, to their clinic hours.
 */
function useColumns(): readonly RecordTableColumn<Employee>[] {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  return useMemo(() => {
    /** Work status in words: "Yes", or "No (resigned 2025-03-31)". */
    const workStatusText = (employee: Employee): ReactNode => {
      if (employee.work_status === 'yes') return t('hr.employeeTable.workStatusYes');
      if (!employee.resignation_date) return t('hr.employeeTable.workStatusNo');
      // The date is never split at its hyphens: the words around it wrap, the date does not.
      const [before = '', after = ''] = t('hr.employeeTable.resigned', { date: DATE_SLOT }).split(
        DATE_SLOT,
      );
      return (
        <>
          {before}
          <span className="whitespace-nowrap">{format.day(employee.resignation_date)}</span>
          {after}
        </>
      );
    };
    return [
      {
        header: t('hr.employeeTable.name'),
        sortKey: 'name',
        cell: (e) => (
          <span className="font-semibold text-ink">
            {e.first_name} {e.last_name}
          </span>
        ),
      },
      {
        header: t('hr.employeeTable.employeeId'),
        cell: (e) => <span className="font-mono">{e.employee_id}</span>,
        nowrap: true,
      },
      {
        header: t('hr.employeeTable.position'),
        sortKey: 'position',
        cell: (e) => positionName(e.position_id, e.position_name, locale) ?? EMPTY_VALUE_MESSAGE,
      },
      {
        header: t('hr.employeeTable.department'),
        sortKey: 'department',
        cell: (e) => departmentName(e.department_name, locale) ?? EMPTY_VALUE_MESSAGE,
      },
      { header: t('hr.employeeTable.workStatus'), cell: workStatusText },
      {
        header: t('hr.employeeTable.hireDate'),
        sortKey: 'hire_date',
        cell: (e) => format.day(e.hire_date),
        nowrap: true,
      },
      {
        header: t('hr.employeeTable.salary'),
        cell: (e) => SALARY_FORMAT.format(e.salary),
        nowrap: true,
      },
      { header: t('hr.employeeTable.email'), cell: (e) => e.email, breakAnywhere: true },
      { header: t('hr.employeeTable.phone'), cell: (e) => e.phone_number, nowrap: true },
      {
        header: t('hr.employeeTable.actions'),
        srOnlyHeader: true,
        nowrap: true,
        cell: (e) => (
          <div className="flex flex-col items-start">
            {/* At least 44 × 44 px, so a finger on a phone finds it (WCAG 2.5.5). */}
            <PortalLink
              to={prefilledPath(ROUTES.editEmployee, 'employee', e.employee_id)}
              className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-3 font-semibold text-brand-800 underline underline-offset-2"
            >
              {/* The name is hidden but read; the message keeps the space before it. */}
              <Msg
                id="hr.employeeTable.edit"
                values={{ name: `${e.first_name} ${e.last_name}` }}
                components={{ 0: <span className="sr-only" /> }}
              />
            </PortalLink>
            {keepsClinicHours(e) && (
              <ClinicHoursLink employeeId={e.employee_id}>
                <Msg
                  id="hr.employeeTable.clinicHours"
                  values={{ name: `${e.first_name} ${e.last_name}` }}
                  components={{ 0: <span className="sr-only" /> }}
                />
              </ClinicHoursLink>
            )}
          </div>
        ),
      },
    ];
  }, [t, locale, format]);
}

/**
 * The employees shown, as one table; rows stack into labelled blocks below 1024 px. The name,
 * position, department and hire date headings are buttons that sort the list (the server's
 * sort, kept in the address): a heading sorts by its column, ascending; the sorted one's
 * turns it round.
 */
function EmployeeTable({
  employees,
  view,
  onViewChange,
}: {
  employees: Employee[];
  view: EmployeeListView;
  onViewChange?: (next: EmployeeListView) => void;
}) {
  const t = useT();
  const columns = useColumns();
  return (
    <RecordTable
      columns={columns}
      rows={employees}
      rowKey={(e) => e.employee_id}
      caption={t('hr.employeeTable.caption')}
      captionHidden
      stackBelow="lg"
      {...(onViewChange && {
        onSort: (key: string) => {
          const sort = key as EmployeeSortKey;
          const turn = view.sort === sort && view.order !== 'desc';
          onViewChange({ ...view, sort, order: turn ? 'desc' : undefined });
        },
      })}
      sortedBy={
        view.sort && {
          header: t(SORT_HEADERS[view.sort]),
          direction: view.order === 'desc' ? 'descending' : 'ascending',
        }
      }
    />
  );
}

/**
 * Employee Information: the full list (with position and department) loads on open, a page at
 * a time, as a table HR can sort and filter (on the server: the list is paged); a search by id,
 * first or last name replaces it when it finds anyone. Above it, the portal access waiting for
 * a second HR person's approval.
 */
export function SearchEmployeePage() {
  const t = useT();
  const [view, setView] = useEmployeeListView();
  const list = useEmployeeList({ view });
  // The search fields, in order: the id (matched by its start), then the names.
  const fields = useMemo(
    () =>
      [
        {
          name: 'employee_id',
          label: t('hr.search.employeeId'),
          placeholder: EMPLOYEE_ID_PLACEHOLDER_MESSAGE,
        },
        { name: 'first_name', label: t('hr.search.firstName') },
        { name: 'last_name', label: t('hr.search.lastName') },
      ] as const,
    [t],
  );
  return (
    <RecordSearch
      title={t('hr.search.title')}
      noun={{ one: t('hr.search.nounOne'), many: t('hr.search.nounMany') }}
      list={list}
      useSearch={useEmployeeSearch}
      schema={searchSchema}
      fields={fields}
      emptyCriteria={NO_CRITERIA}
      loadFailedMessage={translateEnglish(EMPLOYEE_LOAD_FAILED_MESSAGE)}
      itemKey={(employee) => employee.employee_id}
      renderItem={(employee) => <EmployeeTable employees={[employee]} view={view} />}
      renderItems={(employees) => (
        <EmployeeTable employees={employees} view={view} onViewChange={setView} />
      )}
      aside={<PendingApprovals />}
      listControls={<EmployeeListControls view={view} onChange={setView} />}
    />
  );
}

import { useMemo } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { EMPLOYEE_SORT_KEYS, type EmployeeListView } from '@portal/contract';
import { DEPARTMENTS, localName, POSITIONS } from '@portal/reference-data';
import { SelectField, type SelectOption } from '@portal/form-widgets';
import type { MessageId } from '@portal/i18n';
import { Button, useLocale, useT } from '@portal/ui';

/** The address's parameters of each part of the view (`?position=P001&sort=name`). */
const PARAMS = {
  position_id: 'position',
  department_id: 'department',
  work_status: 'status',
  sort: 'sort',
  order: 'order',
} as const satisfies Record<keyof EmployeeListView, string>;

type ViewKey = keyof typeof PARAMS;

/** The values each part of the view may take; anything else in the address is ignored. */
const ALLOWED: Record<ViewKey, readonly string[]> = {
  position_id: POSITIONS.map((p) => p.id),
  department_id: DEPARTMENTS.map((d) => d.id),
  work_status: ['yes', 'no'],
  sort: EMPLOYEE_SORT_KEYS,
  order: ['asc', 'desc'],
};

const KEYS = Object.keys(PARAMS) as ViewKey[];

/**
 * The list's sort and filters, kept in the address: Back from an employee opened from the
 * table returns to the same view, and a view can be bookmarked. Unlike a search's names, they
 * name no one, so they may sit in the address and the server's logs.
 */
export function useEmployeeListView(): [EmployeeListView, (next: EmployeeListView) => void] {
  const [params, setParams] = useSearchParams();
  const view: Record<string, string> = {};
  for (const key of KEYS) {
    const value = params.get(PARAMS[key]);
    if (value && ALLOWED[key].includes(value)) view[key] = value;
  }
  const set = (next: EmployeeListView) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        for (const key of KEYS) {
          const value = next[key];
          if (value) updated.set(PARAMS[key], value);
          else updated.delete(PARAMS[key]);
        }
        return updated;
      },
      { replace: true },
    );
  return [view, set];
}

/** The work statuses, the sorts and the other order, each with its words. */
const STATUS_OPTIONS: readonly { value: string; label: MessageId }[] = [
  { value: 'yes', label: 'hr.employeeList.statusWorking' },
  { value: 'no', label: 'hr.employeeList.statusLeft' },
];
const SORT_OPTIONS: readonly { value: string; label: MessageId }[] = [
  { value: 'name', label: 'hr.employeeTable.name' },
  { value: 'position', label: 'hr.employeeList.position' },
  { value: 'department', label: 'hr.employeeList.department' },
  { value: 'hire_date', label: 'hr.employeeTable.hireDate' },
];
// Ascending is the empty choice (the API's default), so the list offers only the other way.
const ORDER_OPTIONS: readonly { value: string; label: MessageId }[] = [
  { value: 'desc', label: 'hr.employeeList.descending' },
];

/** The choices of each list, in the language shown. */
function useOptions() {
  const t = useT();
  const locale = useLocale();
  return useMemo(() => {
    const words = (options: readonly { value: string; label: MessageId }[]): SelectOption[] =>
      options.map(({ value, label }) => ({ value, label: t(label) }));
    return {
      position: POSITIONS.map((p) => ({ value: p.id, label: localName(p, locale) })),
      department: DEPARTMENTS.map((d) => ({ value: d.id, label: localName(d, locale) })),
      status: words(STATUS_OPTIONS),
      sort: words(SORT_OPTIONS),
      order: words(ORDER_OPTIONS),
    };
  }, [t, locale]);
}

type ControlValues = Record<ViewKey, string>;

const valuesOf = (view: EmployeeListView): ControlValues =>
  Object.fromEntries(KEYS.map((key) => [key, view[key] ?? ''])) as ControlValues;

/**
 * Filters (position, department, work status) and the sort of the employee list. Each choice
 * applies at once: the list asks the server again (it is paged, so sorting or filtering the
 * rows already loaded would show a wrong part of it).
 */
export function EmployeeListControls({
  view,
  onChange,
}: {
  view: EmployeeListView;
  onChange: (next: EmployeeListView) => void;
}) {
  const t = useT();
  const options = useOptions();
  const form = useForm<ControlValues>({ values: valuesOf(view) });
  const apply = () => {
    const values = form.getValues();
    const next: Record<string, string> = {};
    for (const key of KEYS) if (values[key]) next[key] = values[key];
    onChange(next);
  };
  const filtered = KEYS.some((key) => view[key]);
  return (
    <FormProvider {...form}>
      <form
        aria-label={t('hr.employeeList.controls')}
        className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4"
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          <SelectField
            name="position_id"
            label={t('hr.employeeList.position')}
            options={options.position}
            emptyLabel={t('hr.employeeList.anyPosition')}
            onValueChange={apply}
          />
          <SelectField
            name="department_id"
            label={t('hr.employeeList.department')}
            options={options.department}
            emptyLabel={t('hr.employeeList.anyDepartment')}
            onValueChange={apply}
          />
          <SelectField
            name="work_status"
            label={t('hr.employeeList.workStatus')}
            options={options.status}
            emptyLabel={t('hr.employeeList.any')}
            onValueChange={apply}
          />
          <SelectField
            name="sort"
            label={t('hr.employeeList.sortBy')}
            options={options.sort}
            emptyLabel={t('hr.employeeList.orderAdded')}
            onValueChange={apply}
          />
          <SelectField
            name="order"
            label={t('hr.employeeList.order')}
            options={options.order}
            emptyLabel={t('hr.employeeList.ascending')}
            onValueChange={apply}
          />
        </div>
        {filtered && (
          <div>
            <Button variant="secondary" onClick={() => onChange({})}>
              {t('hr.employeeList.clear')}
            </Button>
          </div>
        )}
      </form>
    </FormProvider>
  );
}

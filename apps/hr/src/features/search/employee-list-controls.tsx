import { FormProvider, useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { EMPLOYEE_SORT_KEYS, type EmployeeListView } from '@portal/contract';
import { DEPARTMENTS, POSITIONS } from '@portal/reference-data';
import { SelectField, type SelectOption } from '@portal/form-widgets';
import { Button } from '@portal/ui';

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

const POSITION_OPTIONS: readonly SelectOption[] = POSITIONS.map((p) => ({
  value: p.id,
  label: p.name,
}));
const DEPARTMENT_OPTIONS: readonly SelectOption[] = DEPARTMENTS.map((d) => ({
  value: d.id,
  label: d.name,
}));
const STATUS_OPTIONS: readonly SelectOption[] = [
  { value: 'yes', label: 'Working (yes)' },
  { value: 'no', label: 'Left (no)' },
];
const SORT_OPTIONS: readonly SelectOption[] = [
  { value: 'name', label: 'Name' },
  { value: 'position', label: 'Position' },
  { value: 'department', label: 'Department' },
  { value: 'hire_date', label: 'Hire date' },
];
// Ascending is the empty choice (the API's default), so the list offers only the other way.
const ORDER_OPTIONS: readonly SelectOption[] = [
  { value: 'desc', label: 'Descending (Z–A, newest first)' },
];

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
        aria-label="Sort and filter employees"
        className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4"
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          <SelectField
            name="position_id"
            label="Position"
            options={POSITION_OPTIONS}
            emptyLabel="Any position"
            onValueChange={apply}
          />
          <SelectField
            name="department_id"
            label="Department"
            options={DEPARTMENT_OPTIONS}
            emptyLabel="Any department"
            onValueChange={apply}
          />
          <SelectField
            name="work_status"
            label="Work status"
            options={STATUS_OPTIONS}
            emptyLabel="Any"
            onValueChange={apply}
          />
          <SelectField
            name="sort"
            label="Sort by"
            options={SORT_OPTIONS}
            emptyLabel="Order added"
            onValueChange={apply}
          />
          <SelectField
            name="order"
            label="Order"
            options={ORDER_OPTIONS}
            emptyLabel="Ascending (A–Z, oldest first)"
            onValueChange={apply}
          />
        </div>
        {filtered && (
          <div>
            <Button variant="secondary" onClick={() => onChange({})}>
              Clear sort and filters
            </Button>
          </div>
        )}
      </form>
    </FormProvider>
  );
}

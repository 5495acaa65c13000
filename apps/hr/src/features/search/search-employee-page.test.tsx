import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { type Employee, MESSAGES, ROUTES } from '@portal/contract';
import {
  createHandlers,
  emptyListHandler,
  makeEmployee,
  makeEmployees,
  pendingHandler,
  problemHandler,
  recordBodies,
  recordQueries,
  renderWithProviders,
  setupMswServer,
} from '@portal/testing';
import { SearchEmployeePage } from './search-employee-page';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
const server = setupMswServer();

const NURSE = makeEmployee(
  {
    employee_id: 'E002',
    first_name: 'Chaiwat',
    last_name: 'Saetang',
    position_id: 'P002',
    salary: 36500,
    email: 'chaiwat.saetang@hotmail.com',
    phone_number: '022-408-6578',
    hire_date: '2016-06-04',
    work_status: 'yes',
  },
  2,
);
const LEAVER = makeEmployee(
  {
    employee_id: 'E007',
    first_name: 'Arthit',
    last_name: 'Wongsawat',
    position_id: 'P009',
    work_status: 'no',
    hire_date: '2021-09-16',
    resignation_date: '2021-12-16',
  },
  7,
);
const NO_POSITION = makeEmployee(
  { employee_id: 'E015', first_name: 'Grace', last_name: 'Carter', position_id: null },
  15,
);

function serveEmployees(employees: Employee[]) {
  server.use(...createHandlers({ employees }));
}

function renderPage() {
  const user = userEvent.setup();
  renderWithProviders(<SearchEmployeePage />, { session: { role: 'HR' } });
  const form = screen.getByRole('search', { name: 'Search employees' });
  const results = screen.getByRole('region', { name: 'Employees' });
  return {
    user,
    form,
    results,
    id: within(form).getByRole('textbox', { name: 'Employee ID' }),
    first: within(form).getByRole('textbox', { name: 'First Name' }),
    last: within(form).getByRole('textbox', { name: 'Last Name' }),
    search: () => within(form).getByRole('button', { name: /^Search/ }),
  };
}

/** The table's rows of employees (the heading row left out). */
function employeeRows(results: HTMLElement): HTMLElement[] {
  return within(results)
    .queryAllByRole('row')
    .filter((row) => within(row).queryAllByRole('cell').length > 0);
}

/** A row's cells by their column's name (the label each stacked cell shows on a phone). */
function cellsOf(row: HTMLElement): Record<string, string> {
  const cells: Record<string, string> = {};
  for (const cell of within(row).getAllByRole('cell')) {
    const label = cell.dataset['label'];
    if (label) cells[label] = cell.textContent ?? '';
  }
  return cells;
}

/** The names of the employees listed, in order, each with the id ("Chaiwat Saetang E002"). */
function listedNames(results: HTMLElement): string[] {
  return employeeRows(results).map((row) => {
    const cells = cellsOf(row);
    return `${cells['Name']} ${cells['Employee ID']}`;
  });
}

describe('SearchEmployeePage', () => {
  it('loads the list on open, each employee with every field the search answers', async () => {
    serveEmployees([NURSE, LEAVER, NO_POSITION]);
    const { results } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Employee Information' })).toBeVisible();
    expect(await within(results).findByText('Showing 3 of 3 employees')).toBeInTheDocument();
    expect(listedNames(results)).toEqual([
      'Chaiwat Saetang E002',
      'Arthit Wongsawat E007',
      'Grace Carter E015',
    ]);
    expect(within(results).getByRole('table', { name: 'Employees' })).toBeInTheDocument();
    const [nurse, leaver, unplaced] = employeeRows(results);
    // Each employee leads to the edit form, filled with them; a target of 44 × 44 px at least.
    const edit = within(nurse!).getByRole('link', { name: 'Edit Chaiwat Saetang' });
    expect(edit).toHaveAttribute('href', `${ROUTES.editEmployee}?employee_id=E002`);
    expect(edit).toHaveClass('min-h-11', 'min-w-11');
    // A working clinician leads to their clinic hours as well, the Employee ID filled in.
    const hours = within(nurse!).getByRole('link', { name: 'Clinic hours of Chaiwat Saetang' });
    expect(hours).toHaveAttribute('href', `${ROUTES.clinicHours}?employee_id=E002`);
    expect(hours).toHaveClass('min-h-11', 'min-w-11');
    // A leaver and someone in no clinical position keep no clinic hours.
    for (const row of [leaver!, unplaced!])
      expect(within(row).queryByRole('link', { name: /^Clinic hours/ })).toBeNull();
    expect(cellsOf(nurse!)).toEqual({
      Name: 'Chaiwat Saetang',
      'Employee ID': 'E002',
      Position: 'Nurse',
      Department: 'Nursing',
      'Work status': 'Yes',
      'Hire date': '2016-06-04',
      Salary: '36,500',
      Email: 'chaiwat.saetang@hotmail.com',
      Phone: '022-408-6578',
    });
    expect(cellsOf(leaver!)).toMatchObject({
      Position: 'IT Specialist',
      Department: 'Information Technology',
      'Work status': 'No (resigned 2021-12-16)',
    });
    expect(cellsOf(unplaced!)).toMatchObject({
      Position: MESSAGES.emptyValue,
      Department: MESSAGES.emptyValue,
    });
  });

  it('shows its progress while the list loads', async () => {
    server.use(pendingHandler('listEmployees'));
    const { results } = renderPage();
    expect(await within(results).findByRole('status')).toHaveTextContent('Loading employees…');
    expect(results).toHaveAttribute('aria-busy', 'true');
  });

  it('says "more than" when more employees match than the server counts', async () => {
    serveEmployees(makeEmployees(1_001));
    const { results } = renderPage();
    expect(
      await within(results).findByText('Showing 50 of more than 1,000 employees'),
    ).toBeInTheDocument();
  });

  it('pages a long list: 50 first, then Load more', async () => {
    serveEmployees(makeEmployees(60));
    const { user, results } = renderPage();
    expect(await within(results).findByText('Showing 50 of 60 employees')).toBeInTheDocument();
    await user.click(within(results).getByRole('button', { name: 'Load more employees' }));
    expect(await within(results).findByText('Showing 60 of 60 employees')).toBeInTheDocument();
    expect(
      within(results).queryByRole('button', { name: 'Load more employees' }),
    ).not.toBeInTheDocument();
    expect(employeeRows(results)).toHaveLength(60);
  });

  it("shows 'No patient data available.' when there are no employees at all", async () => {
    serveEmployees([]);
    const { results } = renderPage();
    expect(await within(results).findByText(MESSAGES.noPatientData)).toBeInTheDocument();
  });

  it('says the list could not be loaded', async () => {
    server.use(problemHandler('listEmployees', 500, 'Something went wrong on our side.'));
    const { results } = renderPage();
    expect(await within(results).findByRole('alert')).toHaveTextContent(
      MESSAGES.employeeLoadFailed,
    );
  });

  it('replaces the list with a non-empty result, found by a last-name fragment', async () => {
    serveEmployees([NURSE, LEAVER, NO_POSITION]);
    const bodies = recordBodies(server, 'searchEmployees');
    const { user, results, last, search } = renderPage();
    await within(results).findByText('Showing 3 of 3 employees');
    await user.type(last, 'ongsa');
    await user.click(search());
    expect(await within(results).findByText('Showing 1 of 1 employee')).toBeInTheDocument();
    expect(listedNames(results)).toEqual(['Arthit Wongsawat E007']);
    // Focus moves to what the search did, as after every form's submit.
    await waitFor(() => expect(screen.getByText('Results for last name “ongsa”.')).toHaveFocus());
    expect(bodies).toEqual([{ employee_id: '', first_name: '', last_name: 'ongsa' }]);
    // The spec clears every form after a submit.
    expect(last).toHaveValue('');
  });

  it('shows the same results again on Back from a page opened from them', async () => {
    serveEmployees([NURSE, LEAVER, NO_POSITION]);
    const user = userEvent.setup();
    function Elsewhere() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => void navigate(-1)}>
          Back
        </button>
      );
    }
    renderWithProviders(
      <Routes>
        <Route
          path="/search"
          element={
            <>
              <SearchEmployeePage />
              <Link to="/elsewhere">Open a record</Link>
            </>
          }
        />
        <Route path="/elsewhere" element={<Elsewhere />} />
      </Routes>,
      { route: '/search', session: { role: 'HR' } },
    );
    const results = () => screen.getByRole('region', { name: 'Employees' });
    await within(results()).findByText('Showing 3 of 3 employees');
    const form = screen.getByRole('search', { name: 'Search employees' });
    await user.type(within(form).getByRole('textbox', { name: 'Last Name' }), 'ongsa');
    await user.click(within(form).getByRole('button', { name: /^Search/ }));
    await within(results()).findByText('Showing 1 of 1 employee');

    await user.click(screen.getByRole('link', { name: 'Open a record' }));
    await user.click(await screen.findByRole('button', { name: 'Back' }));

    expect(await within(results()).findByText('Showing 1 of 1 employee')).toBeInTheDocument();
    expect(listedNames(results())).toEqual(['Arthit Wongsawat E007']);
    expect(screen.getByText('Results for last name “ongsa”.')).toBeInTheDocument();
  });

  it.each([
    ['the start of an id', 'id', 'E01', ['Grace Carter E015']],
    ['a first name', 'first', 'chai', ['Chaiwat Saetang E002']],
  ] as const)('finds employees by %s', async (_, input, typed, names) => {
    serveEmployees([NURSE, LEAVER, NO_POSITION]);
    const page = renderPage();
    await within(page.results).findByText('Showing 3 of 3 employees');
    await page.user.type(page[input], typed);
    await page.user.click(page.search());
    await waitFor(() => expect(listedNames(page.results)).toEqual(names));
  });

  it('keeps the full list when a search finds nobody, and says so', async () => {
    serveEmployees([NURSE, LEAVER]);
    const { user, results, first, search } = renderPage();
    await within(results).findByText('Showing 2 of 2 employees');
    await user.type(first, 'Nobody');
    await user.click(search());
    const text = await screen.findByText(
      'No match for first name “Nobody”; the full list is shown.',
    );
    const notice = text.closest('[role="status"]');
    await waitFor(() => expect(notice).toHaveFocus());
    expect(within(results).getByText('Showing 2 of 2 employees')).toBeInTheDocument();
    expect(listedNames(results)).toHaveLength(2);
  });

  it("shows 'No result' and 'Could not perform search' when the search fails", async () => {
    serveEmployees([NURSE]);
    server.use(problemHandler('searchEmployees', 500, 'Something went wrong on our side.'));
    const { user, results, last, search } = renderPage();
    await within(results).findByText('Showing 1 of 1 employee');
    await user.type(last, 'Sae');
    await user.click(search());
    expect(await within(results).findByRole('alert')).toHaveTextContent(MESSAGES.noResult);
    const notice = screen.getAllByRole('alert').find((a) => !results.contains(a))!;
    expect(notice).toHaveTextContent(MESSAGES.searchFailed);
    expect(notice).toHaveTextContent('Something went wrong on our side.');
    await waitFor(() => expect(notice).toHaveFocus());
  });

  it('shows an empty search over an empty list as no data', async () => {
    serveEmployees([]);
    server.use(emptyListHandler('searchEmployees'));
    const { user, results, first, search } = renderPage();
    await within(results).findByText(MESSAGES.noPatientData);
    await user.type(first, 'x');
    await user.click(search());
    expect(
      await screen.findByText('No match for first name “x”; the full list is shown.'),
    ).toBeInTheDocument();
    expect(within(results).getByText(MESSAGES.noPatientData)).toBeInTheDocument();
  });

  it('disables Search and Reset while a search runs', async () => {
    serveEmployees([NURSE]);
    server.use(pendingHandler('searchEmployees'));
    const { user, results, form, last } = renderPage();
    await within(results).findByText('Showing 1 of 1 employee');
    await user.type(last, 'Sae');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(await within(form).findByRole('button', { name: 'Search Working…' })).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Reset' })).toBeDisabled();
  });

  it('Reset goes back to the full list', async () => {
    serveEmployees([NURSE, LEAVER]);
    const { user, results, form, last, search } = renderPage();
    await within(results).findByText('Showing 2 of 2 employees');
    await user.type(last, 'Wong');
    await user.click(search());
    await within(results).findByText('Showing 1 of 1 employee');
    await user.click(within(form).getByRole('button', { name: 'Reset' }));
    expect(await within(results).findByText('Showing 2 of 2 employees')).toBeInTheDocument();
  });

  it('searches with the keyboard alone', async () => {
    serveEmployees([NURSE, LEAVER]);
    const { user, results, id } = renderPage();
    await within(results).findByText('Showing 2 of 2 employees');
    await user.tab();
    expect(id).toHaveFocus();
    await user.keyboard('E007{Enter}');
    await waitFor(() => expect(listedNames(results)).toEqual(['Arthit Wongsawat E007']));
  });

  describe('sort and filters', () => {
    const DOCTOR_B = makeEmployee(
      {
        employee_id: 'E020',
        first_name: 'Busaba',
        last_name: 'Kaewkla',
        position_id: 'P001',
        hire_date: '2011-01-10',
        work_status: 'yes',
      },
      20,
    );
    const DOCTOR_A = makeEmployee(
      {
        employee_id: 'E021',
        first_name: 'Anong',
        last_name: 'Boonma',
        position_id: 'P001',
        hire_date: '2018-04-02',
        work_status: 'no',
        resignation_date: '2022-01-31',
      },
      21,
    );
    const PORTER = makeEmployee(
      { employee_id: 'E022', first_name: 'Det', last_name: 'Ying', position_id: 'P010' },
      22,
    );
    const controls = () => screen.getByRole('form', { name: 'Sort and filter employees' });

    /** Every GET /employee the page made, as its query parameters. */
    const recordListQueries = () => recordQueries(server, 'listEmployees');

    it('filters by position on the server and says how many match', async () => {
      serveEmployees([NURSE, DOCTOR_B, LEAVER, DOCTOR_A, PORTER]);
      const queries = recordListQueries();
      const { user, results } = renderPage();
      await within(results).findByText('Showing 5 of 5 employees');
      await user.selectOptions(
        within(controls()).getByRole('combobox', { name: 'Position' }),
        'Doctor',
      );
      expect(await within(results).findByText('Showing 2 of 2 employees')).toBeInTheDocument();
      expect(listedNames(results)).toEqual(['Busaba Kaewkla E020', 'Anong Boonma E021']);
      expect(queries.at(-1)).toMatchObject({ position_id: 'P001' });
      // Work status narrows it further; the filters are ANDed.
      await user.selectOptions(
        within(controls()).getByRole('combobox', { name: 'Work status' }),
        'Working (yes)',
      );
      await waitFor(() => expect(listedNames(results)).toEqual(['Busaba Kaewkla E020']));
      expect(queries.at(-1)).toMatchObject({ position_id: 'P001', work_status: 'yes' });
      await user.click(within(controls()).getByRole('button', { name: 'Clear sort and filters' }));
      expect(await within(results).findByText('Showing 5 of 5 employees')).toBeInTheDocument();
    });

    it('filters by department (Porter and Receptionist are Patient Services)', async () => {
      serveEmployees([NURSE, PORTER, DOCTOR_A]);
      const { user, results } = renderPage();
      await within(results).findByText('Showing 3 of 3 employees');
      await user.selectOptions(
        within(controls()).getByRole('combobox', { name: 'Department' }),
        'Patient Services',
      );
      await waitFor(() => expect(listedNames(results)).toEqual(['Det Ying E022']));
    });

    it('sorts by name or hire date, either way, and marks the sorted column', async () => {
      serveEmployees([NURSE, DOCTOR_B, DOCTOR_A, PORTER]);
      const queries = recordListQueries();
      const { user, results } = renderPage();
      await within(results).findByText('Showing 4 of 4 employees');
      const sortBy = within(controls()).getByRole('combobox', { name: 'Sort by' });
      await user.selectOptions(sortBy, 'Name');
      await waitFor(() =>
        expect(listedNames(results)).toEqual([
          'Anong Boonma E021',
          'Busaba Kaewkla E020',
          'Chaiwat Saetang E002',
          'Det Ying E022',
        ]),
      );
      expect(queries.at(-1)).toMatchObject({ sort: 'name' });
      expect(within(results).getByRole('columnheader', { name: /^Name/ })).toHaveAttribute(
        'aria-sort',
        'ascending',
      );
      await user.selectOptions(sortBy, 'Hire date');
      await user.selectOptions(
        within(controls()).getByRole('combobox', { name: 'Order' }),
        'Descending (Z–A, newest first)',
      );
      await waitFor(() =>
        expect(employeeRows(results).map((row) => cellsOf(row)['Hire date'])).toEqual(
          [NURSE, DOCTOR_B, DOCTOR_A, PORTER]
            .map((e) => e.hire_date)
            .sort()
            .reverse(),
        ),
      );
      expect(queries.at(-1)).toMatchObject({ sort: 'hire_date', order: 'desc' });
      expect(within(results).getByRole('columnheader', { name: /^Hire date/ })).toHaveAttribute(
        'aria-sort',
        'descending',
      );
    });

    it('sorts by a column heading’s button, then the other way, with aria-sort on the heading', async () => {
      serveEmployees([NURSE, DOCTOR_B, DOCTOR_A, PORTER]);
      const queries = recordListQueries();
      const { user, results } = renderPage();
      await within(results).findByText('Showing 4 of 4 employees');
      const nameHeader = () => within(results).getByRole('columnheader', { name: /^Name/ });
      expect(nameHeader()).not.toHaveAttribute('aria-sort');
      await user.click(within(nameHeader()).getByRole('button', { name: /^Name/ }));
      await waitFor(() =>
        expect(listedNames(results)).toEqual([
          'Anong Boonma E021',
          'Busaba Kaewkla E020',
          'Chaiwat Saetang E002',
          'Det Ying E022',
        ]),
      );
      expect(queries.at(-1)).toMatchObject({ sort: 'name' });
      expect(queries.at(-1)).not.toHaveProperty('order');
      expect(nameHeader()).toHaveAttribute('aria-sort', 'ascending');
      // The same heading again: the other way.
      await user.click(within(nameHeader()).getByRole('button', { name: /^Name/ }));
      await waitFor(() => expect(listedNames(results)[0]).toBe('Det Ying E022'));
      expect(queries.at(-1)).toMatchObject({ sort: 'name', order: 'desc' });
      expect(nameHeader()).toHaveAttribute('aria-sort', 'descending');
      // Another heading sorts by its column, ascending; the name's mark goes.
      const hired = within(results).getByRole('columnheader', { name: /^Hire date/ });
      await user.click(within(hired).getByRole('button', { name: /^Hire date/ }));
      await waitFor(() =>
        expect(within(results).getByRole('columnheader', { name: /^Hire date/ })).toHaveAttribute(
          'aria-sort',
          'ascending',
        ),
      );
      expect(queries.at(-1)).toMatchObject({ sort: 'hire_date' });
      expect(nameHeader()).not.toHaveAttribute('aria-sort');
      // Columns the list cannot sort by have no button.
      expect(
        within(within(results).getByRole('columnheader', { name: /^Email/ })).queryByRole('button'),
      ).not.toBeInTheDocument();
    });

    it('opens with the view the address names, ignoring values it does not know', async () => {
      serveEmployees([NURSE, DOCTOR_B, DOCTOR_A, PORTER]);
      const queries = recordListQueries();
      renderWithProviders(<SearchEmployeePage />, {
        route: '/search?position=P001&sort=name&status=maybe',
        session: { role: 'HR' },
      });
      const results = screen.getByRole('region', { name: 'Employees' });
      expect(await within(results).findByText('Showing 2 of 2 employees')).toBeInTheDocument();
      expect(listedNames(results)).toEqual(['Anong Boonma E021', 'Busaba Kaewkla E020']);
      expect(queries[0]).toEqual({ position_id: 'P001', sort: 'name' });
      expect(within(controls()).getByRole('combobox', { name: 'Position' })).toHaveValue('P001');
      expect(within(controls()).getByRole('combobox', { name: 'Work status' })).toHaveValue('');
    });

    it('hides the list controls while a search result replaces the list', async () => {
      serveEmployees([NURSE, PORTER]);
      const { user, results, last, search } = renderPage();
      await within(results).findByText('Showing 2 of 2 employees');
      await user.type(last, 'Ying');
      await user.click(search());
      await within(results).findByText('Showing 1 of 1 employee');
      expect(
        screen.queryByRole('form', { name: 'Sort and filter employees' }),
      ).not.toBeInTheDocument();
    });
  });
});

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

/** The names of the employees listed, in order. */
function listedNames(results: HTMLElement): string[] {
  return within(results)
    .queryAllByRole('heading', { level: 2 })
    .map((h) => h.textContent ?? '');
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
    const nurse = within(results).getAllByRole('listitem')[0]!;
    // Each employee leads to the edit form, filled with them.
    expect(within(nurse).getByRole('link', { name: 'Edit Chaiwat Saetang' })).toHaveAttribute(
      'href',
      `${ROUTES.editEmployee}?employee_id=E002`,
    );
    const facts = Object.fromEntries(
      within(nurse)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({
      'Position:': 'Nurse',
      'Department:': 'Nursing',
      'Work status:': 'Yes',
      'Hire date:': '2016-06-04',
      'Salary:': '36,500',
      'Email:': 'chaiwat.saetang@hotmail.com',
      'Phone:': '022-408-6578',
    });
    const leaver = within(results).getAllByRole('listitem')[1]!;
    expect(leaver).toHaveTextContent('Position:IT Specialist');
    expect(leaver).toHaveTextContent('Department:Information Technology');
    expect(leaver).toHaveTextContent('Work status:No (resigned 2021-12-16)');
    const unplaced = within(results).getAllByRole('listitem')[2]!;
    expect(unplaced).toHaveTextContent(`Position:${MESSAGES.emptyValue}`);
    expect(unplaced).toHaveTextContent(`Department:${MESSAGES.emptyValue}`);
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
    expect(within(results).getAllByRole('listitem')).toHaveLength(60);
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
      'No employee matches that search; the full list is shown.',
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
      await screen.findByText('No employee matches that search; the full list is shown.'),
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
});

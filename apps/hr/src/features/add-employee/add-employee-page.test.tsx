import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link, Route, Routes } from 'react-router-dom';
import { MESSAGES } from '@portal/contract';
import { LEAVE_QUESTION } from '@portal/shell';
import {
  ACTIVATION_CODE_EXPIRES_AT,
  makeActivationCode,
  pendingHandler,
  problemHandler,
  recordBodies,
  renderWithProviders,
  setupMswServer,
} from '@portal/testing';
import { ACCESS_WAITS_TEXT, AddEmployeePage } from './add-employee-page';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
const server = setupMswServer();

afterEach(() => {
  vi.restoreAllMocks();
});

/** What HR types for a new nurse. */
const NURSE = {
  employeeId: 'E900',
  firstName: 'Kanya',
  lastName: 'Boonyasit',
  phone: '081-234-5678',
  salary: '38000',
  email: 'kanya.boonyasit@gmail.com',
  hireDate: '2026-01-05',
};

function renderPage() {
  const user = userEvent.setup();
  renderWithProviders(<AddEmployeePage />, { session: { role: 'HR' } });
  const form = screen.getByRole('form', { name: 'Add Employee' });
  return { user, form };
}

const field = (name: string | RegExp) => screen.getByRole('textbox', { name });
const salary = () => screen.getByRole('spinbutton', { name: 'Salary' });
const hireDate = () => screen.getByLabelText(/^Hire Date/);
const position = () => screen.getByRole('combobox', { name: 'Position' });

async function fillNurse(user: UserEvent, overrides: Partial<typeof NURSE> = {}) {
  const values = { ...NURSE, ...overrides };
  await user.type(field('Employee ID'), values.employeeId);
  await user.type(field('First Name'), values.firstName);
  await user.type(field('Last Name'), values.lastName);
  await user.selectOptions(position(), 'P002');
  await user.type(hireDate(), values.hireDate);
  await user.type(salary(), values.salary);
  await user.type(field('Email'), values.email);
  await user.type(field('Phone Number'), values.phone);
}

describe('AddEmployeePage', () => {
  it('offers the next free id beside the field: one press fills it in, still editable', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Use E013' }));
    expect(field('Employee ID')).toHaveValue('E013');
    expect(screen.queryByRole('button', { name: 'Use E013' })).not.toBeInTheDocument();
    await user.type(field('Employee ID'), '9');
    expect(field('Employee ID')).toHaveValue('E0139');
  });

  it('asks before a half-filled employee is left by a link (the app’s own router)', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <Link to="/employees-management/search-employee">Employee Information</Link>
        <Routes>
          <Route path="/employees-management/search-employee" element={<h1>Search</h1>} />
          <Route path="*" element={<AddEmployeePage />} />
        </Routes>
      </>,
      { session: { role: 'HR' } },
    );
    await user.type(screen.getByRole('textbox', { name: /^First Name/ }), 'Ada');
    await user.click(screen.getByRole('link', { name: 'Employee Information' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unsaved changes' });
    expect(dialog).toHaveAccessibleDescription(LEAVE_QUESTION);
    await user.click(screen.getByRole('button', { name: 'Stay on this page' }));
    expect(screen.getByRole('textbox', { name: /^First Name/ })).toHaveValue('Ada');
    await user.click(screen.getByRole('link', { name: 'Employee Information' }));
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByRole('heading', { name: 'Search' })).toBeInTheDocument();
  });

  it('shows the spec’s fields, the required ones marked, and Done and Reset', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Add Employee' })).toBeInTheDocument();
    for (const name of ['Employee ID', 'First Name', 'Last Name', 'Email', 'Phone Number']) {
      expect(field(name)).toBeRequired();
    }
    expect(field('Employee ID')).toHaveAttribute('placeholder', MESSAGES.employeeIdPlaceholder);
    expect(salary()).toBeRequired();
    expect(hireDate()).toBeRequired();
    expect(position()).not.toBeRequired();
    expect(screen.getByRole('button', { name: 'Done' })).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('button', { name: 'Reset' })).toBeEnabled();
  });

  it('offers P001 Doctor, P002 Nurse and P011 HR first, then every other position with its department', () => {
    renderPage();
    const options = within(position())
      .getAllByRole('option')
      .map((o) => [(o as HTMLOptionElement).value, o.textContent]);
    expect(options.slice(0, 4)).toEqual([
      ['', 'Choose…'],
      ['P001', 'P001 Doctor (Medicine)'],
      ['P002', 'P002 Nurse (Nursing)'],
      ['P011', 'P011 HR (Human Resources)'],
    ]);
    expect(options).toContainEqual(['P003', 'P003 Pharmacist (Pharmacy)']);
    expect(options).toContainEqual(['P010', 'P010 Porter (Patient Services)']);
    expect(options).toHaveLength(12);
  });

  it('says what each required field needs (the contract’s words) and sends nothing', async () => {
    const bodies = recordBodies(server, 'addEmployee');
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(field('First Name')).toHaveAccessibleDescription('Required'));
    const expected: [HTMLElement, string | RegExp][] = [
      [field('Employee ID'), 'Required'],
      [field('First Name'), 'Required'],
      [field('Last Name'), 'Required'],
      [hireDate(), 'Required'],
      [salary(), /Required$/],
      [field('Email'), /Required$/],
      [field('Phone Number'), 'Required'],
    ];
    for (const [element, message] of expected) {
      expect(element).toHaveAccessibleDescription(message);
      expect(element).toHaveAttribute('aria-invalid', 'true');
    }
    expect(position()).not.toHaveAttribute('aria-invalid');
    expect(bodies).toEqual([]);
  });

  it('refuses an email outside the allowed domains', async () => {
    const { user } = renderPage();
    await fillNurse(user, { email: 'kanya@yahoo.com' });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(field('Email')).toHaveAccessibleDescription(
        /Email must end in @gmail.com, @hotmail.com, @email.com/,
      ),
    );
  });

  it.each([
    ['45000.5', 'Salary must be a whole number'],
    ['-1', 'Salary cannot be negative'],
  ])('refuses a salary of %s', async (typed, message) => {
    const { user } = renderPage();
    await fillNurse(user, { salary: typed });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(salary()).toHaveAccessibleDescription(new RegExp(message)));
  });

  it('refuses an employee id that is not E and digits', async () => {
    const { user } = renderPage();
    await fillNurse(user, { employeeId: 'X12' });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(field('Employee ID')).toHaveAccessibleDescription(
        'Employee ID is E followed by digits, as E001',
      ),
    );
  });

  it('adds a nurse, shows the activation code to hand over, and clears the form', async () => {
    const bodies = recordBodies(server, 'addEmployee');
    const { user } = renderPage();
    await fillNurse(user);
    await user.click(screen.getByRole('button', { name: 'Done' }));

    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Employee E900 added');
    expect(notice).toHaveTextContent(makeActivationCode(1));
    expect(notice).toHaveTextContent('Give this code to Kanya Boonyasit (E900)');
    await waitFor(() => expect(notice).toHaveFocus());
    expect(within(notice).getByRole('button', { name: 'Copy code' })).toBeInTheDocument();
    expect(within(notice).getByText('2026-12-02')).toHaveAttribute(
      'datetime',
      ACTIVATION_CODE_EXPIRES_AT,
    );
    // The two-person rule: the new nurse signs in once another HR person approves.
    expect(screen.getByText(ACCESS_WAITS_TEXT)).toBeInTheDocument();

    expect(bodies).toEqual([
      {
        employee_id: 'E900',
        first_name: 'Kanya',
        last_name: 'Boonyasit',
        position_id: 'P002',
        phone_number: '081-234-5678',
        salary: 38000,
        email: 'kanya.boonyasit@gmail.com',
        hire_date: '2026-01-05',
        resignation_date: null,
        work_status: 'yes',
      },
    ]);
    expect(field('Employee ID')).toHaveValue('');
    expect(field('Last Name')).toHaveValue('');
    expect(salary()).toHaveValue(null);
    expect(position()).toHaveValue('');
  });

  it('adds an employee without a position, who gets no code, and says so', async () => {
    const bodies = recordBodies(server, 'addEmployee');
    const { user } = renderPage();
    await fillNurse(user);
    await user.selectOptions(position(), '');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Employee E900 added');
    expect(notice).toHaveTextContent(
      "Kanya Boonyasit's position does not give access to the portal, so no activation code was issued.",
    );
    expect(within(notice).queryByRole('button', { name: 'Copy code' })).not.toBeInTheDocument();
    expect(screen.queryByText(ACCESS_WAITS_TEXT)).not.toBeInTheDocument();
    expect(bodies).toEqual([expect.objectContaining({ position_id: null })]);
  });

  it('gives a pharmacist (a position without portal access) no code', async () => {
    const { user } = renderPage();
    await fillNurse(user);
    await user.selectOptions(position(), 'P003');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'position does not give access to the portal',
    );
  });

  it('shows the server’s message on a refusal, marks the field, and loses nothing', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const detail = 'An employee with this Employee ID already exists';
    server.use(
      problemHandler('addEmployee', 409, detail, [{ field: 'employee_id', message: detail }]),
    );
    const { user } = renderPage();
    await fillNurse(user);
    await user.click(screen.getByRole('button', { name: 'Done' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The employee was not added');
    expect(alert).toHaveTextContent(detail);
    await waitFor(() => expect(field('Employee ID')).toHaveAccessibleDescription(detail));
    expect(field('Employee ID')).toHaveFocus();
    expect(field('Employee ID')).toHaveValue('E900');
    expect(field('First Name')).toHaveValue('Kanya');
    expect(salary()).toHaveValue(38000);
    expect(position()).toHaveValue('P002');
    expect(hireDate()).toHaveValue('2026-01-05');
    expect(log).toHaveBeenCalledWith(MESSAGES.addEmployeeFailed);
  });

  it('moves focus to the message when the failure names no field', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(problemHandler('addEmployee', 500, 'Something went wrong on our side.'));
    const { user } = renderPage();
    await fillNurse(user);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong on our side.');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(field('Last Name')).toHaveValue('Boonyasit');
  });

  it('disables Done and Reset while the request runs', async () => {
    server.use(pendingHandler('addEmployee'));
    const { user } = renderPage();
    await fillNurse(user);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('button', { name: 'Done Working…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled();
  });

  it('Reset clears every field; the activation code stays until dismissed, with its handout', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user } = renderPage();
    await fillNurse(user);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await screen.findByRole('status');
    await user.type(field('First Name'), 'Somchai');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(field('First Name')).toHaveValue('');
    expect(screen.getByRole('status')).toBeInTheDocument();
    const handout = document.querySelector<HTMLElement>('body > [data-print-handout]')!;
    expect(handout).toHaveTextContent('Choose the role “Medical Personnel”');
    await user.click(screen.getByRole('button', { name: 'Print handout' }));
    expect(print).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('can be filled and sent with the keyboard alone', async () => {
    const bodies = recordBodies(server, 'addEmployee');
    const { user, form } = renderPage();
    await user.tab();
    expect(field('Employee ID')).toHaveFocus();
    await user.keyboard('E901');
    // The next free id is offered beside the field once the page is shown, one Tab away.
    const suggestion = await screen.findByRole('button', { name: 'Use E013' });
    await user.tab();
    expect(suggestion).toHaveFocus();
    await user.tab();
    expect(position()).toHaveFocus();
    await user.tab();
    await user.keyboard('Malee');
    await user.tab();
    await user.keyboard('Srisuk');
    await user.tab();
    expect(hireDate()).toHaveFocus();
    await user.keyboard('2025-09-01');
    await user.tab();
    await user.keyboard('41000');
    await user.tab();
    await user.keyboard('malee@email.com');
    await user.tab();
    await user.keyboard('02-123-4567{Enter}');
    expect(await within(form.parentElement!).findByRole('status')).toHaveTextContent(
      'Employee E901 added',
    );
    expect(bodies).toEqual([
      expect.objectContaining({ employee_id: 'E901', last_name: 'Srisuk', salary: 41000 }),
    ]);
  });
});

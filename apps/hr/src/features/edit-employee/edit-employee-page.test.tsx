import { screen, waitFor, within } from '@testing-library/react';
import { forgottenPasswordText } from '@portal/shell';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Employee, MESSAGES, OWN_ACCESS_FIELDS_MESSAGE, ROUTES } from '@portal/contract';
import { POSITIONS } from '@portal/reference-data';
import {
  createHandlers,
  makeActivationCode,
  makeEmployee,
  pendingHandler,
  problemHandler,
  recordBodies,
  renderWithProviders,
  setupMswServer,
} from '@portal/testing';
import { EditEmployeePage } from './edit-employee-page';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
const server = setupMswServer();

afterEach(() => {
  vi.restoreAllMocks();
});

/** A registered nurse, working. */
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
    resignation_date: null,
    registered: true,
  },
  2,
);
/** A nurse who has not registered yet. */
const NEW_NURSE = makeEmployee(
  {
    employee_id: 'E020',
    first_name: 'Kanya',
    last_name: 'Boonyasit',
    position_id: 'P002',
    hire_date: '2026-01-05',
    work_status: 'yes',
    registered: false,
  },
  20,
);
/** A pharmacist: a position the edit form does not offer, and no portal access. */
const PHARMACIST = makeEmployee(
  { employee_id: 'E012', position_id: 'P003', work_status: 'yes', registered: false },
  12,
);
/** Someone who left. */
const LEAVER = makeEmployee(
  {
    employee_id: 'E007',
    position_id: 'P002',
    hire_date: '2021-09-16',
    work_status: 'no',
    resignation_date: '2021-12-16',
    registered: false,
  },
  7,
);

/** Serves the mock API with these employees only. */
function serveEmployees(...employees: Employee[]) {
  server.use(...createHandlers({ employees }));
}

function renderPage(route = '/') {
  const user = userEvent.setup();
  renderWithProviders(<EditEmployeePage />, { route, session: { role: 'HR' } });
  const lookup = screen.getByRole('form', { name: 'Find an employee' });
  const form = screen.getByRole('form', { name: 'Edit Employee' });
  const inForm = within(form);
  const fields = {
    lookupId: within(lookup).getByRole('textbox', { name: 'Employee ID' }),
    id: () => inForm.getByRole('textbox', { name: 'Employee ID' }),
    first: () => inForm.getByRole('textbox', { name: 'First Name' }),
    last: () => inForm.getByRole('textbox', { name: 'Last Name' }),
    position: () => inForm.getByRole('combobox', { name: 'Position' }),
    salary: () => inForm.getByRole('spinbutton', { name: 'Salary' }),
    email: () => inForm.getByRole('textbox', { name: 'Email' }),
    phone: () => inForm.getByRole('textbox', { name: 'Phone Number' }),
    hireDate: () => inForm.getByLabelText(/^Hire Date/),
    resignationDate: () => inForm.queryByLabelText(/^Resignation Date/),
    yes: () => inForm.getByRole('radio', { name: 'Yes' }),
    no: () => inForm.getByRole('radio', { name: 'No' }),
    done: () => inForm.getByRole('button', { name: /^Done/ }),
  };
  return { user, lookup, form, fields };
}

/** Renders the page and loads an employee into it. */
async function renderLoaded(employeeId: string) {
  const page = renderPage();
  await page.user.type(page.fields.lookupId, employeeId);
  await page.user.click(screen.getByRole('button', { name: 'Load employee' }));
  await waitFor(() => expect(page.fields.id()).toHaveValue(employeeId.toUpperCase()));
  return page;
}

describe('EditEmployeePage', () => {
  it('loads the employee of ?employee_id= at once (the search page’s Edit link)', async () => {
    serveEmployees(NURSE);
    const { fields } = renderPage(`${ROUTES.editEmployee}?employee_id=E002`);
    expect(fields.lookupId).toHaveValue('E002');
    await waitFor(() => expect(fields.first()).toHaveValue('Chaiwat'));
  });

  it('replaces the id in the lookup box when another is typed, not appends to it', async () => {
    serveEmployees(NURSE, NEW_NURSE);
    const { user, fields } = await renderLoaded('E002');
    expect(fields.lookupId).toHaveValue('E002');
    // A click into the box, as a person would, then the next id.
    await user.click(fields.lookupId);
    await user.keyboard('E020');
    expect(fields.lookupId).toHaveValue('E020');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(fields.first()).toHaveValue('Kanya'));
    // And by Tab: the box's text is selected as it gets focus.
    await user.click(fields.first());
    for (let i = 0; i < 10 && document.activeElement !== fields.lookupId; i++) {
      await user.tab({ shift: true });
    }
    expect(fields.lookupId).toHaveFocus();
    await user.keyboard('E002');
    expect(fields.lookupId).toHaveValue('E002');
  });

  it('asks before loading another employee over unsaved changes', async () => {
    serveEmployees(NURSE, NEW_NURSE);
    const { user, fields } = await renderLoaded('E002');
    await user.clear(fields.salary());
    await user.type(fields.salary(), '40000');
    await user.click(fields.lookupId);
    await user.keyboard('E020{Enter}');
    const question = await screen.findByRole('alertdialog', { name: 'Unsaved changes' });
    expect(question).toHaveTextContent(
      'Load another employee? What you changed for Chaiwat Saetang has not been saved.',
    );
    // Stay: the changes are kept, the other employee is not loaded.
    await user.click(within(question).getByRole('button', { name: 'Stay on this page' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(fields.first()).toHaveValue('Chaiwat');
    expect(fields.salary()).toHaveValue(40000);
    // Carry on: the other employee replaces them.
    await user.click(screen.getByRole('button', { name: 'Load employee' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Unsaved changes' })).getByRole(
        'button',
        { name: 'Load without saving' },
      ),
    );
    await waitFor(() => expect(fields.first()).toHaveValue('Kanya'));
  });

  it('loads another employee without asking when nothing was changed', async () => {
    serveEmployees(NURSE, NEW_NURSE);
    const { user, fields } = await renderLoaded('E002');
    await user.click(fields.lookupId);
    await user.keyboard('E020{Enter}');
    await waitFor(() => expect(fields.first()).toHaveValue('Kanya'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks for an employee id first; the form waits, disabled', () => {
    const { fields } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Employee' })).toBeInTheDocument();
    expect(fields.lookupId).toHaveAttribute('placeholder', MESSAGES.employeeIdPlaceholder);
    expect(screen.getByText('Load an employee to edit their record.')).toBeInTheDocument();
    expect(fields.first()).toBeDisabled();
    expect(fields.done()).toBeDisabled();
  });

  it('fills itself from the employee’s record, nothing required, Resignation Date hidden', async () => {
    serveEmployees(NURSE);
    const { fields } = await renderLoaded('e002');
    expect(fields.id()).toBeDisabled();
    expect(fields.first()).toHaveValue('Chaiwat');
    expect(fields.last()).toHaveValue('Saetang');
    expect(fields.position()).toHaveValue('nurse');
    expect(fields.salary()).toHaveValue(36500);
    expect(fields.email()).toHaveValue('chaiwat.saetang@hotmail.com');
    expect(fields.phone()).toHaveValue('022-408-6578');
    expect(fields.hireDate()).toHaveValue('2016-06-04');
    expect(fields.yes()).toBeChecked();
    expect(fields.resignationDate()).not.toBeInTheDocument();
    for (const element of [fields.first(), fields.salary(), fields.email(), fields.hireDate()]) {
      expect(element).not.toBeRequired();
    }
  });

  it('says whether the account signs in with two-step verification (never a secret)', async () => {
    serveEmployees({ ...NURSE, second_factor: true }, NEW_NURSE);
    await renderLoaded('E002');
    expect(
      screen.getByText(/^Portal account: registered\. Two-step verification:/),
    ).toHaveTextContent(
      'Portal account: registered. Two-step verification: on. A lost phone is reset by an administrator.',
    );
  });

  it('says two-step verification is off, or that there is no account yet', async () => {
    serveEmployees({ ...NURSE, second_factor: false }, NEW_NURSE);
    const page = await renderLoaded('E002');
    expect(screen.getByText(/^Portal account:/)).toHaveTextContent(
      'Portal account: registered. Two-step verification: off.',
    );
    await page.user.clear(page.fields.lookupId);
    await page.user.type(page.fields.lookupId, 'E020');
    await page.user.click(screen.getByRole('button', { name: 'Load employee' }));
    expect(await screen.findByText('Portal account: not registered yet.')).toBeInTheDocument();
  });

  it('links a working clinician to their clinic hours, the Employee ID filled in; nobody else', async () => {
    serveEmployees(NURSE, PHARMACIST, LEAVER);
    const page = await renderLoaded('E002');
    const hours = screen.getByRole('link', { name: 'Clinic hours of Chaiwat Saetang' });
    expect(hours).toHaveAttribute('href', `${ROUTES.clinicHours}?employee_id=E002`);
    expect(hours).toHaveClass('min-h-11', 'min-w-11');
    for (const other of ['E012', 'E007']) {
      await page.user.clear(page.fields.lookupId);
      await page.user.type(page.fields.lookupId, other);
      await page.user.click(screen.getByRole('button', { name: 'Load employee' }));
      await waitFor(() => expect(page.fields.id()).toHaveValue(other));
      expect(screen.queryByRole('link', { name: /^Clinic hours/ })).toBeNull();
    }
  });

  it('offers every position: the spec’s doctor, nurse, HR first, then the others by id', async () => {
    serveEmployees(NURSE);
    const { fields } = await renderLoaded('E002');
    const options = within(fields.position())
      .getAllByRole('option')
      .map((o) => [(o as HTMLOptionElement).value, o.textContent]);
    expect(options).toEqual([
      ['', 'Choose…'],
      ['doctor', 'Doctor'],
      ['nurse', 'Nurse'],
      ['HR', 'HR'],
      ['P003', 'Pharmacist'],
      ['P004', 'Radiographer'],
      ['P005', 'Laboratory Technician'],
      ['P006', 'Physiotherapist'],
      ['P007', 'Receptionist'],
      ['P008', 'Accountant'],
      ['P009', 'IT Specialist'],
      ['P010', 'Porter'],
    ]);
    expect(options).toHaveLength(1 + POSITIONS.length);
  });

  it('shows a position beyond the spec’s three as it is', async () => {
    serveEmployees(PHARMACIST);
    const { fields } = await renderLoaded('E012');
    expect(fields.position()).toHaveValue('P003');
    expect(within(fields.position()).getByRole('option', { selected: true })).toHaveTextContent(
      'Pharmacist',
    );
  });

  it('sends a position beyond the spec’s three by its id (a nurse made a porter)', async () => {
    serveEmployees(NURSE);
    const bodies = recordBodies(server, 'updateEmployee');
    const { user, fields } = await renderLoaded('E002');
    await user.selectOptions(fields.position(), 'Porter');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await screen.findByText(/Employee E002 updated/);
    expect(bodies).toEqual([{ employee_id: 'E002', position_id: 'P010' }]);
  });

  it('says so when there is no such employee', async () => {
    serveEmployees(NURSE);
    const { user, fields } = renderPage();
    await user.type(fields.lookupId, 'E999');
    await user.click(screen.getByRole('button', { name: 'Load employee' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the employee');
    expect(alert).toHaveTextContent('No employee with ID E999');
    expect(fields.first()).toBeDisabled();
  });

  it('refuses an id that is not E and digits before asking', async () => {
    const { user, fields } = renderPage();
    await user.type(fields.lookupId, 'nurse');
    await user.click(screen.getByRole('button', { name: 'Load employee' }));
    await waitFor(() =>
      expect(fields.lookupId).toHaveAccessibleDescription(
        'Employee ID is E followed by digits, as E001',
      ),
    );
  });

  it('shows the signed-in HR person’s own position and work status read-only, and saves the rest', async () => {
    // The session's employee is E003 (the fake HR token's), whose record is this one.
    const self = makeEmployee(
      { employee_id: 'E003', position_id: 'P011', work_status: 'yes', registered: true },
      3,
    );
    serveEmployees(NURSE, self);
    const bodies = recordBodies(server, 'updateEmployee');
    const { user, fields } = await renderLoaded('E003');
    await waitFor(() => expect(fields.position()).toBeDisabled());
    expect(fields.position()).toHaveAccessibleDescription(OWN_ACCESS_FIELDS_MESSAGE);
    expect(fields.yes()).toBeDisabled();
    expect(fields.no()).toBeDisabled();
    expect(fields.phone()).toBeEnabled();
    await user.clear(fields.phone());
    await user.type(fields.phone(), '0812223333');
    await user.click(fields.done());
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Employee E003 updated (1 change).',
    );
    expect(bodies).toEqual([{ employee_id: 'E003', phone_number: '0812223333' }]);

    // Someone else's record: both can be changed.
    await user.type(fields.lookupId, 'E002');
    await user.click(screen.getByRole('button', { name: 'Load employee' }));
    await waitFor(() => expect(fields.id()).toHaveValue('E002'));
    expect(fields.position()).toBeEnabled();
    expect(fields.no()).toBeEnabled();
  });

  it('says when the employee’s portal access waits for a second HR person', async () => {
    serveEmployees({ ...NEW_NURSE, access_pending: true });
    await renderLoaded('E020');
    expect(
      screen.getByText(/Their access waits for a second HR person’s approval/),
    ).toBeInTheDocument();
  });

  it('sends only the salary when only the salary changed, then clears the form', async () => {
    serveEmployees(NURSE);
    const bodies = recordBodies(server, 'updateEmployee');
    const { user, fields } = await renderLoaded('E002');
    await user.clear(fields.salary());
    await user.type(fields.salary(), '52000');
    await user.click(fields.done());

    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Employee E002 updated (1 change).');
    expect(notice).not.toHaveTextContent('revoked');
    await waitFor(() => expect(notice).toHaveFocus());
    expect(bodies).toEqual([{ employee_id: 'E002', salary: 52000 }]);
    expect(fields.lookupId).toHaveValue('');
    expect(fields.first()).toHaveValue('');
    expect(fields.first()).toBeDisabled();
  });

  it('sends the position as the edit form names it, with the other changes', async () => {
    serveEmployees(NURSE);
    const bodies = recordBodies(server, 'updateEmployee');
    const { user, fields } = await renderLoaded('E002');
    await user.selectOptions(fields.position(), 'doctor');
    await user.clear(fields.last());
    await user.type(fields.last(), 'Saetang-Wong');
    await user.click(fields.done());
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Employee E002 updated (2 changes).',
    );
    expect(bodies).toEqual([
      { employee_id: 'E002', last_name: 'Saetang-Wong', position_id: 'doctor' },
    ]);
  });

  it('sends nothing when nothing changed, and says so', async () => {
    serveEmployees(NURSE);
    const bodies = recordBodies(server, 'updateEmployee');
    const { user, fields } = await renderLoaded('E002');
    await user.click(fields.done());
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Nothing was changed, so nothing was saved.',
    );
    expect(bodies).toEqual([]);
    expect(fields.first()).toHaveValue('Chaiwat');
  });

  it('still applies the email domain rule', async () => {
    serveEmployees(NURSE);
    const bodies = recordBodies(server, 'updateEmployee');
    const { user, fields } = await renderLoaded('E002');
    await user.clear(fields.email());
    await user.type(fields.email(), 'chaiwat@yahoo.com');
    await user.click(fields.done());
    await waitFor(() =>
      expect(fields.email()).toHaveAccessibleDescription(
        /Email must end in @gmail.com, @hotmail.com, @email.com/,
      ),
    );
    expect(bodies).toEqual([]);
  });

  it('shows a required Resignation Date only while work status is no', async () => {
    serveEmployees(NURSE);
    const bodies = recordBodies(server, 'updateEmployee');
    const { user, fields } = await renderLoaded('E002');
    await user.click(fields.no());
    const date = fields.resignationDate()!;
    expect(date).toBeRequired();
    expect(date).toHaveAttribute('min', '2016-06-04');
    await user.click(fields.done());
    await waitFor(() =>
      expect(date).toHaveAccessibleDescription(
        /Resignation Date is required when work status is no$/,
      ),
    );
    expect(bodies).toEqual([]);
    await user.click(fields.yes());
    expect(fields.resignationDate()).not.toBeInTheDocument();
  });

  it('refuses a Resignation Date before the hire date', async () => {
    serveEmployees(NURSE);
    const bodies = recordBodies(server, 'updateEmployee');
    const { user, fields } = await renderLoaded('E002');
    await user.click(fields.no());
    await user.type(fields.resignationDate()!, '2015-12-31');
    await user.click(fields.done());
    await waitFor(() =>
      expect(fields.resignationDate()).toHaveAccessibleDescription(
        /Resignation Date must be on or after the hire date$/,
      ),
    );
    expect(bodies).toEqual([]);
  });

  it('ends a leaver’s access: sends work status no with the date, and tells HR', async () => {
    serveEmployees(NURSE);
    const bodies = recordBodies(server, 'updateEmployee');
    const { user, fields } = await renderLoaded('E002');
    await user.click(fields.no());
    await user.type(fields.resignationDate()!, '2026-10-31');
    await user.click(fields.done());
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Employee E002 updated (2 changes).');
    expect(notice).toHaveTextContent(
      "Chaiwat Saetang's access to the portal has been revoked; their open sessions were ended.",
    );
    expect(bodies).toEqual([
      { employee_id: 'E002', work_status: 'no', resignation_date: '2026-10-31' },
    ]);
  });

  it('tells HR about revoked access also for someone who never registered', async () => {
    serveEmployees(NEW_NURSE);
    const { user, fields } = await renderLoaded('E020');
    await user.click(fields.no());
    await user.type(fields.resignationDate()!, '2026-03-01');
    await user.click(fields.done());
    expect(await screen.findByRole('status')).toHaveTextContent(
      "Kanya Boonyasit's access to the portal has been revoked",
    );
  });

  it('tells HR whenever the server says it ended sessions', async () => {
    serveEmployees(LEAVER);
    server.use(
      http.put('*/api/employee/update-employee', () =>
        HttpResponse.json({ ...LEAVER, phone_number: '02-555-0101', sessions_revoked: 2 }),
      ),
    );
    const { user, fields } = await renderLoaded('E007');
    expect(fields.no()).toBeChecked();
    expect(fields.resignationDate()).toHaveValue('2021-12-16');
    await user.clear(fields.phone());
    await user.type(fields.phone(), '02-555-0101');
    await user.click(fields.done());
    expect(await screen.findByRole('status')).toHaveTextContent(
      `${LEAVER.first_name} ${LEAVER.last_name}'s access to the portal has been revoked; their open sessions were ended.`,
    );
  });

  it('tells HR that a new position with another role ended the sessions, not the access', async () => {
    serveEmployees(NURSE);
    server.use(
      http.put('*/api/employee/update-employee', () =>
        HttpResponse.json({
          ...NURSE,
          position_id: 'P011',
          position_name: 'HR',
          department_name: 'Human Resources',
          sessions_revoked: 1,
        }),
      ),
    );
    const { user, fields } = await renderLoaded('E002');
    await user.selectOptions(fields.position(), 'HR');
    await user.click(fields.done());
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(
      "Chaiwat Saetang's open sessions were ended: the new position changes what they may do in the portal, so they log in again to continue.",
    );
    expect(notice).not.toHaveTextContent('access to the portal has been revoked');
  });

  it('does not send a Resignation Date hidden again by work status yes', async () => {
    serveEmployees(NURSE);
    const bodies = recordBodies(server, 'updateEmployee');
    const { user, fields } = await renderLoaded('E002');
    await user.click(fields.no());
    await user.type(fields.resignationDate()!, '2026-10-31');
    await user.click(fields.yes());
    await user.clear(fields.first());
    await user.type(fields.first(), 'Chai');
    await user.click(fields.done());
    await screen.findByRole('status');
    expect(bodies).toEqual([{ employee_id: 'E002', first_name: 'Chai' }]);
  });

  it('shows the server’s refusal of the Resignation Date on the field and keeps the typing', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serveEmployees(NURSE);
    const message = 'Resignation Date must be on or after the hire date';
    server.use(
      problemHandler('updateEmployee', 400, message, [{ field: 'resignation_date', message }]),
    );
    const { user, fields } = await renderLoaded('E002');
    await user.click(fields.no());
    await user.type(fields.resignationDate()!, '2026-10-31');
    await user.click(fields.done());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The employee was not updated');
    expect(alert).toHaveTextContent(message);
    await waitFor(() =>
      expect(fields.resignationDate()).toHaveAccessibleDescription(new RegExp(`${message}$`)),
    );
    expect(fields.resignationDate()).toHaveFocus();
    expect(fields.resignationDate()).toHaveValue('2026-10-31');
    expect(fields.first()).toHaveValue('Chaiwat');
    expect(log).toHaveBeenCalledWith(MESSAGES.editEmployeeFailed);
  });

  it('shows any other failure’s message and keeps the typing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serveEmployees(NURSE);
    server.use(problemHandler('updateEmployee', 500, 'Something went wrong on our side.'));
    const { user, fields } = await renderLoaded('E002');
    await user.clear(fields.salary());
    await user.type(fields.salary(), '40000');
    await user.click(fields.done());
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    expect(fields.salary()).toHaveValue(40000);
  });

  it('disables Done and Reset while the save runs', async () => {
    serveEmployees(NURSE);
    server.use(pendingHandler('updateEmployee'));
    const { user, fields, form } = await renderLoaded('E002');
    await user.clear(fields.salary());
    await user.type(fields.salary(), '40000');
    await user.click(fields.done());
    expect(await within(form).findByRole('button', { name: 'Done Working…' })).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Reset' })).toBeDisabled();
  });

  it('disables Load employee while the record loads', async () => {
    serveEmployees(NURSE);
    server.use(pendingHandler('getEmployee'));
    const { user, fields } = renderPage();
    await user.type(fields.lookupId, 'E002');
    await user.click(screen.getByRole('button', { name: 'Load employee' }));
    expect(await screen.findByRole('button', { name: 'Load employee Working…' })).toBeDisabled();
  });

  it('Reset empties the form and forgets the employee', async () => {
    serveEmployees(NURSE);
    const { user, fields, form } = await renderLoaded('E002');
    await user.click(within(form).getByRole('button', { name: 'Reset' }));
    expect(fields.first()).toHaveValue('');
    expect(fields.lookupId).toHaveValue('');
    expect(fields.first()).toBeDisabled();
  });

  describe('a new activation code', () => {
    it('is offered for a working nurse who has not registered, and shown', async () => {
      serveEmployees(NEW_NURSE);
      const { user } = await renderLoaded('E020');
      expect(
        screen.getByText('Kanya Boonyasit has not registered for the portal yet.'),
      ).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Issue a new activation code' }));
      const notice = await screen.findByRole('status');
      expect(notice).toHaveTextContent('New activation code (the previous one no longer works)');
      expect(notice).toHaveTextContent(makeActivationCode(1));
      expect(notice).toHaveTextContent('Give this code to Kanya Boonyasit (E020)');
    });

    it('shows the API’s refusal', async () => {
      serveEmployees(NEW_NURSE);
      const detail = 'This employee has already registered an account';
      server.use(
        problemHandler('reissueEmployeeCode', 409, detail, [
          { field: 'employee_id', message: detail },
        ]),
      );
      const { user } = await renderLoaded('E020');
      await user.click(screen.getByRole('button', { name: 'Issue a new activation code' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('No new activation code');
      expect(alert).toHaveTextContent(detail);
    });

    it('is busy while the code is issued', async () => {
      serveEmployees(NEW_NURSE);
      server.use(pendingHandler('reissueEmployeeCode'));
      const { user } = await renderLoaded('E020');
      await user.click(screen.getByRole('button', { name: 'Issue a new activation code' }));
      expect(
        await screen.findByRole('button', { name: 'Issue a new activation code Working…' }),
      ).toBeDisabled();
    });

    it('is offered for a registered nurse, for a forgotten password', async () => {
      serveEmployees(NURSE);
      await renderLoaded(NURSE.employee_id);
      expect(screen.getByText(forgottenPasswordText('Chaiwat Saetang'))).toBeVisible();
      expect(screen.getByRole('button', { name: 'Issue a new activation code' })).toBeVisible();
    });

    it.each([
      ['who has left', LEAVER],
      ['whose position has no portal access', PHARMACIST],
    ])('is not offered for an employee %s', async (_, employee) => {
      serveEmployees(employee);
      await renderLoaded(employee.employee_id);
      expect(
        screen.queryByRole('button', { name: 'Issue a new activation code' }),
      ).not.toBeInTheDocument();
    });
  });
});

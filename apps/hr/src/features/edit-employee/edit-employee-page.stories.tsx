import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { OWN_ACCESS_FIELDS_MESSAGE, ROUTES } from '@portal/contract';
import {
  createMockApi,
  makeActivationCode,
  makeEmployee,
  makeEmployees,
  pendingHandler,
  problemHandler,
} from '@portal/testing';
import {
  fitsThePhone,
  forgetSession,
  inPortalFrame,
  type PortalParameters,
  inManagementSection,
} from '@portal/testing/story-kit';
import { EditEmployeePage } from './edit-employee-page';

/** A nurse hired this year who has not registered for the portal yet. */
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

/**
 * The mock API of these stories: the usual twelve employees (E002 is Chaiwat Saetang, a
 * registered nurse) and the new nurse; every story starts from this data as it was.
 */
const api = createMockApi({ employees: [...makeEmployees(12), NEW_NURSE] });

/** Starts each story on fresh mock data and leaves no session behind for the next file. */
function freshStory() {
  api.reset();
  return forgetSession();
}

type Canvas = StoryContext['canvas'];
type User = StoryContext['userEvent'];

/** The edit form (the lookup form has an Employee ID field too). */
const editForm = (canvas: Canvas) => within(canvas.getByRole('form', { name: 'Edit Employee' }));

/** Types an id into the lookup and waits for the form to fill. */
async function load(canvas: Canvas, userEvent: User, employeeId: string) {
  const lookup = within(canvas.getByRole('form', { name: 'Find an employee' }));
  await userEvent.type(lookup.getByRole('textbox', { name: 'Employee ID' }), employeeId);
  await userEvent.click(canvas.getByRole('button', { name: 'Load employee' }));
  await waitFor(() =>
    expect(editForm(canvas).getByRole('textbox', { name: 'Employee ID' })).toHaveValue(employeeId),
  );
}

/** Sets work status to no with a resignation date. */
async function markAsLeaver(canvas: Canvas, userEvent: User, date = '2026-10-31') {
  const form = editForm(canvas);
  await userEvent.click(form.getByRole('radio', { name: 'No' }));
  await userEvent.type(form.getByLabelText(/^Resignation Date/), date);
}

const meta = {
  title: 'Pages/HR/EditEmployeePage',
  component: EditEmployeePage,
  beforeEach: freshStory,
  decorators: [inManagementSection('employees'), inPortalFrame],
  parameters: {
    layout: 'fullscreen',
    portal: { route: ROUTES.editEmployee, session: { role: 'HR' } } satisfies PortalParameters,
    msw: api.handlers,
  },
} satisfies Meta<typeof EditEmployeePage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing loaded yet: the id to look up, and the form waiting, disabled. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Edit Employee');
    await expect(canvas.getByText('Load an employee to edit their record.')).toBeVisible();
    await expect(editForm(canvas).getByRole('textbox', { name: 'First Name' })).toBeDisabled();
  },
};

/**
 * E002 loaded: the form has filled itself; the position reads as the edit form names it; a
 * working nurse's record links to her clinic hours.
 */
export const Filled: Story = {
  play: async ({ canvas, userEvent }) => {
    await load(canvas, userEvent, 'E002');
    await expect(
      canvas.getByRole('link', { name: 'Clinic hours of Chaiwat Saetang' }),
    ).toHaveAttribute('href', `${ROUTES.clinicHours}?employee_id=E002`);
    const form = editForm(canvas);
    await expect(form.getByRole('textbox', { name: 'First Name' })).toHaveValue('Chaiwat');
    await expect(form.getByRole('combobox', { name: 'Position' })).toHaveValue('nurse');
    await expect(form.getByRole('radio', { name: 'Yes' })).toBeChecked();
    await expect(form.queryByLabelText(/^Resignation Date/)).not.toBeInTheDocument();
  },
};

/** While the record loads, Load employee is disabled and says it is working. */
export const Loading: Story = {
  parameters: { msw: [pendingHandler('getEmployee'), ...api.handlers] },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getAllByRole('textbox', { name: 'Employee ID' })[0]!, 'E002');
    await userEvent.click(canvas.getByRole('button', { name: 'Load employee' }));
    await expect(
      await canvas.findByRole('button', { name: 'Load employee Working…' }),
    ).toBeDisabled();
  },
};

/** No such employee: the server's words. */
export const NotFound: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getAllByRole('textbox', { name: 'Employee ID' })[0]!, 'E999');
    await userEvent.click(canvas.getByRole('button', { name: 'Load employee' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('No employee with ID E999');
  },
};

/** Work status no: the Resignation Date appears, required, and says so when left empty. */
export const ResignationDateRequired: Story = {
  play: async ({ canvas, userEvent }) => {
    await load(canvas, userEvent, 'E002');
    const form = editForm(canvas);
    await userEvent.click(form.getByRole('radio', { name: 'No' }));
    const date = form.getByLabelText(/^Resignation Date/);
    await expect(date).toBeRequired();
    await userEvent.click(form.getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(date).toHaveAccessibleDescription(
        /Resignation Date is required when work status is no$/,
      ),
    );
  },
};

/** While the save runs, Done and Reset are disabled. */
export const Saving: Story = {
  parameters: { msw: [pendingHandler('updateEmployee'), ...api.handlers] },
  play: async ({ canvas, userEvent }) => {
    await load(canvas, userEvent, 'E002');
    const form = editForm(canvas);
    const salary = form.getByRole('spinbutton', { name: 'Salary' });
    await userEvent.clear(salary);
    await userEvent.type(salary, '52000');
    await userEvent.click(form.getByRole('button', { name: 'Done' }));
    await expect(await form.findByRole('button', { name: 'Done Working…' })).toBeDisabled();
    await expect(form.getByRole('button', { name: 'Reset' })).toBeDisabled();
  },
};

/** A salary changed: only that is sent, and the notice counts it. */
export const Saved: Story = {
  play: async ({ canvas, userEvent }) => {
    await load(canvas, userEvent, 'E002');
    const salary = editForm(canvas).getByRole('spinbutton', { name: 'Salary' });
    await userEvent.clear(salary);
    await userEvent.type(salary, '52000');
    await userEvent.click(canvas.getByRole('button', { name: 'Done' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      'Employee E002 updated (1 change).',
    );
  },
};

/** Done with nothing changed: nothing is sent, and the page says so. */
export const NothingChanged: Story = {
  play: async ({ canvas, userEvent }) => {
    await load(canvas, userEvent, 'E002');
    await userEvent.click(canvas.getByRole('button', { name: 'Done' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      'Nothing was changed, so nothing was saved.',
    );
  },
};

/**
 * A leaver with the keyboard alone: the id and Enter, Tab to Work Status, an arrow key to No,
 * Tab to the Resignation Date that appeared, then on to Done.
 */
export const KeyboardLeaver: Story = {
  play: async ({ canvas, userEvent }) => {
    const lookup = within(canvas.getByRole('form', { name: 'Find an employee' }));
    lookup.getByRole('textbox', { name: 'Employee ID' }).focus();
    await userEvent.keyboard('E002{Enter}');
    const form = editForm(canvas);
    await waitFor(() =>
      expect(form.getByRole('textbox', { name: 'First Name' })).toHaveValue('Chaiwat'),
    );
    form.getByRole('spinbutton', { name: 'Salary' }).focus();
    await userEvent.tab();
    await expect(form.getByRole('radio', { name: 'Yes' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(form.getByRole('radio', { name: 'No' })).toBeChecked();
    await userEvent.tab();
    const date = form.getByLabelText(/^Resignation Date/);
    await expect(date).toHaveFocus();
    await userEvent.keyboard('2026-10-31');
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await expect(form.getByRole('button', { name: 'Done' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      "Chaiwat Saetang's access to the portal has been revoked",
    );
  },
};

/** A leaver: work status no with a date; HR is told the person's access was revoked. */
export const LeaverRevoked: Story = {
  play: async ({ canvas, userEvent }) => {
    await load(canvas, userEvent, 'E002');
    await markAsLeaver(canvas, userEvent);
    await userEvent.click(canvas.getByRole('button', { name: 'Done' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      "Chaiwat Saetang's access to the portal has been revoked; their open sessions were ended.",
    );
  },
};

/** The server refuses the resignation date: its words on the field, and nothing lost. */
export const ResignationDateRefused: Story = {
  parameters: {
    msw: [
      problemHandler('updateEmployee', 400, 'Resignation Date must be on or after the hire date', [
        {
          field: 'resignation_date',
          message: 'Resignation Date must be on or after the hire date',
        },
      ]),
      ...api.handlers,
    ],
  },
  play: async ({ canvas, userEvent }) => {
    await load(canvas, userEvent, 'E002');
    await markAsLeaver(canvas, userEvent);
    await userEvent.click(canvas.getByRole('button', { name: 'Done' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'The employee was not updated',
    );
    const date = editForm(canvas).getByLabelText(/^Resignation Date/);
    await waitFor(() => expect(date).toHaveAccessibleDescription(/on or after the hire date$/));
    await expect(date).toHaveValue('2026-10-31');
  },
};

/** A nurse who has not registered gets a new activation code. */
export const NewActivationCode: Story = {
  play: async ({ canvas, userEvent }) => {
    await load(canvas, userEvent, 'E020');
    await userEvent.click(canvas.getByRole('button', { name: 'Issue a new activation code' }));
    const notice = await canvas.findByRole('status');
    await expect(notice).toHaveTextContent(makeActivationCode(1));
    await expect(notice).toHaveTextContent('Give this code to Kanya Boonyasit (E020)');
  },
};

/** The API refuses a new code (someone registered meanwhile): its words. */
export const NewActivationCodeRefused: Story = {
  parameters: {
    msw: [
      problemHandler('reissueEmployeeCode', 409, 'This employee has already registered an account'),
      ...api.handlers,
    ],
  },
  play: async ({ canvas, userEvent }) => {
    await load(canvas, userEvent, 'E020');
    await userEvent.click(canvas.getByRole('button', { name: 'Issue a new activation code' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'This employee has already registered an account',
    );
  },
};

/** On a 360 px phone: a leaver being recorded, the Resignation Date shown, Done in view. */
export const Phone360: Story = {
  globals: { viewport: { value: 'phone360' } },
  play: async ({ canvas, userEvent }) => {
    await load(canvas, userEvent, 'E002');
    await markAsLeaver(canvas, userEvent);
    await fitsThePhone();
    await expect(canvas.getByRole('button', { name: 'Done' })).toBeVisible();
  },
};

/** A registered doctor who signs in with two-step verification: HR sees that it is on. */
const DOCTOR_WITH_SECOND_FACTOR = makeEmployee(
  {
    employee_id: 'E030',
    first_name: 'Somchai',
    last_name: 'Rattanakul',
    position_id: 'P001',
    work_status: 'yes',
    registered: true,
    second_factor: true,
  },
  30,
);

/** A loaded employee whose account has a second factor: on, and who resets a lost phone. */
export const TwoStepVerificationOn: Story = {
  parameters: { msw: createMockApi({ employees: [DOCTOR_WITH_SECOND_FACTOR] }).handlers },
  play: async ({ canvas, userEvent }) => {
    await load(canvas, userEvent, 'E030');
    await expect(canvas.getByText(/^Portal account:/)).toHaveTextContent(
      'Portal account: registered. Two-step verification: on. A lost phone is reset by an administrator.',
    );
  },
};

/**
 * The signed-in HR person's own record (E003, the story session's): position and work status
 * are read-only, with the reason; another HR person changes them (the two-person rule).
 */
export const OwnRecord: Story = {
  play: async ({ canvas, userEvent }) => {
    await load(canvas, userEvent, 'E003');
    const form = editForm(canvas);
    await waitFor(() => expect(form.getByRole('combobox', { name: 'Position' })).toBeDisabled());
    await expect(form.getByRole('combobox', { name: 'Position' })).toHaveAccessibleDescription(
      OWN_ACCESS_FIELDS_MESSAGE,
    );
    await expect(form.getByRole('radio', { name: 'No' })).toBeDisabled();
    await expect(form.getByRole('textbox', { name: 'Phone Number' })).toBeEnabled();
  },
};

/** A new employee whose portal access waits for a second HR person's approval. */
export const AccessWaiting: Story = {
  parameters: {
    msw: createMockApi({ employees: [{ ...NEW_NURSE, access_pending: true }] }).handlers,
  },
  play: async ({ canvas, userEvent }) => {
    await load(canvas, userEvent, 'E020');
    await expect(
      canvas.getByText(/Their access waits for a second HR person’s approval/),
    ).toBeVisible();
  },
};

/** Every position on offer, Porter among them, not only the spec's three. */
export const EveryPosition: Story = {
  play: async ({ canvas, userEvent }) => {
    await load(canvas, userEvent, 'E002');
    const position = editForm(canvas).getByRole('combobox', { name: 'Position' });
    await userEvent.selectOptions(position, 'Porter');
    await expect(position).toHaveValue('P010');
  },
};

/** Another id typed over the loaded one, with a change not saved: the page asks first. */
export const AsksBeforeLoadingAnother: Story = {
  play: async ({ canvas, userEvent }) => {
    await load(canvas, userEvent, 'E002');
    const salary = editForm(canvas).getByRole('spinbutton', { name: 'Salary' });
    await userEvent.clear(salary);
    await userEvent.type(salary, '41000');
    const lookupId = within(canvas.getByRole('form', { name: 'Find an employee' })).getByRole(
      'textbox',
      { name: 'Employee ID' },
    );
    await userEvent.click(lookupId);
    await userEvent.keyboard('E020');
    // Replaced, not appended to.
    await expect(lookupId).toHaveValue('E020');
    await userEvent.keyboard('{Enter}');
    // The dialog is rendered in <body>, outside the story's canvas.
    const question = await within(document.body).findByRole('alertdialog', {
      name: 'Unsaved changes',
    });
    await expect(question).toHaveTextContent('Load another employee?');
  },
};

/**
 * In Thai on a 360 px phone: an employee opened from the table's Edit link, recorded as a
 * leaver (the Resignation Date and its hint shown), the account's state in Thai; nothing
 * scrolls sideways.
 */
export const Phone360Thai: Story = {
  globals: { viewport: { value: 'phone360' }, locale: 'th' },
  parameters: {
    portal: {
      route: `${ROUTES.editEmployee}?employee_id=E002`,
      session: { role: 'HR' },
    } satisfies PortalParameters,
  },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText(/^บัญชีพอร์ทัล:/)).toBeVisible();
    const status = canvas.getByRole('group', { name: 'สถานะการทำงาน' });
    const no = within(status)
      .getAllByRole('radio')
      .find((radio) => (radio as HTMLInputElement).value === 'no');
    await expect(no).toBeDefined();
    await userEvent.click(no!);
    await expect(await canvas.findByLabelText(/^วันที่ลาออก/)).toBeVisible();
    await fitsThePhone();
  },
};

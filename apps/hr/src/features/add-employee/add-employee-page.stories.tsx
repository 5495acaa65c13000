import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { MESSAGES, ROUTES } from '@portal/contract';
import { LEAVE_QUESTION } from '@portal/shell';
import { createMockApi, makeActivationCode, pendingHandler, problemHandler } from '@portal/testing';
import {
  fitsThePhone,
  forgetSession,
  inPortalFrame,
  type PortalParameters,
  inManagementSection,
} from '@portal/testing/story-kit';
import { AddEmployeePage } from './add-employee-page';

/** The mock API of these stories; every story starts from its data as it was. */
const api = createMockApi();

/**
 * Starts each story on fresh mock data (one story's new employee is not the next one's
 * duplicate) and leaves no session behind for the next story file.
 */
function freshStory() {
  api.reset();
  return forgetSession();
}

type Canvas = StoryContext['canvas'];
type User = StoryContext['userEvent'];

/** Types a new nurse into the form, as HR would. */
async function fillNurse(canvas: Canvas, userEvent: User, positionId = 'P002') {
  await userEvent.type(canvas.getByRole('textbox', { name: 'Employee ID' }), 'E042');
  await userEvent.type(canvas.getByRole('textbox', { name: 'First Name' }), 'Malee');
  await userEvent.type(canvas.getByRole('textbox', { name: 'Last Name' }), 'Srisuk');
  await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Position' }), positionId);
  await userEvent.type(canvas.getByLabelText(/^Hire Date/), '2026-10-01');
  await userEvent.type(canvas.getByRole('spinbutton', { name: 'Salary' }), '38000');
  await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'malee.srisuk@gmail.com');
  await userEvent.type(canvas.getByRole('textbox', { name: 'Phone Number' }), '081-234-5678');
}

const meta = {
  title: 'Pages/HR/AddEmployeePage',
  component: AddEmployeePage,
  beforeEach: freshStory,
  decorators: [inManagementSection('employees'), inPortalFrame],
  parameters: {
    layout: 'fullscreen',
    portal: { route: ROUTES.addEmployee, session: { role: 'HR' } } satisfies PortalParameters,
    msw: api.handlers,
  },
} satisfies Meta<typeof AddEmployeePage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The empty form: the spec's fields, the required ones marked, Done and Reset. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Add Employee');
    await expect(canvas.getByRole('textbox', { name: 'Employee ID' })).toHaveAttribute(
      'placeholder',
      MESSAGES.employeeIdPlaceholder,
    );
    await expect(canvas.getByRole('combobox', { name: 'Position' })).not.toBeRequired();
    await expect(canvas.getByRole('spinbutton', { name: 'Salary' })).toBeRequired();
    await expect(canvas.getByRole('link', { name: 'New Employee' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.getByRole('button', { name: 'Done' })).toBeEnabled();
  },
};

/** Filled in with the keyboard alone: Tab from field to field, in reading order. */
export const Filled: Story = {
  play: async ({ canvas, userEvent }) => {
    const id = canvas.getByRole('textbox', { name: 'Employee ID' });
    id.focus();
    await userEvent.keyboard('E042');
    await userEvent.tab();
    await expect(canvas.getByRole('combobox', { name: 'Position' })).toHaveFocus();
    await userEvent.tab();
    await userEvent.keyboard('Malee');
    await userEvent.tab();
    await userEvent.keyboard('Srisuk');
    await userEvent.tab();
    await expect(canvas.getByLabelText(/^Hire Date/)).toHaveFocus();
    await userEvent.tab();
    await userEvent.keyboard('38000');
    await userEvent.tab();
    await userEvent.keyboard('malee.srisuk@gmail.com');
    await userEvent.tab();
    await userEvent.keyboard('081-234-5678');
    await expect(canvas.getByRole('textbox', { name: 'Phone Number' })).toHaveValue('081-234-5678');
    await expect(canvas.getByRole('spinbutton', { name: 'Salary' })).toHaveValue(38000);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Reset' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Done' })).toHaveFocus();
  },
};

/** Sent empty: every required field says what it needs, in the contract's words. */
export const MissingFields: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(canvas.getByRole('textbox', { name: 'First Name' })).toHaveAccessibleDescription(
        'Required',
      ),
    );
    await expect(canvas.getByRole('spinbutton', { name: 'Salary' })).toHaveAccessibleDescription(
      /Required$/,
    );
    await expect(canvas.getByRole('textbox', { name: 'Phone Number' })).toHaveAccessibleDescription(
      'Required',
    );
  },
};

/** While the request runs, Done and Reset are disabled and Done says it is working. */
export const Saving: Story = {
  parameters: { msw: [pendingHandler('addEmployee'), ...api.handlers] },
  play: async ({ canvas, userEvent }) => {
    await fillNurse(canvas, userEvent);
    await userEvent.click(canvas.getByRole('button', { name: 'Done' }));
    await expect(await canvas.findByRole('button', { name: 'Done Working…' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Reset' })).toBeDisabled();
  },
};

/** A nurse added: the activation code to hand over, and a cleared form. */
export const SuccessWithCode: Story = {
  play: async ({ canvas, userEvent }) => {
    await fillNurse(canvas, userEvent);
    await userEvent.click(canvas.getByRole('button', { name: 'Done' }));
    const notice = await canvas.findByRole('status');
    await expect(notice).toHaveTextContent('Employee E042 added');
    await expect(notice).toHaveTextContent(makeActivationCode(1));
    await expect(notice).toHaveTextContent('Give this code to Malee Srisuk (E042)');
    await expect(canvas.getByRole('textbox', { name: 'Employee ID' })).toHaveValue('');
  },
};

/** A pharmacist added: no portal access, so no code, and the notice says why. */
export const SuccessWithoutCode: Story = {
  play: async ({ canvas, userEvent }) => {
    await fillNurse(canvas, userEvent, 'P003');
    await userEvent.click(canvas.getByRole('button', { name: 'Done' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      "Malee Srisuk's position does not give access to the portal",
    );
  },
};

/** A refusal: the server's words, the field it names marked, and nothing lost. */
export const Refused: Story = {
  parameters: {
    msw: [
      problemHandler('addEmployee', 409, 'An employee with this Employee ID already exists', [
        { field: 'employee_id', message: 'An employee with this Employee ID already exists' },
      ]),
      ...api.handlers,
    ],
  },
  play: async ({ canvas, userEvent }) => {
    await fillNurse(canvas, userEvent);
    await userEvent.click(canvas.getByRole('button', { name: 'Done' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The employee was not added');
    const id = canvas.getByRole('textbox', { name: 'Employee ID' });
    await waitFor(() => expect(id).toHaveAccessibleDescription(/already exists/));
    await expect(id).toHaveValue('E042');
  },
};

/** On a 360 px phone: the form in one column, the menu button and Done in view. */
export const Phone360: Story = {
  globals: { viewport: { value: 'phone360' } },
  play: async ({ canvas }) => {
    await fitsThePhone();
    await expect(canvas.getByRole('button', { name: 'Menu' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Done' })).toBeVisible();
  },
};

/** The code on a phone: it wraps rather than making the page scroll sideways. */
export const Phone360WithCode: Story = {
  globals: { viewport: { value: 'phone360' } },
  play: async ({ canvas, userEvent }) => {
    await fillNurse(canvas, userEvent);
    await userEvent.click(canvas.getByRole('button', { name: 'Done' }));
    await expect(await canvas.findByRole('button', { name: 'Copy code' })).toBeVisible();
    await fitsThePhone();
  },
};

/** Leaving a half-filled form by the sidebar asks first: Stay keeps what was typed. */
export const LeavingUnsaved: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'First Name' }), 'Malee');
    await userEvent.click(canvas.getByRole('link', { name: 'Employee Information' }));
    const body = within(document.body);
    const question = await body.findByRole('alertdialog', { name: 'Unsaved changes' });
    await expect(question).toHaveAccessibleDescription(LEAVE_QUESTION);
    await expect(body.getByRole('button', { name: 'Leave without saving' })).toBeVisible();
  },
};

/**
 * In Thai on a 360 px phone: the longer Thai labels, hints and position names (P011's is the
 * longest) wrap, nothing scrolls sideways, before and after a nurse is added (the waiting
 * access note and the code shown).
 */
export const Phone360Thai: Story = {
  globals: { viewport: { value: 'phone360' }, locale: 'th' },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expect(canvas.getByRole('group', { name: 'การจ้างงาน' })).toBeVisible();
    await fitsThePhone();
    await userEvent.type(canvas.getByRole('textbox', { name: 'รหัสพนักงาน' }), 'E042');
    await userEvent.type(canvas.getByRole('textbox', { name: 'ชื่อ' }), 'Malee');
    await userEvent.type(canvas.getByRole('textbox', { name: 'นามสกุล' }), 'Srisuk');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'ตำแหน่ง' }), 'P011');
    await fitsThePhone();
    await userEvent.type(canvas.getByLabelText(/^วันที่เริ่มงาน/), '2026-10-01');
    await userEvent.type(canvas.getByRole('spinbutton', { name: 'เงินเดือน' }), '38000');
    await userEvent.type(canvas.getByRole('textbox', { name: 'อีเมล' }), 'malee.srisuk@gmail.com');
    await userEvent.type(canvas.getByRole('textbox', { name: 'หมายเลขโทรศัพท์' }), '081-234-5678');
    // The submit button's words are the shared form's.
    const done = canvasElement.querySelector<HTMLElement>('main button[type="submit"]');
    await expect(done).not.toBeNull();
    await userEvent.click(done!);
    await expect(await canvas.findByText(/^สิทธิ์เข้าใช้พอร์ทัลของพนักงานรายนี้ต้องรอ/)).toBeVisible();
    await fitsThePhone();
  },
};

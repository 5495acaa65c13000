import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { MESSAGES, ROUTES, SECTION_TITLES } from '@portal/contract';
import { LEAVE_QUESTION } from '@portal/shell';
import { handlers, makeActivationCode, pendingHandler, problemHandler } from '@portal/testing';
import {
  fitsThePhone,
  forgetSession,
  inPortalFrame,
  type PortalParameters,
  inManagementSection,
} from '@portal/testing/story-kit';
import { AddPatientPage } from './add-patient-page';

const meta = {
  title: 'Pages/Clinical/AddPatientPage',
  component: AddPatientPage,
  beforeEach: forgetSession,
  decorators: [inManagementSection('patients'), inPortalFrame],
  parameters: {
    layout: 'fullscreen',
    portal: {
      route: ROUTES.addPatient,
      session: { role: 'medical_personnel' },
    } satisfies PortalParameters,
    msw: handlers.default,
  },
} satisfies Meta<typeof AddPatientPage>;

export default meta;
type Story = StoryObj<typeof meta>;
type PlayContext = Parameters<NonNullable<Story['play']>>[0];

/** Types a new patient, Malee Srisuk (P100), with one chronic disease and one allergy. */
async function fillMalee({ canvas, userEvent }: Pick<PlayContext, 'canvas' | 'userEvent'>) {
  const text = (name: string) => canvas.getByRole('textbox', { name });
  await userEvent.type(text('Patient ID'), 'P100');
  await userEvent.type(text('ID card number'), '1-1037-02345-67-8');
  await userEvent.type(text('First Name'), 'Malee');
  await userEvent.type(text('Last Name'), 'Srisuk');
  await userEvent.type(canvas.getByRole('spinbutton', { name: 'Age' }), '34');
  // 1 January, 34 years back: the date gives the age typed, whatever today is.
  await userEvent.type(
    canvas.getByLabelText(/^Date of Birth/),
    `${new Date().getUTCFullYear() - 34}-01-01`,
  );
  await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Gender' }), 'female');
  await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Blood Type' }), 'AB');
  await userEvent.type(text('Email'), 'malee.srisuk@gmail.com');
  await userEvent.type(text('Phone Number'), '081-234-5678');
  await userEvent.type(text('Address'), '12/3 Sukhumvit Road, Khlong Toei, Bangkok 10110');
  await userEvent.click(canvas.getByRole('radio', { name: 'Yes' }));
  await userEvent.type(text('Ongoing treatment'), 'physiotherapy twice a week');
  await userEvent.type(text('Unhealthy habits'), 'late nights');
  const diseases = canvas.getByRole('spinbutton', { name: 'Number of chronic diseases' });
  await userEvent.clear(diseases);
  await userEvent.type(diseases, '1');
  await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Disease 1' }), 'I002');
  const drugs = canvas.getByRole('spinbutton', { name: 'Number of drug allergies' });
  await userEvent.clear(drugs);
  await userEvent.type(drugs, '1');
  await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Drug allergy 1' }), 'R002');
}

/** The empty form: every field of a patient, the required ones marked. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Add Patient' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Patient ID' })).toHaveAttribute(
      'placeholder',
      MESSAGES.patientIdPlaceholder,
    );
    await expect(canvas.getByRole('button', { name: 'Done' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Reset' })).toBeEnabled();
  },
};

/** Every field filled in, with a disease and an allergy chosen (id and name shown). */
export const Filled: Story = {
  play: async (context) => {
    await fillMalee(context);
    const { canvas } = context;
    await expect(canvas.getByRole('combobox', { name: 'Disease 1' })).toHaveDisplayValue(
      'I002 — tuberculosis',
    );
    await expect(canvas.getByRole('combobox', { name: 'Drug allergy 1' })).toHaveDisplayValue(
      'R002 — paracetamol',
    );
  },
};

/** Submitted empty: each required field says what it needs. */
export const Empty: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Done' }));
    const firstName = canvas.getByRole('textbox', { name: 'First Name' });
    await waitFor(() => expect(firstName).toHaveAccessibleDescription('Required'));
    await expect(canvas.getByRole('combobox', { name: 'Gender' })).toHaveAccessibleDescription(
      'Choose male or female',
    );
    await expect(
      canvas.getByRole('group', { name: 'Health Insurance' }),
    ).toHaveAccessibleDescription('Choose yes or no');
  },
};

/** While the patient is being added: both buttons disabled, Done says it is working. */
export const Loading: Story = {
  parameters: { msw: [pendingHandler('addPatient'), ...handlers.default] },
  play: async (context) => {
    await fillMalee(context);
    const { canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Done' }));
    const done = await canvas.findByRole('button', { name: 'Done Working…' });
    await expect(done).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Reset' })).toBeDisabled();
  },
};

/** Added: the activation code to hand over, copyable, with what to do; the form is empty again. */
export const SuccessWithCode: Story = {
  parameters: { msw: handlers.default },
  play: async (context) => {
    await fillMalee(context);
    const { canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Done' }));
    // The file's first success loads the success's words on demand: slow on a busy machine.
    const notice = await canvas.findByRole('status', undefined, { timeout: 15_000 });
    await expect(notice).toHaveTextContent('Patient P100 added');
    await expect(within(notice).getByText(makeActivationCode(1))).toBeVisible();
    await expect(within(notice).getByRole('button', { name: 'Copy code' })).toBeVisible();
    await expect(notice).toHaveTextContent(/Give this code to Malee Srisuk \(P100\)/);
    // The focus moves to the notice once it is drawn (an effect after the render).
    await waitFor(() => expect(notice).toHaveFocus());
    await expect(canvas.getByRole('textbox', { name: 'First Name' })).toHaveValue('');
  },
};

/** Refused: the server's words, the values kept, the field at fault marked and focused. */
export const Error: Story = {
  parameters: {
    msw: [
      problemHandler('addPatient', 409, 'A patient with this Patient ID already exists', [
        { field: 'patient.patient_id', message: 'A patient with this Patient ID already exists' },
      ]),
      ...handlers.default,
    ],
  },
  play: async (context) => {
    await fillMalee(context);
    const { canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Done' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The patient was not added');
    const patientId = canvas.getByRole('textbox', { name: 'Patient ID' });
    await waitFor(() => expect(patientId).toHaveFocus());
    await expect(patientId).toHaveAccessibleDescription(
      'A patient with this Patient ID already exists',
    );
    await expect(patientId).toHaveValue('P100');
  },
};

/** With the keyboard alone: fields in order, a count typed, radios by arrow keys, Enter submits. */
export const KeyboardOnly: Story = {
  parameters: { msw: handlers.default },
  play: async ({ canvas, userEvent }) => {
    // The next free id comes from the server; its button joins the Tab order once it arrives.
    const useNextId = await canvas.findByRole('button', { name: 'Use P025' });
    const patientId = canvas.getByRole('textbox', { name: 'Patient ID' });
    patientId.focus();
    await userEvent.keyboard('P101');
    await userEvent.tab();
    await expect(canvas.getByRole('textbox', { name: 'ID card number' })).toHaveFocus();
    await userEvent.keyboard('3-1001-00234-56-7');
    // The next free id's button sits between the first row and the names.
    await userEvent.tab();
    await expect(useNextId).toHaveFocus();
    await userEvent.tab();
    await userEvent.keyboard('Anong');
    await userEvent.tab();
    await userEvent.keyboard('Chaiyaporn');
    await userEvent.tab();
    await expect(canvas.getByRole('spinbutton', { name: 'Age' })).toHaveFocus();
    await userEvent.keyboard('41');
    await userEvent.tab();
    await userEvent.keyboard('1985-06-02');
    const diseases = canvas.getByRole('spinbutton', { name: 'Number of chronic diseases' });
    await waitFor(() => expect(canvas.getByLabelText(/^Date of Birth/)).toHaveFocus());
    // The count and its pickers: a number typed, and the new picker next in the Tab order (a
    // native select, which the browser lets the keyboard open and choose from).
    diseases.focus();
    await userEvent.keyboard('{Backspace}1');
    const picker = await canvas.findByRole('combobox', { name: 'Disease 1' });
    await userEvent.tab();
    await expect(picker).toHaveFocus();
    await userEvent.selectOptions(picker, 'I002');
    await expect(picker).toHaveDisplayValue('I002 — tuberculosis');
    // The yes/no radios: Space chooses, the arrow keys move between them.
    canvas.getByRole('radio', { name: 'Yes' }).focus();
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('radio', { name: 'No' })).toBeChecked();
    // Enter in a one-line field submits; what is still missing is marked.
    canvas.getByRole('textbox', { name: 'Last Name' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(canvas.getByRole('combobox', { name: 'Gender' })).toHaveAccessibleDescription(
        'Choose male or female',
      ),
    );
  },
};

/** On a large screen the section's sidebar sits beside the form. */
export const Desktop: Story = {
  globals: { viewport: { value: 'desktop1280' } },
  play: async ({ canvas }) => {
    const sidebar = canvas.getByRole('navigation', { name: SECTION_TITLES.patients });
    await expect(sidebar).toBeVisible();
    await expect(within(sidebar).getByRole('link', { name: 'New Patient' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

/** On a 360 px phone: nothing scrolls sideways, and the section's links move from the sidebar into the menu. */
export const Phone360: Story = {
  globals: { viewport: { value: 'phone360' } },
  play: async ({ canvas }) => {
    await fitsThePhone();
    await expect(canvas.getByRole('button', { name: 'Menu' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Patient ID' })).toBeVisible();
    // The sidebar waits for large screens; on a phone the top bar's menu has the same links.
    await expect(canvas.queryByRole('navigation', { name: SECTION_TITLES.patients })).toBeNull();
  },
};

/** Leaving a half-filled form by the sidebar asks first: Stay keeps what was typed. */
export const LeavingUnsaved: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'First Name' }), 'Malee');
    await userEvent.click(canvas.getByRole('link', { name: 'Patient Information' }));
    const body = within(document.body);
    const question = await body.findByRole('alertdialog', { name: 'Unsaved changes' });
    await expect(question).toHaveAccessibleDescription(LEAVE_QUESTION);
    await userEvent.click(body.getByRole('button', { name: 'Stay on this page' }));
    await expect(canvas.getByRole('textbox', { name: 'First Name' })).toHaveValue('Malee');
  },
};

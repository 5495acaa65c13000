import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { MESSAGES, prefilledPath, ROUTES } from '@portal/contract';
import {
  createHandlers,
  makeActivationCode,
  makePatientRecord,
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
import { EditPatientPage } from './edit-patient-page';

/** A patient with an account already. */
const SOMCHAI = makePatientRecord(
  { patient: { patient_id: 'P001', first_name: 'Somchai', last_name: 'Srisuk' }, registered: true },
  1,
);

/** A patient who has not registered yet, with two chronic diseases and an allergy. */
const ANONG = makePatientRecord(
  {
    patient: {
      patient_id: 'P002',
      first_name: 'Anong',
      last_name: 'Chaiyaporn',
      age: 41,
      date_of_birth: '1985-06-02',
      gender: 'female',
      blood_type: 'B',
      email: 'anong.c@hotmail.com',
      health_insurance: 'no',
      address: '88/9 Rama IV Road, Pathum Wan, Bangkok 10330',
      ongoing_treatment: 'antiviral course',
      unhealthy_habits: 'smoking',
    },
    patient_chronic_disease: [{ disease_id: 'I002' }, { disease_id: 'I007' }],
    patient_drug_allergy: [{ drug_id: 'R003' }],
    registered: false,
  },
  2,
);

const patients = () => createHandlers({ patients: [SOMCHAI, ANONG] });

const meta = {
  title: 'Pages/Clinical/EditPatientPage',
  component: EditPatientPage,
  beforeEach: forgetSession,
  decorators: [inManagementSection('patients'), inPortalFrame],
  parameters: {
    layout: 'fullscreen',
    portal: {
      route: ROUTES.editPatient,
      session: { role: 'medical_personnel' },
    } satisfies PortalParameters,
    msw: patients(),
  },
} satisfies Meta<typeof EditPatientPage>;

export default meta;
type Story = StoryObj<typeof meta>;
type PlayContext = Parameters<NonNullable<Story['play']>>[0];

/** Types an id into the lookup form and loads that patient. */
async function load({ canvas, userEvent }: Pick<PlayContext, 'canvas' | 'userEvent'>, id: string) {
  const lookup = canvas.getByRole('form', { name: 'Find a patient' });
  await userEvent.type(within(lookup).getByRole('textbox', { name: 'Patient ID' }), id);
  await userEvent.click(within(lookup).getByRole('button', { name: 'Load patient' }));
}

const editForm = (canvas: PlayContext['canvas']) =>
  within(canvas.getByRole('form', { name: 'Edit Patient' }));

async function loadAnong(context: PlayContext) {
  await load(context, 'P002');
  const form = editForm(context.canvas);
  await waitFor(() =>
    expect(form.getByRole('textbox', { name: 'First Name' })).toHaveValue('Anong'),
  );
  return form;
}

/** How opaque an element is drawn: its own opacity times its ancestors'. */
function effectiveOpacity(element: Element | null): number {
  let opacity = 1;
  for (let e = element; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
  return opacity;
}

/** Nothing loaded yet (the empty state): the form waits for a patient id. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Edit Patient' })).toBeVisible();
    const instruction = canvas.getByText('Load a patient to edit their record.');
    await expect(instruction).toBeVisible();
    // The disabled fields are faded; the instruction is not (it must keep 4.5:1 contrast).
    await expect(effectiveOpacity(instruction)).toBe(1);
    await expect(editForm(canvas).getByRole('textbox', { name: 'First Name' })).toBeDisabled();
    await expect(
      within(canvas.getByRole('form', { name: 'Find a patient' })).getByRole('textbox', {
        name: 'Patient ID',
      }),
    ).toHaveAttribute('placeholder', MESSAGES.patientIdPlaceholder);
  },
};

/** Loaded: every field and the pickers filled from the record; a code can be reissued. */
export const Filled: Story = {
  play: async (context) => {
    const form = await loadAnong(context);
    await expect(form.getByRole('combobox', { name: 'Disease 2' })).toHaveDisplayValue(
      'I007 — influenza',
    );
    await expect(form.getByRole('radio', { name: 'No' })).toBeChecked();
    await expect(
      context.canvas.getByRole('button', { name: 'Issue a new activation code' }),
    ).toBeVisible();
  },
};

/** A registered patient: a new code is on offer for a forgotten password. */
export const Registered: Story = {
  play: async (context) => {
    await load(context, 'P001');
    const form = editForm(context.canvas);
    await waitFor(() =>
      expect(form.getByRole('textbox', { name: 'First Name' })).toHaveValue('Somchai'),
    );
    await expect(context.canvas.getByText(/has a portal account/)).toBeVisible();
    await expect(
      context.canvas.getByRole('button', { name: 'Issue a new activation code' }),
    ).toBeVisible();
  },
};

/** While the record loads, Load patient is disabled and says it is working. */
export const Loading: Story = {
  parameters: { msw: [pendingHandler('getPatient'), ...patients()] },
  play: async (context) => {
    await load(context, 'P002');
    await expect(
      await context.canvas.findByRole('button', { name: 'Load patient Working…' }),
    ).toBeDisabled();
  },
};

/** No patient with that id. */
export const NotFound: Story = {
  play: async (context) => {
    await load(context, 'P999');
    const alert = await context.canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Could not load the patient');
    await expect(alert).toHaveTextContent('No patient with ID P999');
  },
};

/** Saving: Done and Reset are disabled until the server answers. */
export const Saving: Story = {
  parameters: { msw: [pendingHandler('updatePatient'), ...patients()] },
  play: async (context) => {
    const form = await loadAnong(context);
    await context.userEvent.type(
      form.getByRole('textbox', { name: 'Unhealthy habits' }),
      ', stopped',
    );
    await context.userEvent.click(form.getByRole('button', { name: 'Done' }));
    await expect(await form.findByRole('button', { name: 'Done Working…' })).toBeDisabled();
    await expect(form.getByRole('button', { name: 'Reset' })).toBeDisabled();
  },
};

/** Saved: how many fields changed; the form is empty again for the next patient. */
export const Saved: Story = {
  parameters: { msw: patients() },
  play: async (context) => {
    const form = await loadAnong(context);
    const { userEvent, canvas } = context;
    const last = form.getByRole('textbox', { name: 'Last Name' });
    await userEvent.clear(last);
    await userEvent.type(last, 'Wongsawat');
    await userEvent.click(form.getByRole('button', { name: 'Done' }));
    const status = await canvas.findByRole('status');
    await expect(status).toHaveTextContent('Patient P002 updated (1 change).');
    await expect(status).toHaveFocus();
    await expect(form.getByRole('textbox', { name: 'Last Name' })).toHaveValue('');
  },
};

/** Done with nothing changed: nothing is sent, and the page says so. */
export const NothingChanged: Story = {
  play: async (context) => {
    const form = await loadAnong(context);
    await context.userEvent.click(form.getByRole('button', { name: 'Done' }));
    await expect(await context.canvas.findByRole('status')).toHaveTextContent(
      'Nothing was changed, so nothing was saved.',
    );
  },
};

/** Refused: the server's words, the changes kept, the field at fault marked. */
export const Error: Story = {
  parameters: {
    msw: [
      problemHandler('updatePatient', 409, 'A patient with this ID card number already exists', [
        {
          field: 'patient.id_card_number',
          message: 'A patient with this ID card number already exists',
        },
      ]),
      ...patients(),
    ],
  },
  play: async (context) => {
    const form = await loadAnong(context);
    const idCard = form.getByRole('textbox', { name: 'ID card number' });
    await context.userEvent.clear(idCard);
    await context.userEvent.type(idCard, '1-1111-11111-11-1');
    await context.userEvent.click(form.getByRole('button', { name: 'Done' }));
    await expect(await context.canvas.findByRole('alert')).toHaveTextContent(
      'The patient was not updated',
    );
    await waitFor(() => expect(idCard).toHaveFocus());
    await expect(idCard).toHaveValue('1-1111-11111-11-1');
  },
};

/** A new activation code for a patient who has not registered. */
export const SuccessWithCode: Story = {
  parameters: { msw: patients() },
  play: async (context) => {
    await loadAnong(context);
    const { canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Issue a new activation code' }));
    const notice = await canvas.findByRole('status');
    await expect(notice).toHaveTextContent(
      'New activation code (the previous one no longer works)',
    );
    await expect(within(notice).getByText(makeActivationCode(1))).toBeVisible();
    await expect(within(notice).getByRole('button', { name: 'Copy code' })).toBeVisible();
  },
};

/** On a 360 px phone: a loaded patient with a new activation code, nothing scrolling sideways. */
export const Phone360: Story = {
  globals: { viewport: { value: 'phone360' } },
  parameters: { msw: patients() },
  play: async (context) => {
    await loadAnong(context);
    await context.userEvent.click(
      context.canvas.getByRole('button', { name: 'Issue a new activation code' }),
    );
    await context.canvas.findByText(makeActivationCode(1));
    await fitsThePhone();
    await expect(context.canvas.getByRole('button', { name: 'Menu' })).toBeVisible();
  },
};

/** Opened from a patient's chart (`?patient_id=P001`): the record loads at once. */
export const FromChart: Story = {
  parameters: { portal: { route: prefilledPath(ROUTES.editPatient, 'patient', 'P001') } },
  play: async ({ canvas }) => {
    const form = within(canvas.getByRole('form', { name: 'Edit Patient' }));
    await waitFor(() =>
      expect(form.getByRole('textbox', { name: 'Patient ID' })).toHaveValue('P001'),
    );
    await expect(form.getByRole('textbox', { name: 'First Name' })).not.toHaveValue('');
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { addDays, CLINICIAN_BUSY_MESSAGE, prefilledPath, ROUTES, todayUtc } from '@portal/contract';
import {
  createHandlers,
  handlers,
  makePatientRecords,
  pendingHandler,
  problemHandler,
} from '@portal/testing';
import {
  forgetSession,
  inPortalFrame,
  type PortalParameters,
  inManagementSection,
} from '@portal/testing/story-kit';
import { patientEntryPlays } from '../chart-entry/patient-entry-stories';
import { AddAppointmentPage } from './add-appointment-page';

/** The mock API's first patient, whom the stories book. */
const [FIRST] = makePatientRecords(1);
const NAME = `${FIRST!.patient.first_name} ${FIRST!.patient.last_name}`;
/** Why the FieldError story's server refuses the date. */
const CLOSED = 'The clinic is closed that day';

const meta = {
  title: 'Pages/Clinical/AddAppointmentPage',
  component: AddAppointmentPage,
  beforeEach: forgetSession,
  decorators: [inManagementSection('patients'), inPortalFrame],
  parameters: {
    layout: 'fullscreen',
    portal: {
      route: ROUTES.addAppointment,
      session: { role: 'medical_personnel' },
    } satisfies PortalParameters,
    msw: handlers.default,
  },
} satisfies Meta<typeof AddAppointmentPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The stories book P001 on 20 November 2030 at 10:30 for a follow-up. */
const plays = patientEntryPlays({
  title: 'Patient Appointment',
  time: '10:30',
  refusedTime: null,
  date: '2030-11-20',
  textLabel: 'Topic',
  text: 'Follow-up',
  keyboardText: 'Follow-up',
  addedText: `Appointment added for ${NAME} (P001) on 2030-11-20 at 10:30, 15 minutes.`,
  keyboardAddedText: /^Appointment added for/,
  dateProblem: CLOSED,
  extraFieldLabels: [/^Length/, /^Clinician/],
});

/** The empty form: patient id, time and date required, an optional topic. */
export const Default: Story = { play: plays.Default };

/** The form filled in for P001, not yet sent. */
export const Filled: Story = { play: plays.Filled };

/** Submitted empty, then a time in the wrong format. */
export const Empty: Story = { play: plays.Empty };

/** Sent, and the server has not answered yet: 'Add' and 'Reset' are disabled. */
export const Loading: Story = {
  parameters: { msw: [pendingHandler('addAppointment'), ...handlers.default] },
  play: plays.Loading,
};

/** Booked: the confirmation names the patient; the form is empty again. */
export const Success: Story = { parameters: { msw: createHandlers() }, play: plays.Success };

/** An unknown patient: the server's words, and everything typed is kept. */
export const Error: Story = { play: plays.Error };

/** A refusal naming a field: that field is marked and focused. */
export const FieldError: Story = {
  parameters: {
    msw: [
      problemHandler('addAppointment', 400, `date: ${CLOSED}`, [
        { field: 'date', message: CLOSED },
      ]),
      ...handlers.default,
    ],
  },
  play: plays.FieldError,
};

/** The whole form with the keyboard alone: Tab between fields, Enter to add. */
export const KeyboardOnly: Story = {
  parameters: { msw: createHandlers() },
  play: plays.KeyboardOnly,
};

/** On a 360 px phone: nothing scrolls sideways; the menu button and 'Add' are in view. */
export const Phone360: Story = {
  globals: { viewport: { value: 'phone360' } },
  play: plays.Phone360,
};

/** Opened from a patient's chart (`?patient_id=P001`): the id is filled in and the patient named. */
export const FromChart: Story = {
  parameters: { portal: { route: prefilledPath(ROUTES.addAppointment, 'patient', 'P001') } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Patient ID' })).toHaveValue('P001');
    await expect(await canvas.findByText(`Patient: ${NAME}`)).toBeVisible();
  },
};

/** A date in the past: the form asks "This date is in the past — add it anyway?" first. */
export const PastDate: Story = {
  parameters: { msw: createHandlers() },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Patient ID' }), 'P001');
    await userEvent.type(canvas.getByLabelText(/^Time/), '10:30');
    await userEvent.type(canvas.getByLabelText(/^Date/), addDays(todayUtc(), -10));
    await userEvent.click(canvas.getByRole('button', { name: 'Add' }));
    const body = within(document.body);
    await expect(await body.findByRole('alertdialog', { name: 'Date in the past' })).toBeVisible();
    await expect(body.getByRole('button', { name: 'Add anyway' })).toBeVisible();
  },
};

/**
 * Booked with a clinician who already has an appointment then: booked all the same, and the
 * server's warning shown beside the confirmation.
 */
export const ClinicianAlreadyBooked: Story = {
  parameters: { msw: createHandlers() },
  play: async ({ canvas, userEvent }) => {
    const book = async () => {
      await userEvent.type(canvas.getByRole('textbox', { name: 'Patient ID' }), 'P001');
      await userEvent.type(canvas.getByLabelText(/^Time/), '10:30');
      await userEvent.type(canvas.getByLabelText(/^Date/), '2030-11-20');
      await userEvent.selectOptions(
        canvas.getByRole('combobox', { name: /^Length/ }),
        '30 minutes',
      );
      const clinician = canvas.getByRole('combobox', { name: /^Clinician/ });
      const [, first] = await within(clinician).findAllByRole('option');
      await userEvent.selectOptions(clinician, first!);
      await userEvent.click(canvas.getByRole('button', { name: 'Add' }));
    };
    await book();
    await expect(await canvas.findByText(/, 30 minutes with /)).toBeVisible();
    await book();
    await expect(await canvas.findByText(`${CLINICIAN_BUSY_MESSAGE}.`)).toBeVisible();
  },
};

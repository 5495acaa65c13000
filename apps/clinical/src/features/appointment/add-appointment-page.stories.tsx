import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { MESSAGES, ROUTES } from '@portal/contract';
import {
  createHandlers,
  handlers,
  makePatientRecords,
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
import { AddAppointmentPage } from './add-appointment-page';

/** The mock API's first patient, whom the stories book. */
const [FIRST] = makePatientRecords(1);
const NAME = `${FIRST!.patient.first_name} ${FIRST!.patient.last_name}`;

const meta = {
  title: 'Clinical/AddAppointmentPage',
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
type PlayContext = Parameters<NonNullable<Story['play']>>[0];

/** Books P001 on 20 November 2026 at 10:30 for a follow-up. */
async function fillAppointment(
  { canvas, userEvent }: Pick<PlayContext, 'canvas' | 'userEvent'>,
  patientId = 'P001',
) {
  await userEvent.type(canvas.getByRole('textbox', { name: 'Patient ID' }), patientId);
  await userEvent.type(canvas.getByRole('textbox', { name: 'Time' }), '10:30');
  await userEvent.type(canvas.getByLabelText(/^Date/), '2026-11-20');
  await userEvent.type(canvas.getByRole('textbox', { name: 'Topic' }), 'Follow-up');
}

/** The empty form: patient id, time and date required, an optional topic. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Patient Appointment' }),
    ).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Patient ID' })).toHaveAttribute(
      'placeholder',
      MESSAGES.patientIdPlaceholder,
    );
    await expect(canvas.getByRole('textbox', { name: 'Time' })).toHaveAttribute(
      'placeholder',
      '10:30',
    );
    await expect(canvas.getByRole('button', { name: 'Add' })).toBeEnabled();
  },
};

export const Filled: Story = {
  play: async (context) => {
    await fillAppointment(context);
    await expect(context.canvas.getByRole('textbox', { name: 'Time' })).toHaveValue('10:30');
  },
};

/** Submitted empty, then a time in the wrong format. */
export const Empty: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Add' }));
    const patientId = canvas.getByRole('textbox', { name: 'Patient ID' });
    await waitFor(() => expect(patientId).toHaveAccessibleDescription('Required'));
    await expect(canvas.getByLabelText(/^Date/)).toHaveAccessibleDescription('Required');
    const time = canvas.getByRole('textbox', { name: 'Time' });
    await userEvent.type(time, '1030');
    await waitFor(() =>
      expect(time).toHaveAccessibleDescription(/Use a time as HH:MM or HH:MM:SS \(24-hour\)$/),
    );
  },
};

export const Loading: Story = {
  parameters: { msw: [pendingHandler('addAppointment'), ...handlers.default] },
  play: async (context) => {
    await fillAppointment(context);
    const { canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Add' }));
    await expect(await canvas.findByRole('button', { name: 'Add Working…' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Reset' })).toBeDisabled();
  },
};

/** Booked: the confirmation names the patient; the form is empty again. */
export const Success: Story = {
  parameters: { msw: createHandlers() },
  play: async (context) => {
    await fillAppointment(context);
    const { canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Add' }));
    const status = await canvas.findByRole('status');
    await expect(status).toHaveTextContent(
      `Appointment added for ${NAME} (P001) on 2026-11-20 at 10:30.`,
    );
    await expect(status).toHaveFocus();
    await expect(canvas.getByRole('textbox', { name: 'Patient ID' })).toHaveValue('');
  },
};

/** An unknown patient: the server's words, and everything typed is kept. */
export const Error: Story = {
  play: async (context) => {
    await fillAppointment(context, 'P999');
    const { canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Add' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Patient Appointment: not added');
    await expect(alert).toHaveTextContent('No patient with ID P999');
    await expect(canvas.getByRole('textbox', { name: 'Patient ID' })).toHaveValue('P999');
  },
};

/** A refusal naming a field: that field is marked and focused. */
export const FieldError: Story = {
  parameters: {
    msw: [
      problemHandler('addAppointment', 400, 'date: The clinic is closed that day', [
        { field: 'date', message: 'The clinic is closed that day' },
      ]),
      ...handlers.default,
    ],
  },
  play: async (context) => {
    await fillAppointment(context);
    const date = context.canvas.getByLabelText(/^Date/);
    await context.userEvent.click(context.canvas.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(date).toHaveFocus());
    await expect(date).toHaveAccessibleDescription('The clinic is closed that day');
  },
};

/** The whole form with the keyboard alone: Tab between fields, Enter to add. */
export const KeyboardOnly: Story = {
  parameters: { msw: createHandlers() },
  play: async ({ canvas, userEvent }) => {
    canvas.getByRole('textbox', { name: 'Patient ID' }).focus();
    await userEvent.keyboard('P001');
    await userEvent.tab();
    await expect(canvas.getByRole('textbox', { name: 'Time' })).toHaveFocus();
    await userEvent.keyboard('10:30');
    await userEvent.tab();
    await expect(canvas.getByLabelText(/^Date/)).toHaveFocus();
    await userEvent.keyboard('2026-11-20');
    await userEvent.tab();
    await expect(canvas.getByRole('textbox', { name: 'Topic' })).toHaveFocus();
    await userEvent.keyboard('Follow-up');
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Reset' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Add' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByRole('status')).toHaveTextContent(/^Appointment added for/);
  },
};

export const Phone360: Story = {
  globals: { viewport: { value: 'phone360' } },
  play: async ({ canvas }) => {
    await fitsThePhone();
    await expect(canvas.getByRole('button', { name: 'Menu' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Add' })).toBeVisible();
  },
};

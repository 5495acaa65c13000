import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { prefilledPath, ROUTES } from '@portal/contract';
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
import { AddHistoryPage } from './add-history-page';

/** The mock API's first patient, whose history the stories add to. */
const [FIRST] = makePatientRecords(1);
const NAME = `${FIRST!.patient.first_name} ${FIRST!.patient.last_name}`;
/** Why the FieldError story's server refuses the date. */
const IN_THE_FUTURE = 'An entry cannot be dated in the future';

const meta = {
  title: 'Pages/Clinical/AddHistoryPage',
  component: AddHistoryPage,
  beforeEach: forgetSession,
  decorators: [inManagementSection('patients'), inPortalFrame],
  parameters: {
    layout: 'fullscreen',
    portal: {
      route: ROUTES.addHistory,
      session: { role: 'medical_personnel' },
    } satisfies PortalParameters,
    msw: handlers.default,
  },
} satisfies Meta<typeof AddHistoryPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The stories note a blood test review for P001 on 28 October 2026 at 10:30:00. */
const plays = patientEntryPlays({
  title: 'Patient History',
  time: '10:30:00',
  refusedTime: '10.30',
  date: '2026-10-28',
  textLabel: 'Detail',
  text: 'Follow-up blood test reviewed; cholesterol down since the last visit.',
  keyboardText: 'Vaccination given.',
  addedText: `History entry added for ${NAME} (P001) on 2026-10-28 at 10:30:00.`,
  // The keyboard-only story types 10:30: 10:30 without seconds is accepted too.
  keyboardAddedText: /at 10:30:00\./,
  dateProblem: IN_THE_FUTURE,
});

/** The empty form: patient id, time and date required, an optional detail. */
export const Default: Story = { play: plays.Default };

/** The form filled in for P001, not yet sent. */
export const Filled: Story = { play: plays.Filled };

/** Submitted empty, then a time in the wrong format. */
export const Empty: Story = { play: plays.Empty };

/** Sent, and the server has not answered yet: 'Add' and 'Reset' are disabled. */
export const Loading: Story = {
  parameters: { msw: [pendingHandler('addHistory'), ...handlers.default] },
  play: plays.Loading,
};

/** Added: the confirmation names the patient; the form is empty again. */
export const Success: Story = { parameters: { msw: createHandlers() }, play: plays.Success };

/** An unknown patient: the server's words, and everything typed is kept. */
export const Error: Story = { play: plays.Error };

/** A refusal naming a field: that field is marked and focused. */
export const FieldError: Story = {
  parameters: {
    msw: [
      problemHandler('addHistory', 400, `date: ${IN_THE_FUTURE}`, [
        { field: 'date', message: IN_THE_FUTURE },
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
  parameters: { portal: { route: prefilledPath(ROUTES.addHistory, 'patient', 'P001') } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Patient ID' })).toHaveValue('P001');
    await expect(await canvas.findByText(`Patient: ${NAME}`)).toBeVisible();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { type DayAppointment, hospitalToday, ROUTES } from '@portal/contract';
import { createHandlers, makePatientRecord, pendingHandler, problemHandler } from '@portal/testing';
import {
  fitsThePhone,
  forgetSession,
  inManagementSection,
  inPortalFrame,
  type PortalParameters,
} from '@portal/testing/story-kit';
import { DOCTOR, morning } from './today-fixtures';
import { TodayPage } from './today-page';
import { LOADING_TODAY, TODAY_FAILED } from '../../testing/english-texts';

/** The mock API holding a day's appointments, each patient's record named as the fixture. */
function dayHandlers(day: DayAppointment[]) {
  const patients = day.map((a, i) =>
    makePatientRecord(
      { patient: { patient_id: a.patient_id, first_name: a.first_name, last_name: a.last_name } },
      i + 1,
    ),
  );
  const appointments: Record<string, DayAppointment[]> = {};
  for (const a of day) appointments[a.patient_id] = [...(appointments[a.patient_id] ?? []), a];
  return createHandlers({ patients, appointments });
}

const today = () => hospitalToday();

const meta = {
  title: 'Pages/Clinical/TodayPage',
  component: TodayPage,
  beforeEach: forgetSession,
  decorators: [inManagementSection('patients'), inPortalFrame],
  parameters: {
    layout: 'fullscreen',
    portal: {
      route: ROUTES.today,
      session: { role: 'medical_personnel', employee_id: DOCTOR.employee_id },
    } satisfies PortalParameters,
    msw: dayHandlers(morning(today())),
  },
} satisfies Meta<typeof TodayPage>;

export default meta;
type Story = StoryObj<typeof meta>;

type PlayContext = Parameters<NonNullable<Story['play']>>[0];

const table = (canvas: PlayContext['canvas']) =>
  canvas.findByRole('table', { name: /appointments today/ });

/** The doctor's own morning: attended, booked (with its actions) and cancelled. */
export const Mine: Story = {
  play: async ({ canvas }) => {
    const rows = within(await table(canvas)).getAllByRole('row');
    await expect(rows).toHaveLength(4);
    await expect(canvas.getByRole('radio', { name: 'Mine' })).toBeChecked();
    await expect(
      canvas.getByRole('button', { name: /^Record as attended: Somchai/ }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Malee Srisuk' })).toBeVisible();
  },
};

/** Everyone's: the nurse's and the unassigned appointment too. */
export const All: Story = {
  play: async ({ canvas, userEvent }) => {
    await table(canvas);
    await userEvent.click(canvas.getByRole('radio', { name: 'All' }));
    await expect(await canvas.findByText('Showing 5 of 5.')).toBeVisible();
    await expect(canvas.getByText('Pim Chaiyo')).toBeVisible();
  },
};

/** One click marks a booked appointment attended. */
export const MarkAttended: Story = {
  // Its own mock API: the mark changes the day.
  parameters: { msw: dayHandlers(morning(today())) },
  play: async ({ canvas, userEvent }) => {
    await table(canvas);
    await userEvent.click(canvas.getByRole('button', { name: /^Record as attended: Somchai/ }));
    await expect(await canvas.findByText(/Somchai Boonmee at 08:15: Attended\./)).toBeVisible();
    await waitFor(() =>
      expect(canvas.queryByRole('button', { name: /^Record as attended/ })).not.toBeInTheDocument(),
    );
  },
};

/** Nothing with this clinician today. */
export const Empty: Story = {
  parameters: { msw: dayHandlers([]) },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('No appointments with you today. Choose All to see everyone’s.'),
    ).toBeVisible();
  },
};

/** While the day loads. */
export const Loading: Story = {
  parameters: { msw: [pendingHandler('dayAppointments')] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(LOADING_TODAY)).toBeVisible();
  },
};

/** The day could not be loaded. */
export const Error: Story = {
  parameters: { msw: [problemHandler('dayAppointments', 500, 'Something went wrong')] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(TODAY_FAILED);
  },
};

/** On a 360 px phone: each appointment a stacked row, nothing scrolling sideways. */
export const Phone360: Story = {
  globals: { viewport: { value: 'phone360' } },
  play: async ({ canvas }) => {
    await table(canvas);
    // A time is never broken inside.
    const time = canvas.getAllByText('08:15')[0]!;
    await expect(time.getClientRects()).toHaveLength(1);
    await fitsThePhone();
  },
};

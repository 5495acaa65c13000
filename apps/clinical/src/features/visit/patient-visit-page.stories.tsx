import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { hospitalToday, patientVisitPath } from '@portal/contract';
import { createHandlers } from '@portal/testing';
import {
  fitsThePhone,
  forgetSession,
  inManagementSection,
  inPortalFrame,
  type PortalParameters,
} from '@portal/testing/story-kit';
import { CHART_RECORD, chartAppointment } from '../chart/chart-fixtures';
import { NOTES, VITALS } from './visit-fixtures';
import { PatientVisitPage } from './patient-visit-page';

/** Today's appointment of P037 with the doctor: the visit shown. */
const visit = () =>
  chartAppointment(1, hospitalToday(), { time: '09:30:00', topic: 'Blood pressure check' });

/** A mock API of its own for each story (a story that finishes the visit changes it). */
const visitHandlers = () =>
  createHandlers({
    patients: [CHART_RECORD],
    appointments: { P037: [visit()] },
    vitals: { P037: VITALS },
    notes: { P037: NOTES },
  });

const meta = {
  title: 'Pages/Clinical/PatientVisitPage',
  component: PatientVisitPage,
  args: { patientId: 'P037', appointmentId: visit().appointment_id },
  beforeEach: forgetSession,
  decorators: [inManagementSection('patients'), inPortalFrame],
  parameters: {
    layout: 'fullscreen',
    portal: {
      route: patientVisitPath('P037', visit().appointment_id),
      session: { role: 'medical_personnel', position_id: 'P001' },
    } satisfies PortalParameters,
    msw: visitHandlers(),
  },
} satisfies Meta<typeof PatientVisitPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A Doctor's visit: the allergy alert, who and which visit, its records, and Finish visit. */
export const Default: Story = {
  parameters: { msw: visitHandlers() },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Visit: Malee Srisuk' });
    await expect(canvas.getByRole('alert')).toHaveTextContent(/amoxicillin/);
    const header = canvas.getByRole('region', { name: 'Patient and appointment' });
    await expect(within(header).getByText('Blood pressure check')).toBeVisible();
    await expect(await canvas.findByRole('region', { name: 'Vital signs' })).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Notes' })).toBeVisible();
    await expect(await canvas.findByRole('region', { name: 'Problem list' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Finish visit' })).toBeVisible();
  },
};

/** Finished: attended, the follow-up booking offered with this visit's clinician. */
export const Finished: Story = {
  parameters: { msw: visitHandlers() },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Visit: Malee Srisuk' });
    await userEvent.click(canvas.getByRole('button', { name: 'Finish visit' }));
    await expect(
      await canvas.findByText('Visit finished: the appointment is recorded as attended.'),
    ).toBeVisible();
    const followUp = await canvas.findByRole('form', { name: 'Book the follow-up' });
    await waitFor(() => expect(within(followUp).getByLabelText(/^Clinician/)).toHaveValue('E001'));
    await expect(canvas.getByRole('link', { name: 'Back to Today' })).toBeVisible();
  },
};

/** In Thai on a 360 px phone, finished: nothing scrolls sideways. */
export const Phone360Thai: Story = {
  parameters: { msw: visitHandlers() },
  globals: { viewport: { value: 'phone360' }, locale: 'th' },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { level: 1, name: 'การตรวจ: Malee Srisuk' });
    await canvas.findByRole('region', { name: 'สัญญาณชีพ' });
    await userEvent.click(canvas.getByRole('button', { name: 'สิ้นสุดการตรวจ' }));
    await canvas.findByRole('form', { name: 'นัดหมายติดตามอาการ' });
    await fitsThePhone();
  },
};

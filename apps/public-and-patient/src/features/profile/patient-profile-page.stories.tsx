import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { MESSAGES, ROUTES } from '@portal/contract';
import {
  createHandlers,
  handlers,
  makeChartAppointment,
  makePatientRecord,
  pendingHandler,
  problemHandler,
} from '@portal/testing';
import { PatientProfilePage } from './patient-profile-page';
import {
  type PortalParameters,
  inPortalFrame,
  forgetSession,
  fitsThePhone,
  valuesStayWhole,
} from '@portal/testing/story-kit';

/** A patient with a long record: several allergies, diseases and history entries. */
const FULL_RECORD = makePatientRecord({
  patient: {
    first_name: 'Pimchanok',
    last_name: 'Intharasombat',
    gender: 'female',
    health_insurance: 'yes',
    ongoing_treatment: 'insulin therapy, with blood sugar checks every morning and evening',
  },
  patient_appointment: { date: '2026-11-20', time: '10:30:00', topic: 'Annual check-up' },
  patient_drug_allergy: [{ drug_id: 'R002' }, { drug_id: 'R003' }, { drug_id: 'R010' }],
  patient_chronic_disease: [{ disease_id: 'I003' }, { disease_id: 'I007' }, { disease_id: 'I011' }],
  medical_history: [
    { date: '2026-10-28', time: '09:15:00', details: 'Follow-up blood test reviewed.' },
    { date: '2026-08-03', time: '14:00:00', details: 'Vaccination given.' },
    {
      date: '2026-03-17',
      time: '11:45:00',
      details: 'Fever and cough; prescribed rest and fluids.',
    },
    { date: '2025-12-24', time: '16:45:00', details: null },
    { date: '2025-06-09', time: '08:30:00', details: 'Sprained ankle; strapped and rested.' },
    { date: '2024-11-02', time: '10:00:00', details: 'Routine check-up, all normal.' },
  ],
});

/** The same patient with nothing in any list, no appointment and no blood type. */
const EMPTY_RECORD = makePatientRecord({
  patient: { blood_type: null },
  patient_appointment: { date: '', time: '', topic: null },
  patient_drug_allergy: [],
  patient_chronic_disease: [],
  medical_history: [],
});

const meta = {
  title: 'Pages/Public/PatientProfilePage',
  component: PatientProfilePage,
  beforeEach: forgetSession,
  decorators: [inPortalFrame],
  parameters: {
    layout: 'fullscreen',
    portal: {
      route: ROUTES.patientProfile,
      session: { role: 'patient', patient_id: 'P001' },
    } satisfies PortalParameters,
    msw: handlers.default,
  },
} satisfies Meta<typeof PatientProfilePage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The demo patient's record (P001 of the mock data: something in every list). */
export const Default: Story = {
  play: async ({ canvas }) => {
    const details = await canvas.findByRole('region', { name: 'Personal details' });
    await expect(within(details).getByText('P001')).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Drug allergies' })).toBeVisible();
    await expect(canvas.getByRole('columnheader', { name: 'Date & Time' })).toBeVisible();
    await expect(canvas.getByText('Help Desk')).toBeVisible();
    await expect(canvas.getByText(/^Hello, \S/)).toBeVisible();
    const upcoming = canvas.getByRole('region', { name: 'Upcoming appointments' });
    await expect(await within(upcoming).findByRole('list')).toBeVisible();
    await expect(within(upcoming).getByText('Next')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Who opened my record' })).toBeVisible();
  },
};

/** No appointment from today on: the upcoming list says so. */
export const NoUpcomingAppointments: Story = {
  parameters: { msw: createHandlers({ appointments: {} }) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No upcoming appointments.')).toBeVisible();
  },
};

const DOCTOR = { employee_id: 'E002', first_name: 'Anan', last_name: 'Wongsa' };

/**
 * A cancelled appointment before the next booked one: the past visits show it with its status
 * and reason, the upcoming list the booked one, each with the clinician's name; "Latest
 * Appointment" is the API's, the booked one.
 */
const WITH_CANCELLATION = createHandlers({
  patients: [
    makePatientRecord({
      ...FULL_RECORD,
      patient_appointment: {
        date: '2026-12-03',
        time: '14:30:00',
        topic: 'Blood test',
        status: 'booked',
        clinician: DOCTOR,
      },
    }),
  ],
  appointments: {
    P001: [
      makeChartAppointment(
        {
          date: '2026-11-20',
          time: '09:00:00',
          topic: 'Follow-up',
          status: 'cancelled',
          cancel_reason: 'The doctor is away that day',
          clinician: DOCTOR,
        },
        1,
      ),
      makeChartAppointment(
        { date: '2026-12-03', time: '14:30:00', topic: 'Blood test', clinician: DOCTOR },
        2,
      ),
    ],
  },
});

export const CancelledAppointment: Story = {
  parameters: { msw: WITH_CANCELLATION },
  play: async ({ canvas }) => {
    const past = await canvas.findByRole('region', { name: 'Past visits' });
    const table = await within(past).findByRole('table');
    await expect(within(table).getByText('Cancelled')).toBeVisible();
    await expect(within(table).getByText('The doctor is away that day')).toBeVisible();
    await expect(within(table).getByText('Anan Wongsa')).toBeVisible();
    const upcoming = canvas.getByRole('region', { name: 'Upcoming appointments' });
    await expect(await within(upcoming).findByText('With Anan Wongsa')).toBeVisible();
    await expect(
      canvas.getByText('2026-12-03 14:30 — Blood test · with Anan Wongsa'),
    ).toBeVisible();
  },
};

/** The same on a phone: each appointment a stack of labelled lines, no time split. */
export const CancelledAppointmentPhone: Story = {
  parameters: { msw: WITH_CANCELLATION },
  globals: { viewport: { value: 'phone360' } },
  play: async ({ canvas, canvasElement }) => {
    const past = await canvas.findByRole('region', { name: 'Past visits' });
    await expect(await within(past).findByText('Cancelled')).toBeVisible();
    await fitsThePhone();
    await valuesStayWhole(canvasElement);
  },
};

/** While the profile loads: 'Loading profile...'. */
export const Loading: Story = {
  parameters: { msw: [pendingHandler('profile'), ...handlers.default] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(MESSAGES.loadingProfile)).toBeVisible();
  },
};

/** The profile could not be loaded: the spec's error text. */
export const ProfileError: Story = {
  parameters: {
    msw: [
      problemHandler('profile', 500, 'Something went wrong on our side. Please try again.'),
      ...handlers.default,
    ],
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      `Error: ${MESSAGES.profileLoadFailed}`,
    );
  },
};

/** The profile loaded but the patient record did not: the spec's error text for the record. */
export const RecordError: Story = {
  parameters: {
    msw: [problemHandler('getPatient', 404, 'No patient with ID P001'), ...handlers.default],
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      `Error: ${MESSAGES.patientLoadFailed}`,
    );
  },
};

/** A long record: three allergies and diseases, six history entries, an appointment with a topic. */
export const Filled: Story = {
  parameters: { msw: createHandlers({ patients: [FULL_RECORD] }) },
  play: async ({ canvas }) => {
    const allergies = await canvas.findByRole('region', { name: 'Drug allergies' });
    await expect(within(allergies).getAllByRole('listitem')).toHaveLength(3);
    const history = canvas.getByRole('region', { name: 'Medical history' });
    await expect(within(history).getAllByRole('row')).toHaveLength(7);
    await expect(canvas.getByText(/^2026-11-20 10:30/)).toBeVisible();
  },
};

/** Nothing in any list, no appointment, no blood type. */
export const EmptyLists: Story = {
  parameters: { msw: createHandlers({ patients: [EMPTY_RECORD] }) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(MESSAGES.noDrugAllergies)).toBeVisible();
    await expect(canvas.getByText(MESSAGES.noChronicDiseases)).toBeVisible();
    await expect(canvas.getByText(MESSAGES.noMedicalHistory)).toBeVisible();
    await expect(canvas.getByText(MESSAGES.noAppointment)).toBeVisible();
    await expect(canvas.getByText(MESSAGES.emptyValue)).toBeVisible();
  },
};

/** On a 360 px phone: a full record with its lists, nothing scrolling sideways. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone360' } },
  parameters: { msw: createHandlers({ patients: [FULL_RECORD] }) },
  play: async ({ canvas }) => {
    await fitsThePhone();
    await expect(await canvas.findByRole('region', { name: 'Medical history' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Menu' })).toBeVisible();
  },
};

/** The patient's current medications: amoxicillin, with the instructions the doctor wrote. */
export const WithMedications: Story = {
  parameters: {
    msw: createHandlers({
      medications: {
        P001: [
          {
            id: '20000000-0000-4000-8000-000000000001',
            drug_id: 'rxn:723',
            name: 'amoxicillin',
            name_th: 'อะม็อกซีซิลลิน',
            codes: [
              {
                system: 'http://www.nlm.nih.gov/research/umls/rxnorm',
                code: '723',
                display: 'amoxicillin',
              },
            ],
            dose: 500,
            unit: 'mg',
            route: 'oral',
            frequency: 'three_times_daily',
            duration_days: 7,
            quantity: 21,
            instructions: 'One capsule three times a day after meals, until all are taken',
            status: 'active',
            stopped: null,
            override_reason: null,
            prescribed_by: { employee_id: 'E001', first_name: 'Anan', last_name: 'Wongsa' },
            created_at: '2026-12-02T03:00:00.000Z',
            ends_at: '2026-12-09T03:00:00.000Z',
            allergy_conflicts: [],
          },
        ],
      },
    }),
  },
  play: async ({ canvas }) => {
    const medications = await canvas.findByRole('region', { name: 'My medications' });
    await expect(await within(medications).findByText('amoxicillin')).toBeVisible();
    await expect(
      within(medications).getByText(/^How to take it: One capsule three times a day/),
    ).toBeVisible();
  },
};

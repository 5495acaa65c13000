import { MESSAGES, type PatientRecord } from '@portal/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { CatalogueList, CatalogueName } from './catalogue-name';
import { PatientRecordView } from './patient-record-view';

/** A patient with something in every list and an appointment with a topic. */
const FILLED: PatientRecord = {
  patient: {
    patient_id: 'P001',
    first_name: 'Pimchanok',
    last_name: 'Intharasombat',
    age: 34,
    date_of_birth: '1992-03-14',
    gender: 'female',
    blood_type: 'AB',
    email: 'pimchanok.i@gmail.com',
    health_insurance: 'yes',
    address: '12/3 Sukhumvit Road, Khlong Toei, Bangkok 10110',
    phone_number: '081-234-5678',
    id_card_number: '1-1037-02345-67-8',
    ongoing_treatment: 'insulin therapy, with blood sugar checks every morning and evening',
    unhealthy_habits: 'late nights',
  },
  patient_appointment: { date: '2026-11-20', time: '10:30:00', topic: 'Annual check-up' },
  patient_drug_allergy: [{ drug_id: 'R002' }, { drug_id: 'R003' }, { drug_id: 'R010' }],
  patient_chronic_disease: [{ disease_id: 'I003' }, { disease_id: 'I007' }],
  medical_history: [
    { date: '2026-10-28', time: '09:15:00', details: 'Follow-up blood test reviewed.' },
    { date: '2026-08-03', time: '14:00:00', details: 'Vaccination given.' },
    { date: '2025-12-24', time: '16:45:00', details: null },
    {
      date: '2025-06-09',
      time: '08:30:00',
      details: 'Sprained ankle; strapped and rested. Come back if the swelling has not gone down.',
    },
  ],
  registered: true,
};

/** Empty values, no appointment and nothing in any list. */
const EMPTY: PatientRecord = {
  ...FILLED,
  patient: { ...FILLED.patient, blood_type: null, ongoing_treatment: '', id_card_number: '' },
  patient_appointment: { date: '', time: '', topic: null },
  patient_drug_allergy: [],
  patient_chronic_disease: [],
  medical_history: [],
};

/** At 360 px nothing may need sideways scrolling (WCAG 1.4.10, Reflow). */
async function fitsThePhone() {
  await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
}

const meta = {
  title: 'Components/Records/PatientRecordView',
  tags: ['autodocs'],
  argTypes: { record: { control: 'object' } },
  component: PatientRecordView,
  subcomponents: { CatalogueName, CatalogueList },
  args: { record: FILLED, reader: 'patient' },
  decorators: [
    (Story) => (
      <div className="p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PatientRecordView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A whole record: details, latest appointment, allergies, diseases and history. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const details = canvas.getByRole('region', { name: 'Personal details' });
    await expect(within(details).getByText('Intharasombat')).toBeVisible();
    await expect(within(details).getByText('2026-11-20 10:30 — Annual check-up')).toBeVisible();
    const allergies = canvas.getByRole('region', { name: 'Drug allergies' });
    await expect(within(allergies).getAllByRole('listitem')).toHaveLength(3);
    await expect(canvas.getByRole('columnheader', { name: 'Date & Time' })).toBeVisible();
    await expect(
      within(canvas.getByRole('region', { name: 'Medical history' })).getAllByRole('row'),
    ).toHaveLength(5);
  },
};

/** Nothing in the lists, no appointment, some values empty ('-'). */
export const EmptyLists: Story = {
  args: { record: EMPTY, reader: 'patient' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(MESSAGES.noDrugAllergies)).toBeVisible();
    await expect(canvas.getByText(MESSAGES.noChronicDiseases)).toBeVisible();
    await expect(canvas.getByText(MESSAGES.noMedicalHistory)).toBeVisible();
    await expect(canvas.getByText(MESSAGES.noAppointment)).toBeVisible();
    await expect(canvas.getAllByText(MESSAGES.emptyValue)).toHaveLength(3);
  },
};

/** Two records on one page, as the search page shows them: each region keeps its own label. */
export const TwoRecords: Story = {
  render: () => (
    <div className="flex flex-col gap-6">
      <PatientRecordView record={FILLED} reader="clinician" />
      <PatientRecordView record={EMPTY} reader="clinician" />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('region', { name: 'Medical history' })).toHaveLength(2);
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone360' } },
  play: async ({ canvas }) => {
    await fitsThePhone();
    await expect(canvas.getByRole('region', { name: 'Medical history' })).toBeVisible();
  },
};

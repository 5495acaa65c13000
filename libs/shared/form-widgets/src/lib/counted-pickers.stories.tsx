import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { z } from 'zod';
import { chronicDiseaseListSchema, drugAllergyListSchema } from '@portal/contract';
import { CountedPickers } from './counted-pickers';
import { withForm } from './form-harness';

const schema = z.object({
  patient_chronic_disease: chronicDiseaseListSchema,
  patient_drug_allergy: drugAllergyListSchema,
});

const meta = {
  title: 'Forms/Pickers/CountedPickers',
  tags: ['autodocs'],
  argTypes: {
    name: { control: false },
    kind: { control: 'inline-radio', options: ['disease', 'drug'] },
    countLabel: { control: 'text' },
    hint: { control: 'text' },
    disabled: { control: 'boolean' },
  },
  component: CountedPickers,
  decorators: [withForm],
  args: {
    name: 'patient_chronic_disease',
    kind: 'disease',
    countLabel: 'Number of chronic diseases',
  },
  parameters: { form: { schema, defaultValues: { patient_chronic_disease: [] } } },
} satisfies Meta<typeof CountedPickers>;

export default meta;
type Story = StoryObj<typeof meta>;

/** At 0: the count alone, no picker. */
export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    const count = canvas.getByRole('spinbutton', { name: 'Number of chronic diseases' });
    await expect(count).toHaveValue(0);
    await expect(canvas.queryByRole('combobox')).not.toBeInTheDocument();
    await userEvent.clear(count);
    await userEvent.type(count, '2');
    await expect(canvas.getByRole('combobox', { name: 'Disease 2' })).toBeRequired();
  },
};

export const TwoWithValues: Story = {
  parameters: {
    form: {
      schema,
      defaultValues: { patient_chronic_disease: [{ disease_id: 'I002' }, { disease_id: 'I007' }] },
    },
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('spinbutton', { name: 'Number of chronic diseases' }),
    ).toHaveValue(2);
    await expect(canvas.getByRole('combobox', { name: 'Disease 1' })).toHaveValue('I002');
    await expect(canvas.getByRole('combobox', { name: 'Disease 2' })).toHaveValue('I007');
  },
};

export const DrugAllergies: Story = {
  args: { name: 'patient_drug_allergy', kind: 'drug', countLabel: 'Number of drug allergies' },
  parameters: { form: { schema, defaultValues: { patient_drug_allergy: [{ drug_id: 'R003' }] } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Drug allergy 1' })).toHaveValue('R003');
  },
};

/** The same disease twice: refused by the contract's schema, shown on the later picker. */
export const DuplicateError: Story = {
  parameters: {
    form: {
      schema,
      defaultValues: { patient_chronic_disease: [{ disease_id: 'I002' }, { disease_id: 'I002' }] },
    },
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    const second = canvas.getByRole('combobox', { name: 'Disease 2' });
    await waitFor(() => expect(second).toHaveAccessibleDescription('Disease I002 is listed twice'));
    await expect(canvas.getByRole('combobox', { name: 'Disease 1' })).not.toHaveAttribute(
      'aria-invalid',
    );
  },
};

/** An empty picker, refused on submit. */
export const RequiredError: Story = {
  parameters: {
    form: { schema, defaultValues: { patient_chronic_disease: [{ disease_id: '' }] } },
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    const picker = canvas.getByRole('combobox', { name: 'Disease 1' });
    await waitFor(() =>
      expect(picker).toHaveAccessibleDescription('Choose a disease from the catalogue'),
    );
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone360' } },
  parameters: TwoWithValues.parameters,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Disease 1' })).toBeVisible();
  },
};

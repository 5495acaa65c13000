import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { DiseasePicker, DrugPicker } from './catalogue-pickers';
import { FIELD_ARG_TYPES, withForm } from './form-harness';

const meta = {
  title: 'Forms/Pickers/CataloguePicker',
  tags: ['autodocs'],
  subcomponents: { DrugPicker },
  argTypes: FIELD_ARG_TYPES,
  component: DiseasePicker,
  decorators: [withForm],
  args: { name: 'disease_id', label: 'Disease', required: true },
} satisfies Meta<typeof DiseasePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    const picker = canvas.getByRole('combobox', { name: 'Disease' });
    await userEvent.selectOptions(picker, 'I002 — tuberculosis');
    await expect(picker).toHaveValue('I002');
  },
};

export const Drug: Story = {
  args: { name: 'drug_id', label: 'Drug allergy' },
  render: (args) => <DrugPicker {...args} />,
  parameters: { form: { defaultValues: { drug_id: 'R002' } } },
  play: async ({ canvas }) => {
    const picker = canvas.getByRole('combobox', { name: 'Drug allergy' });
    await expect(picker).toHaveValue('R002');
    await expect(canvas.getByRole('option', { name: 'R002 — paracetamol' })).toBeInTheDocument();
  },
};

export const WithError: Story = {
  parameters: { form: { errors: { disease_id: 'Choose a disease from the catalogue' } } },
  play: async ({ canvas }) => {
    const picker = canvas.getByRole('combobox', { name: 'Disease' });
    await waitFor(() =>
      expect(picker).toHaveAccessibleDescription('Choose a disease from the catalogue'),
    );
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Disease' })).toBeDisabled();
  },
};

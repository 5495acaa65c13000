import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { FIELD_ARG_TYPES, withForm } from './form-harness';
import { YesNoField } from './yes-no-field';

const meta = {
  title: 'Forms/Fields/YesNoField',
  tags: ['autodocs'],
  argTypes: FIELD_ARG_TYPES,
  component: YesNoField,
  decorators: [withForm],
  args: { name: 'health_insurance', label: 'Health Insurance', required: true },
} satisfies Meta<typeof YesNoField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('group', { name: 'Health Insurance' })).toBeVisible();
    await userEvent.click(canvas.getByRole('radio', { name: 'Yes' }));
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('radio', { name: 'No' })).toBeChecked();
  },
};

export const WithError: Story = {
  parameters: { form: { errors: { health_insurance: 'Choose yes or no' } } },
  play: async ({ canvas }) => {
    const group = canvas.getByRole('group', { name: 'Health Insurance' });
    await waitFor(() => expect(group).toHaveAccessibleDescription('Choose yes or no'));
  },
};

export const Disabled: Story = {
  args: { name: 'work_status', label: 'Work Status', disabled: true },
  parameters: { form: { defaultValues: { work_status: 'yes' } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('radio', { name: 'Yes' })).toBeDisabled();
    await expect(canvas.getByRole('radio', { name: 'No' })).toBeDisabled();
  },
};

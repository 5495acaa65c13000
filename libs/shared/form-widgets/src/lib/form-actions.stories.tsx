import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { FormActions } from './form-actions';

/** A bare form with no fields: the buttons are the story. */
function ActionsFrame({ children }: { children: ReactNode }) {
  const form = useForm();
  return (
    <FormProvider {...form}>
      <form aria-label="Example form" className="max-w-xl p-4" onSubmit={(e) => e.preventDefault()}>
        {children}
      </form>
    </FormProvider>
  );
}

const meta = {
  title: 'Forms/Form/FormActions',
  tags: ['autodocs'],
  argTypes: { submitLabel: { control: 'text' }, busy: { control: 'boolean' } },
  component: FormActions,
  decorators: [
    (Story) => (
      <ActionsFrame>
        <Story />
      </ActionsFrame>
    ),
  ],
  args: { submitLabel: 'Done', onReset: fn() },
} satisfies Meta<typeof FormActions>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('button', { name: 'Done' })).toBeEnabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Reset' }));
    await expect(args.onReset).toHaveBeenCalled();
  },
};

export const Add: Story = {
  args: { submitLabel: 'Add' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Add' })).toHaveAttribute('type', 'submit');
  },
};

/** While the request runs: both buttons disabled. */
export const Busy: Story = {
  args: { busy: true },
  play: async ({ canvas }) => {
    // While busy the submit button's name also says it is working.
    await expect(canvas.getByRole('button', { name: /^Done/ })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Reset' })).toBeDisabled();
  },
};

export const Phone: Story = {
  args: { submitLabel: 'Search' },
  globals: { viewport: { value: 'phone360' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Search' })).toBeVisible();
  },
};

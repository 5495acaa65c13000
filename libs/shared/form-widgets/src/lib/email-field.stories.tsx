import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { emailSchema } from '@portal/contract';
import { z } from 'zod';
import { EMAIL_DOMAINS_HINT, EmailField } from './email-field';
import { FIELD_ARG_TYPES, withForm } from './form-harness';

const meta = {
  title: 'Forms/Fields/EmailField',
  tags: ['autodocs'],
  argTypes: FIELD_ARG_TYPES,
  component: EmailField,
  decorators: [withForm],
  args: { name: 'email', label: 'Email', required: true },
  parameters: { form: { schema: z.object({ email: emailSchema }) } },
} satisfies Meta<typeof EmailField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Email' });
    await expect(input).toHaveAttribute('type', 'email');
    await expect(input).toHaveAccessibleDescription(EMAIL_DOMAINS_HINT);
  },
};

/** An address at another domain, refused on submit with the contract's message. */
export const WithError: Story = {
  parameters: {
    form: { schema: z.object({ email: emailSchema }), defaultValues: { email: 'malee@yahoo.com' } },
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    const input = canvas.getByRole('textbox', { name: 'Email' });
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(
        `${EMAIL_DOMAINS_HINT} Email must end in @gmail.com, @hotmail.com, @email.com`,
      ),
    );
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toBeDisabled();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { MEDICATION_REASON_MAX, stopMedicationRequestSchema } from '@portal/contract';
import { ReasonDialog } from './reason-dialog';

const meta = {
  title: 'Forms/Dialogs/ReasonDialog',
  tags: ['autodocs'],
  // Modal: drawn in its own frame on the Docs page, not over it.
  parameters: { docs: { story: { inline: false, height: '480px' } } },
  component: ReasonDialog,
  args: {
    schema: stopMedicationRequestSchema,
    title: 'Stop amoxicillin?',
    description: 'The prescription stays on the record as stopped, with the reason.',
    reasonLabel: 'Reason for stopping',
    maxLength: MEDICATION_REASON_MAX,
    failedTitle: 'The prescription was not stopped',
    keepLabel: 'Keep it',
    submitLabel: 'Stop',
    busy: false,
    submit: fn(async () => {}),
    toFailure: (error: unknown) => ({ detail: String(error) }),
    onDone: fn(),
    onClose: fn(),
  },
  argTypes: {
    schema: { control: false },
    submit: { control: false },
    toFailure: { control: false },
  },
} satisfies Meta<typeof ReasonDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opened: the reason has the focus; without one nothing is sent and the field says so. */
export const Default: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = screen.getByRole('dialog', { name: 'Stop amoxicillin?' });
    const reason = screen.getByRole('textbox', { name: /^Reason for stopping/ });
    await waitFor(() => expect(reason).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(reason).toHaveAttribute('aria-invalid', 'true'));
    await expect(args.submit).not.toHaveBeenCalled();
    await expect(dialog).toBeVisible();
  },
};

/** With a reason: sent, then the owner is told it is done. */
export const Sent: Story = {
  play: async ({ args, userEvent }) => {
    await userEvent.type(
      screen.getByRole('textbox', { name: /^Reason for stopping/ }),
      'Rash on the second day',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(args.onDone).toHaveBeenCalledTimes(1));
    await expect(args.submit).toHaveBeenCalledWith({ reason: 'Rash on the second day' });
  },
};

/** Refused by the server: said inside the dialog, the reason still there. */
export const Refused: Story = {
  args: {
    submit: fn(async () => {
      throw new Error('The prescription is already stopped');
    }),
    toFailure: (error: unknown) => ({ detail: (error as Error).message }),
  },
  play: async ({ args, userEvent }) => {
    const reason = screen.getByRole('textbox', { name: /^Reason for stopping/ });
    await userEvent.type(reason, 'Rash on the second day');
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    const alert = await screen.findByRole('alert');
    await expect(alert).toHaveTextContent('The prescription was not stopped');
    await expect(alert).toHaveTextContent('The prescription is already stopped');
    await expect(reason).toHaveValue('Rash on the second day');
    await expect(args.onDone).not.toHaveBeenCalled();
  },
};

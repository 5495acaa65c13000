import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { Button } from '../button/button';
import { Dialog } from './dialog';

const meta = {
  title: 'Components/Dialogs/Dialog',
  tags: ['autodocs'],
  // Fixed or modal: drawn in its own frame on the Docs page, not over it.
  parameters: { docs: { story: { inline: false, height: '420px' } } },
  argTypes: {
    open: { control: 'boolean' },
    title: { control: 'text' },
    description: { control: 'text' },
    actions: { control: false },
    children: { control: false },
  },
  component: Dialog,
  args: {
    open: true,
    title: 'Discard the changes?',
    description: 'What you typed for patient P001 has not been saved.',
    onClose: fn(),
    actions: (
      <>
        <Button variant="secondary">Keep editing</Button>
        <Button variant="danger">Discard</Button>
      </>
    ),
  },
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Open: focus on the first button, Escape asks the owner to close. */
export const Default: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = screen.getByRole('dialog', { name: 'Discard the changes?' });
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(screen.getByRole('button', { name: 'Keep editing' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

function DialogWithOpener() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <div className="p-4">
      <Button variant="danger" onClick={() => setOpen(true)}>
        Reset
      </Button>
      <Dialog
        open={open}
        title="Clear every field?"
        description="The form goes back to empty."
        onClose={close}
        actions={
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button variant="danger" onClick={close}>
              Clear
            </Button>
          </>
        }
      />
    </div>
  );
}

/** Tab stays inside; closing gives focus back to the button that opened it. */
export const FocusTrappedAndRestored: Story = {
  render: () => <DialogWithOpener />,
  play: async ({ canvas, userEvent }) => {
    const opener = canvas.getByRole('button', { name: 'Reset' });
    await userEvent.click(opener);
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    const clear = screen.getByRole('button', { name: 'Clear' });
    await expect(cancel).toHaveFocus();
    await userEvent.tab();
    await expect(clear).toHaveFocus();
    await userEvent.tab();
    await expect(cancel).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(opener).toHaveFocus();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone360' } },
  play: async () => {
    await expect(screen.getByRole('dialog')).toBeVisible();
  },
};

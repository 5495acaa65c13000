import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog';

function Harness({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    onClose?.();
    setOpen(false);
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Behind</button>
      <Dialog
        open={open}
        title="Discard changes?"
        description="What you typed will be lost."
        onClose={close}
        actions={
          <>
            <button type="button" onClick={close}>
              Keep editing
            </button>
            <button type="button" onClick={close}>
              Discard
            </button>
          </>
        }
      />
    </>
  );
}

async function openDialog() {
  const user = userEvent.setup();
  const onClose = vi.fn();
  render(<Harness onClose={onClose} />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  return { user, onClose };
}

describe('Dialog', () => {
  it('renders nothing while closed', () => {
    render(<Harness />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is a modal dialog named by its title and described by its description', async () => {
    await openDialog();
    const dialog = screen.getByRole('dialog', { name: 'Discard changes?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('What you typed will be lost.');
  });

  it('moves focus in and keeps it there with Tab and Shift+Tab', async () => {
    const { user } = await openDialog();
    const keep = screen.getByRole('button', { name: 'Keep editing' });
    const discard = screen.getByRole('button', { name: 'Discard' });
    expect(keep).toHaveFocus();
    await user.tab();
    expect(discard).toHaveFocus();
    await user.tab();
    expect(keep).toHaveFocus();
    await user.tab({ shift: true });
    expect(discard).toHaveFocus();
  });

  it('asks to close on Escape and gives focus back to the opener', async () => {
    const { user, onClose } = await openDialog();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('makes the page behind inert while open, and restores it', async () => {
    const { user } = await openDialog();
    const behind = screen.getByRole('button', { name: 'Behind', hidden: true });
    expect(behind.closest('[inert]')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(behind.closest('[inert]')).toBeNull();
  });
});

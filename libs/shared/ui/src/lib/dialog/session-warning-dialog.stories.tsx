import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';
import { SessionWarningDialog } from './session-warning-dialog';

const meta = {
  title: 'Components/Dialogs/SessionWarningDialog',
  tags: ['autodocs'],
  // Fixed or modal: drawn in its own frame on the Docs page, not over it.
  parameters: { docs: { story: { inline: false, height: '380px' } } },
  argTypes: {
    open: { control: 'boolean' },
    secondsLeft: { control: { type: 'number', min: 0, max: 120 } },
  },
  component: SessionWarningDialog,
  args: { open: true, secondsLeft: 45, onStay: fn(), onLogout: fn() },
} satisfies Meta<typeof SessionWarningDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** "Stay signed in" has focus; choosing it calls onStay. */
export const Default: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = screen.getByRole('alertdialog', { name: 'Your session is about to end' });
    await expect(dialog).toHaveTextContent('You will be signed out in 45 seconds');
    const stay = screen.getByRole('button', { name: 'Stay signed in' });
    await expect(stay).toHaveFocus();
    await userEvent.click(stay);
    await expect(args.onStay).toHaveBeenCalledTimes(1);
  },
};

export const LogOut: Story = {
  play: async ({ args, userEvent }) => {
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await expect(args.onLogout).toHaveBeenCalledTimes(1);
    await expect(args.onStay).not.toHaveBeenCalled();
  },
};

export const LastSecond: Story = {
  args: { secondsLeft: 1 },
  play: async () => {
    await expect(screen.getByRole('alertdialog')).toHaveTextContent(
      'You will be signed out in 1 second unless',
    );
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone360' } },
  play: async () => {
    await expect(screen.getByRole('button', { name: 'Log out' })).toBeVisible();
  },
};

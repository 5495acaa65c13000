import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { ActivationCodeNotice } from './activation-code-notice';

/** Replaces the browser's clipboard for one story; the returned function puts it back. */
function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText },
  });
  return () => {
    // The stub is an own property; removing it uncovers the real clipboard again.
    Reflect.deleteProperty(navigator, 'clipboard');
  };
}

const writeText = fn(async (_text: string) => undefined);

const meta = {
  title: 'Components/Notices/ActivationCodeNotice',
  tags: ['autodocs'],
  argTypes: {
    code: { control: 'text' },
    expiresAt: { control: 'text' },
    personLabel: { control: 'text' },
  },
  component: ActivationCodeNotice,
  args: {
    code: 'K7M2P9QX4TRW',
    expiresAt: '2025-10-14T09:30:00Z',
    personLabel: 'Somchai Jaidee (P051)',
  },
  beforeEach: () => {
    writeText.mockReset();
    writeText.mockResolvedValue(undefined);
    return stubClipboard(writeText);
  },
  decorators: [
    (Story) => (
      <div className="max-w-xl p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ActivationCodeNotice>;

export default meta;
type Story = StoryObj<typeof meta>;

/** After "Copy code" the button says "Copied". */
export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText('K7M2-P9QX-4TRW')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Copy code' }));
    await expect(writeText).toHaveBeenCalledWith('K7M2-P9QX-4TRW');
    await expect(await canvas.findByRole('button', { name: 'Copied' })).toBeVisible();
  },
};

/** A new employee, with the form's own headline. */
export const Employee: Story = {
  args: {
    code: 'ZX4VN8TQ2HJD',
    personLabel: 'Malee Srisuk (E042)',
    title: 'Employee E042 added',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Employee E042 added');
    await expect(canvas.getByText(/Give this code to Malee Srisuk \(E042\)/)).toBeVisible();
  },
};

/**
 * With a handout and a way to dismiss (the add forms): Print handout prints a one-page sheet
 * with the name, ID, code, expiry and the steps to register (hidden on screen).
 */
export const WithHandout: Story = {
  args: {
    handout: { name: 'Somchai Jaidee', id: 'P051', role: 'Patient' },
    onDismiss: fn(),
  },
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByRole('button', { name: 'Print handout' })).toBeVisible();
    const handout = document.querySelector<HTMLElement>('body > [data-print-handout]');
    await expect(handout).toHaveTextContent('K7M2-P9QX-4TRW');
    await expect(handout).not.toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss' }));
    await expect(args.onDismiss).toHaveBeenCalled();
  },
};

/** Where the browser refuses the clipboard, the code can still be copied by hand. */
export const CopyRefused: Story = {
  beforeEach: () => {
    writeText.mockRejectedValue(new Error('Write permission denied.'));
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Copy code' }));
    await expect(
      await canvas.findByText('Could not copy: select the code and copy it by hand.'),
    ).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone360' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Copy code' })).toBeVisible();
  },
};

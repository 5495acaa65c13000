import { MESSAGES } from '@portal/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Notice } from './notice';

const meta = {
  title: 'Components/Notices/Notice',
  tags: ['autodocs'],
  argTypes: {
    tone: { control: 'inline-radio', options: ['success', 'error', 'info', 'warning'] },
    title: { control: 'text' },
    children: { control: false },
  },
  component: Notice,
  args: {
    tone: 'success',
    title: 'Appointment added',
    children: <p>Patient P001 is booked for 2025-09-14 at 10:30.</p>,
  },
  decorators: [
    (Story) => (
      <div className="max-w-xl p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Notice>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Success: announced politely (role="status"). */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Appointment added');
  },
};

/** Error: announced at once (role="alert"), showing the server's detail. */
export const Failure: Story = {
  args: {
    tone: 'error',
    title: MESSAGES.addHistoryFailed,
    children: <p>Patient P999 does not exist.</p>,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(MESSAGES.addHistoryFailed);
  },
};

export const Info: Story = {
  args: {
    tone: 'info',
    title: 'Help Desk',
    children: <p>Questions about your record? Call the Help Desk on 02 123 4567.</p>,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Help Desk');
  },
};

export const Warning: Story = {
  args: {
    tone: 'warning',
    title: 'Resigned employee',
    children: <p>E014 left on 2025-03-31; their account can no longer log in.</p>,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Resigned employee');
  },
};

export const WithoutTitle: Story = {
  args: { tone: 'error', title: undefined, children: <p>{MESSAGES.searchFailed}</p> },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(MESSAGES.searchFailed);
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone360' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toBeVisible();
  },
};

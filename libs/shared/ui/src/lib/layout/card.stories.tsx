import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Card } from './card';

const meta = {
  title: 'Components/Layout/Card',
  tags: ['autodocs'],
  argTypes: { title: { control: 'text' }, children: { control: false } },
  component: Card,
  args: {
    title: 'Latest Appointment',
    children: <p className="text-sm text-ink">2025-09-14 at 10:30 — follow-up for influenza.</p>,
  },
  decorators: [
    (Story) => (
      <div className="max-w-xl bg-canvas p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

/** With a title: a section named by its h2. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Latest Appointment' })).toBeVisible();
  },
};

export const WithoutTitle: Story = {
  args: { title: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('region')).not.toBeInTheDocument();
  },
};

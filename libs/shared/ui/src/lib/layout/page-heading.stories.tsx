import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { PageHeading } from './page-heading';

const meta = {
  title: 'Components/Layout/PageHeading',
  tags: ['autodocs'],
  argTypes: { children: { control: 'text' }, description: { control: 'text' } },
  component: PageHeading,
  args: { children: 'Patient Information' },
  decorators: [
    (Story) => (
      <div className="p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PageHeading>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Patient Information' }),
    ).toBeVisible();
  },
};

export const WithDescription: Story = {
  args: { description: 'Search by patient ID, first name or last name.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/Search by patient ID/)).toBeVisible();
  },
};

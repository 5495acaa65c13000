import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { HospitalName, Logo } from './logo';

const meta = {
  title: 'Components/Brand/Logo',
  tags: ['autodocs'],
  subcomponents: { HospitalName },
  args: { size: 40 },
  argTypes: {
    size: { control: { type: 'range', min: 24, max: 96, step: 4 } },
    label: { control: 'text' },
  },
  component: Logo,
  render: (args) => (
    <div className="flex items-center gap-3 p-4">
      <Logo {...args} />
      <HospitalName />
    </div>
  ),
} satisfies Meta<typeof Logo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Riverside General')).toBeVisible();
  },
};

export const Labelled: Story = {
  args: { label: 'Riverside General Hospital', size: 64 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Riverside General Hospital' })).toBeVisible();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { PrintRunningHeader } from './print-running-header';

const meta = {
  title: 'Components/Layout/PrintRunningHeader',
  tags: ['autodocs'],
  argTypes: { header: { control: 'text' } },
  component: PrintRunningHeader,
  args: {
    header: 'Malee Srisuk · Patient ID P037 · Date of birth 1992-03-14',
    children: (
      <p className="p-4">
        The chart. On screen the running header is not shown; each printed page starts with it.
      </p>
    ),
  },
} satisfies Meta<typeof PrintRunningHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

/** On screen: the content alone, laid out as any block. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/The chart\./)).toBeVisible();
    await expect(canvas.getByText(/Patient ID P037/)).not.toBeVisible();
  },
};

/** At 360 px nothing needs sideways scrolling. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone360' } },
  play: async ({ canvas }) => {
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    await expect(canvas.getByText(/The chart\./)).toBeVisible();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AppointmentTable } from './appointment-table';

const meta = {
  title: 'Components/Records/AppointmentTable',
  component: AppointmentTable,
  args: {
    items: [
      { date: '2030-01-15', time: '09:00:00', topic: 'Blood test results' },
      { date: '2030-02-02', time: '14:30:00', topic: null },
      {
        date: '2030-03-20',
        time: '10:30:00',
        topic:
          'Follow-up on the new insulin dose, with the morning and evening readings of two weeks',
      },
    ],
  },
} satisfies Meta<typeof AppointmentTable>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three appointments: times as HH:MM, a missing topic as '-', a long topic wrapping. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const rows = within(canvasElement).getAllByRole('row');
    await expect(rows).toHaveLength(4);
    await expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2030-01-15', '09:00', 'Blood test results']);
    await expect(within(rows[2]!).getAllByRole('cell')[2]).toHaveTextContent('-');
  },
};

/** With a caption, as the chart shows its upcoming and past appointments. */
export const WithCaption: Story = {
  args: { caption: 'Upcoming' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('table', { name: 'Upcoming' })).toBeVisible();
  },
};

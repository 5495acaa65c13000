import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { DetailList } from './detail-list';

const meta = {
  title: 'Components/Records/DetailList',
  component: DetailList,
  args: {
    items: [
      ['Patient ID', 'P001'],
      ['First Name', 'Malee'],
      ['Email', '-'],
      ['Address', '12/3 Sukhumvit Road\nKhlong Toei, Bangkok 10110'],
    ],
  },
} satisfies Meta<typeof DetailList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Four fields: an empty one shows '-', a long address keeps its line break. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('term')).toHaveLength(4);
    await expect(canvas.getByText('P001')).toBeVisible();
    await expect(canvas.getByText('-')).toBeVisible();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { createRef } from 'react';
import { expect } from 'storybook/test';
import { MESSAGES } from '@portal/contract';
import { SubmitErrorNotice } from './submit-feedback';

const meta = {
  title: 'Forms/Form/SubmitErrorNotice',
  tags: ['autodocs'],
  component: SubmitErrorNotice,
  args: {
    title: MESSAGES.addHistoryFailed,
    noticeRef: createRef<HTMLDivElement>(),
    feedback: { kind: 'error', detail: 'No patient with ID P404', otherMessages: [] },
  },
  argTypes: {
    title: { control: 'text' },
    feedback: { control: 'object' },
    noticeRef: { control: false },
  },
  decorators: [
    (Story) => (
      <div className="max-w-xl p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof SubmitErrorNotice>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A refused submit: the form's title and the server's words, as an alert. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent(MESSAGES.addHistoryFailed);
    await expect(alert).toHaveTextContent('No patient with ID P404');
  },
};

/** The server named problems no field of the form can show: listed under its words. */
export const WithOtherMessages: Story = {
  args: {
    feedback: {
      kind: 'error',
      detail: 'The request is not valid',
      otherMessages: ['Too many appointments on this day'],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('listitem')).toHaveTextContent(
      'Too many appointments on this day',
    );
  },
};

/** Before a submit, or after a success: nothing at all. */
export const NothingToSay: Story = {
  args: { feedback: null },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[role="alert"]')).toBeNull();
  },
};

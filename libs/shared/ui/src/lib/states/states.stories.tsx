import { MESSAGES } from '@portal/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { EmptyState, ErrorState, LoadingState } from './states';

const meta = {
  title: 'Components/States/LoadingState',
  tags: ['autodocs'],
  subcomponents: { EmptyState, ErrorState },
  argTypes: { label: { control: 'text' } },
  component: LoadingState,
  args: { label: MESSAGES.loadingProfile },
  decorators: [
    (Story) => (
      <div className="max-w-2xl p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof LoadingState>;

export default meta;
type Story = StoryObj<typeof meta>;

/** LoadingState: a spinner with the spec's loading text. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(MESSAGES.loadingProfile);
  },
};

/** EmptyState: a list with nothing in it. */
export const Empty: Story = {
  render: () => <EmptyState>{MESSAGES.noPatientData}</EmptyState>,
  play: async ({ canvas }) => {
    await expect(canvas.getByText(MESSAGES.noPatientData)).toBeVisible();
  },
};

/** ErrorState: loading failed. */
export const Failed: Story = {
  render: () => <ErrorState>Error: {MESSAGES.profileLoadFailed}</ErrorState>,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      `Error: ${MESSAGES.profileLoadFailed}`,
    );
  },
};

/** ErrorState, inline: one red line inside a card or a form, e.g. a list that could not load. */
export const FailedInline: Story = {
  render: () => <ErrorState variant="inline">{MESSAGES.profileLoadFailed}</ErrorState>,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(MESSAGES.profileLoadFailed);
  },
};

export const LoadingOnPhone: Story = {
  globals: { viewport: { value: 'phone360' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toBeVisible();
  },
};

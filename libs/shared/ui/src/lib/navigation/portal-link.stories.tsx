import { ROUTES } from '@portal/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { expect } from 'storybook/test';
import { PortalLink } from './portal-link';

function CurrentPath() {
  return <p className="mt-4 text-sm text-muted">Current path: {useLocation().pathname}</p>;
}

const meta = {
  title: 'Components/Navigation/PortalLink',
  tags: ['autodocs'],
  argTypes: {
    to: { control: 'text' },
    children: { control: 'text' },
    className: { control: 'text' },
  },
  component: PortalLink,
  args: {
    to: ROUTES.searchPatient,
    children: 'Patient Information',
    className: 'font-semibold text-brand-800 underline',
  },
  decorators: [
    (Story) => (
      <MemoryRouter initialEntries={[ROUTES.addPatient]}>
        <div className="p-4">
          <Story />
          <CurrentPath />
        </div>
      </MemoryRouter>
    ),
  ],
} satisfies Meta<typeof PortalLink>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Inside the clinical app: a client-side route change. */
export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('link', { name: 'Patient Information' }));
    await expect(canvas.getByText(`Current path: ${ROUTES.searchPatient}`)).toBeVisible();
  },
};

/** From the clinical app to the public one: a plain link, for a full page load. */
export const IntoAnotherApp: Story = {
  args: { to: ROUTES.system, children: 'System' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'System' })).toHaveAttribute(
      'href',
      ROUTES.system,
    );
  },
};

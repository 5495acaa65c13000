import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ROUTES } from '@portal/contract';
import { NotFoundPage, PortalFrame } from '@portal/shell';
import { handlers, PortalProviders } from '@portal/testing';
import { fitsThePhone } from '@portal/testing/story-kit';

/** What the app shows at an address it does not know (its `*` route). */
const meta = {
  title: 'Pages/Public/NotFound',
  component: NotFoundPage,
  decorators: [
    (Story) => (
      <PortalProviders route="/no-such-page" session={null}>
        <PortalFrame>
          <Story />
        </PortalFrame>
      </PortalProviders>
    ),
  ],
  parameters: { layout: 'fullscreen', msw: handlers.default },
} satisfies Meta<typeof NotFoundPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An address no page has: a heading and a link home. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute(
      'href',
      ROUTES.home,
    );
  },
};

/** The not-found page on a 360 px phone. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone360' } },
  play: async ({ canvas }) => {
    await fitsThePhone();
    await expect(canvas.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
  },
};

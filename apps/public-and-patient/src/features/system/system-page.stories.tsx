import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ROUTES } from '@portal/contract';
import { PortalFrame } from '@portal/shell';
import { type FakeSession, handlers, PortalProviders } from '@portal/testing';
import { SystemPage } from './system-page';

/** Where a story's page is and who is signed in (`parameters.portal`). */
interface PortalParameters {
  readonly route?: string;
  readonly session?: FakeSession | null;
}

/** The page in the app's providers and frame (top bar, footer), as the browser shows it. */
const inPortalFrame: Decorator = (Story, { parameters }) => {
  const { route = ROUTES.system, session = null } = (parameters.portal ?? {}) as PortalParameters;
  return (
    <PortalProviders route={route} session={session}>
      <PortalFrame>
        <Story />
      </PortalFrame>
    </PortalProviders>
  );
};

/** At 360 px nothing may need sideways scrolling (WCAG 1.4.10, Reflow). */
async function fitsThePhone() {
  await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
}

/**
 * /system sends a signed-in user on to their role's first page (another app, for staff), so
 * the only state it shows by itself is the signed-out one: the login page.
 */
const meta = {
  title: 'Public/SystemPage',
  component: SystemPage,
  decorators: [inPortalFrame],
  parameters: {
    layout: 'fullscreen',
    portal: { route: ROUTES.system, session: null } satisfies PortalParameters,
    msw: handlers.default,
  },
} satisfies Meta<typeof SystemPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Signed out: the login page. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Login');
    await expect(canvas.getByRole('textbox', { name: 'Username' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Login' })).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone360' } },
  play: async ({ canvas }) => {
    await fitsThePhone();
    await expect(canvas.getByRole('button', { name: 'Login' })).toBeVisible();
  },
};

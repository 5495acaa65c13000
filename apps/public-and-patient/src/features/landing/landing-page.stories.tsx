import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { MESSAGES, ROUTES, TIMINGS } from '@portal/contract';
import { rememberSessionEnded } from '@portal/auth';
import { handlers } from '@portal/testing';
import { LandingPage } from './landing-page';
import {
  type PortalParameters,
  inPortalFrame,
  forgetSession,
  fitsThePhone,
} from '@portal/testing/story-kit';

const meta = {
  title: 'Pages/Public/LandingPage',
  component: LandingPage,
  beforeEach: forgetSession,
  decorators: [inPortalFrame],
  parameters: {
    layout: 'fullscreen',
    portal: { route: ROUTES.home, session: null } satisfies PortalParameters,
    msw: handlers.default,
  },
} satisfies Meta<typeof LandingPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Waits for the hero counters' 2-second count-up to end, and checks where it ends. */
async function countersEnd(canvasElement: HTMLElement) {
  const stats = within(canvasElement).getByRole('region', { name: 'The hospital in numbers' });
  await waitFor(
    () =>
      expect(
        within(stats)
          .getAllByRole('definition')
          .map((figure) => figure.querySelector('[aria-hidden="true"]')?.textContent),
      ).toEqual(['50+', '21M', '100%']),
    { timeout: TIMINGS.counterDurationMs * 2 },
  );
}

/** A visitor who is not signed in: the system buttons lead to /login. */
export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Care that knows you, wherever you meet us' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Our System' })).toHaveAttribute(
      'href',
      ROUTES.login,
    );
    await expect(canvas.getByRole('link', { name: 'Access the System' })).toHaveAttribute(
      'href',
      ROUTES.login,
    );
    await expect(canvas.queryByRole('link', { name: 'System' })).not.toBeInTheDocument();
    await countersEnd(canvasElement);
    await expect(canvas.getByRole('contentinfo')).toHaveTextContent(
      String(new Date().getFullYear()),
    );
  },
};

/** A signed-in user: the system buttons, and the top bar's System link, lead to /system. */
export const SignedIn: Story = {
  parameters: { portal: { session: { role: 'patient' } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Our System' })).toHaveAttribute(
      'href',
      ROUTES.system,
    );
    await expect(canvas.getByRole('link', { name: 'Access the System' })).toHaveAttribute(
      'href',
      ROUTES.system,
    );
    await expect(canvas.getByRole('button', { name: 'Logout' })).toBeVisible();
  },
};

/** After a session ended under the user: the one-time 'Token expired' notice. */
export const AfterTokenExpired: Story = {
  beforeEach: () => {
    rememberSessionEnded('expired');
    return () => window.sessionStorage.clear();
  },
  play: async ({ canvas }) => {
    const notice = await canvas.findByRole('status');
    await expect(notice).toHaveTextContent(MESSAGES.tokenExpired);
    await expect(notice).toBeVisible();
  },
};

/** 'System Info' brings the feature section into view and puts focus on its heading. */
export const SystemInfo: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'System Info' }));
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'One system for everyone who keeps you well' }),
    ).toHaveFocus();
  },
};

/** On a 360 px phone: the menu button instead of the links, the sections stacked. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone360' } },
  play: async ({ canvas, canvasElement }) => {
    await fitsThePhone();
    await expect(canvas.getByRole('button', { name: 'Menu' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Our System' })).toBeVisible();
    await countersEnd(canvasElement);
  },
};

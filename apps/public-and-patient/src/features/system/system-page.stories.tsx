import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ROUTES } from '@portal/contract';
import { handlers } from '@portal/testing';
import { SystemPage } from './system-page';
import { type PortalParameters, inPortalFrame, fitsThePhone } from '@portal/testing/story-kit';

/**
 * /system sends a signed-in user on to their role's first page (another app, for staff), so
 * the only state it shows by itself is the signed-out one: the login page.
 */
const meta = {
  title: 'Pages/Public/SystemPage',
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

/** On a 360 px phone, signed out: the login page that /system shows. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone360' } },
  play: async ({ canvas }) => {
    await fitsThePhone();
    await expect(canvas.getByRole('button', { name: 'Login' })).toBeVisible();
  },
};

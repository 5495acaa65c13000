import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { ROUTES, WRONG_PASSWORD_MESSAGE } from '@portal/contract';
import { handlers, MOCK_PASSWORD, MOCK_TOTP_CODE, problemHandler } from '@portal/testing';
import { MFA_ALREADY_ON } from '../login/mfa-texts';
import { PatientTwoStepPage, TWO_STEP_ON } from './patient-two-step-page';
import {
  type PortalParameters,
  inPortalFrame,
  forgetSession,
  fitsThePhone,
} from '@portal/testing/story-kit';

const meta = {
  title: 'Pages/Public/PatientTwoStepPage',
  component: PatientTwoStepPage,
  beforeEach: forgetSession,
  decorators: [inPortalFrame],
  parameters: {
    layout: 'fullscreen',
    portal: {
      route: ROUTES.patientTwoStep,
      session: { role: 'patient', patient_id: 'P001' },
    } satisfies PortalParameters,
    msw: handlers.default,
  },
} satisfies Meta<typeof PatientTwoStepPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The set-up's first step: the patient's password again (a wrong one is named on its field). */
export const PasswordFirst: Story = {
  play: async ({ canvas }) => {
    const field = await canvas.findByLabelText(/^Current password/);
    await userEvent.type(field, 'not-my-password');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(WRONG_PASSWORD_MESSAGE));
    await expect(field).toHaveValue('not-my-password');
  },
};

/** Types the password, which starts the set-up. */
async function confirmPassword(canvas: Parameters<NonNullable<Story['play']>>[0]['canvas']) {
  await userEvent.type(await canvas.findByLabelText(/^Current password/), MOCK_PASSWORD);
  await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
}

/** The set-up: the QR code, the key to type, and the first code's field. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await confirmPassword(canvas);
    await expect(
      await canvas.findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Turn on' })).toBeVisible();
  },
};

/** The right code: the ten recovery codes, then Done says it is on. */
export const TurnedOn: Story = {
  play: async ({ canvas }) => {
    await confirmPassword(canvas);
    await userEvent.type(
      await canvas.findByRole('textbox', { name: /6-digit code/ }),
      MOCK_TOTP_CODE,
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Turn on' }));
    await expect(await canvas.findByRole('list', { name: 'Recovery codes' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Done' }));
    await expect(await canvas.findByText(TWO_STEP_ON)).toBeVisible();
  },
};

/** The account already has a second factor. */
export const AlreadyOn: Story = {
  parameters: {
    msw: [problemHandler('mfaSetup', 409, 'A second factor is already on'), ...handlers.default],
  },
  play: async ({ canvas }) => {
    await confirmPassword(canvas);
    await expect(await canvas.findByText(MFA_ALREADY_ON)).toBeVisible();
  },
};

/** On a 360 px phone: the QR code and the key fit. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone360' } },
  play: async ({ canvas }) => {
    await confirmPassword(canvas);
    await canvas.findByRole('img', { name: 'QR code for your authenticator app' });
    await fitsThePhone();
    await expect(canvas.getByRole('link', { name: 'Back to MyInfo' })).toBeVisible();
  },
};

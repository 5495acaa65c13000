import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { MFA_REQUIRED_MESSAGE, ROUTES, USED_MFA_CODE_MESSAGE } from '@portal/contract';
import {
  ACCOUNT_LOAD_FAILED,
  ACCOUNT_LOADING,
  AccountPage,
  NO_OTHER_SESSIONS,
  passwordChangedText,
  TWO_STEP_OFF,
} from '@portal/shell/account';
import {
  createHandlers,
  handlers,
  makeAccountSessions,
  MOCK_ACCOUNTS,
  MOCK_PASSWORD,
  MOCK_TOTP_CODE,
  MOCK_USED_TOTP_CODE,
  pendingHandler,
  problemHandler,
} from '@portal/testing';
import {
  type PortalParameters,
  inPortalFrame,
  forgetSession,
  fitsThePhone,
  valuesStayWhole,
} from '@portal/testing/story-kit';

const meta = {
  title: 'Pages/Public/AccountPage',
  component: AccountPage,
  beforeEach: forgetSession,
  decorators: [inPortalFrame],
  parameters: {
    layout: 'fullscreen',
    portal: {
      route: ROUTES.account,
      session: { role: 'patient', patient_id: 'P001' },
    } satisfies PortalParameters,
    msw: handlers.default,
  },
} satisfies Meta<typeof AccountPage>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];

/** The demo patient with two-step verification on. */
const factorOn = MOCK_ACCOUNTS.map((a) =>
  a.username === 'demo.patient' ? { ...a, mfa: 'on' as const } : a,
);

/** The page once read: the patient's password form, the second factor off, three sessions. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/Signed in as/)).toHaveTextContent('demo.patient');
    await expect(canvas.getByText(TWO_STEP_OFF)).toBeVisible();
    const table = await canvas.findByRole('table', { name: 'Open sessions' });
    await expect(within(table).getAllByRole('row')).toHaveLength(4);
  },
};

/** While the account is read. */
export const Loading: Story = {
  parameters: { msw: [pendingHandler('accountSummary'), ...handlers.default] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(ACCOUNT_LOADING)).toBeVisible();
  },
};

/** The account cannot be read. */
export const LoadError: Story = {
  parameters: {
    msw: [problemHandler('accountSummary', 500, 'Something went wrong'), ...handlers.default],
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(ACCOUNT_LOAD_FAILED)).toBeVisible();
  },
};

/** Fills in and sends the password form. */
async function changePassword(canvas: Canvas, current: string) {
  const form = await canvas.findByRole('form', { name: 'Change password' });
  await userEvent.type(within(form).getByLabelText(/^Current password/), current);
  await userEvent.type(within(form).getByLabelText(/^New password/), 'lantern-orchid-gravel-19');
  await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
  return form;
}

/** A wrong current password: named on its field, both passwords kept. */
export const WrongPassword: Story = {
  play: async ({ canvas }) => {
    const form = await changePassword(canvas, 'not-my-password');
    await expect(await canvas.findByText('Your password was not changed')).toBeVisible();
    await expect(within(form).getByLabelText(/^Current password/)).toHaveValue('not-my-password');
  },
};

/** The password changed: the other two sessions were signed out. */
export const PasswordChanged: Story = {
  play: async ({ canvas }) => {
    await changePassword(canvas, MOCK_PASSWORD);
    await expect(await canvas.findByText(passwordChangedText(2))).toBeVisible();
    await expect(await canvas.findByText(NO_OTHER_SESSIONS)).toBeVisible();
  },
};

/** Starts the set-up in the two-step card (the page has a password form of its own too). */
async function startSetUp(canvas: Canvas) {
  const card = within(await canvas.findByRole('region', { name: 'Two-step verification' }));
  await userEvent.click(await card.findByRole('button', { name: 'Turn on two-step verification' }));
  await userEvent.type(await card.findByLabelText(/^Current password/), MOCK_PASSWORD);
  await userEvent.click(card.getByRole('button', { name: 'Continue' }));
  return card;
}

/** Turning it on: the password again, then the QR code and the key. */
export const TurningOn: Story = {
  play: async ({ canvas }) => {
    const card = await startSetUp(canvas);
    await expect(
      await card.findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible();
  },
};

/** Turned on: the recovery codes, to print or download, shown once. */
export const RecoveryCodesShown: Story = {
  play: async ({ canvas }) => {
    const card = await startSetUp(canvas);
    await userEvent.type(
      await card.findByRole('textbox', { name: /6-digit code/ }),
      MOCK_TOTP_CODE,
    );
    await userEvent.click(card.getByRole('button', { name: 'Turn on' }));
    await expect(await card.findByRole('list', { name: 'Recovery codes' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Print codes' })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Download as a text file' })).toBeVisible();
  },
};

/** On: new recovery codes or off, each with a current code; a code used a moment ago is said so. */
export const FactorOn: Story = {
  parameters: { msw: createHandlers({ accounts: factorOn }) },
  play: async ({ canvas }) => {
    const form = await canvas.findByRole('form', { name: 'Get new recovery codes' });
    const code = within(form).getByRole('textbox', { name: /Code from your authenticator app/ });
    await userEvent.type(code, MOCK_USED_TOTP_CODE);
    await userEvent.click(within(form).getByRole('button', { name: 'Get new recovery codes' }));
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(expect.stringContaining(USED_MFA_CODE_MESSAGE)),
    );
    await expect(
      canvas.getByRole('form', { name: 'Turn off two-step verification' }),
    ).toBeVisible();
  },
};

/** Staff under STAFF_MFA=required: new codes, but no way to turn it off, and why. */
export const RequiredForStaff: Story = {
  parameters: {
    portal: {
      route: ROUTES.account,
      session: { role: 'medical_personnel', employee_id: 'E001' },
    } satisfies PortalParameters,
    msw: createHandlers({
      staffMfa: 'required',
      accounts: MOCK_ACCOUNTS.map((a) =>
        a.role === 'medical_personnel' ? { ...a, mfa: 'on' as const } : a,
      ),
    }),
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(MFA_REQUIRED_MESSAGE)).toBeVisible();
    await expect(canvas.queryByRole('form', { name: 'Turn off two-step verification' })).toBeNull();
  },
};

/** Signed out everywhere else: this session alone is left. */
export const SignedOutElsewhere: Story = {
  parameters: { msw: createHandlers({ accountSessions: makeAccountSessions(4) }) },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Sign out everywhere else' }));
    await expect(await canvas.findByText('Signed out 3 other sessions.')).toBeVisible();
    await expect(await canvas.findByText(NO_OTHER_SESSIONS)).toBeVisible();
  },
};

/** On a 360 px phone: the sessions stack into rows, nothing scrolls sideways. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone360' } },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('table', { name: 'Open sessions' });
    await fitsThePhone();
    await valuesStayWhole(canvasElement);
  },
};

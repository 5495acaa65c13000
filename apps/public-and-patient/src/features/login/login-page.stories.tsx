import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import {
  MESSAGES,
  PASSWORD_STRENGTH_MESSAGES,
  ROUTES,
  WRONG_PASSWORD_MESSAGE,
} from '@portal/contract';
import { LEAVE_QUESTION } from '@portal/shell';
import {
  createHandlers,
  handlers,
  makeActivationCode,
  MOCK_ACCOUNTS,
  MOCK_PASSWORD,
  MOCK_RECOVERY_CODES,
  MOCK_TOTP_CODE,
  pendingHandler,
  problemHandler,
} from '@portal/testing';
import { LoginPage } from './login-page';
import {
  type PortalParameters,
  inPortalFrame,
  forgetSession,
  fitsThePhone,
} from '@portal/testing/story-kit';
import { FORGOT_PASSWORD_QUESTION } from '../../testing/english-texts';

const meta = {
  title: 'Pages/Public/LoginPage',
  component: LoginPage,
  beforeEach: forgetSession,
  decorators: [inPortalFrame],
  parameters: {
    layout: 'fullscreen',
    portal: { route: ROUTES.login, session: null } satisfies PortalParameters,
    msw: handlers.default,
  },
} satisfies Meta<typeof LoginPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const patientAccount = MOCK_ACCOUNTS.find((account) => account.role === 'patient')!;

/** Login mode: Username, a masked Password, Login, and the way to register. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Login');
    await expect(canvas.getByRole('textbox', { name: 'Username' })).toBeVisible();
    await expect(canvas.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
    await expect(canvas.getByRole('button', { name: 'Login' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Register' }).parentElement).toHaveTextContent(
      "Don't have an account? Register",
    );
  },
};

/** A forgotten password: the link to the reset page, under the login form. */
export const ForgottenPassword: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: FORGOT_PASSWORD_QUESTION })).toHaveAttribute(
      'href',
      '/password-reset',
    );
  },
};

/** Register mode: also Role (Patient by default), ID and Activation code. */
export const RegisterMode: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Register' }));
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Register');
    await expect(canvas.getByRole('combobox', { name: 'Role' })).toHaveValue('patient');
    await expect(canvas.getByRole('textbox', { name: 'ID' })).toHaveAttribute(
      'placeholder',
      MESSAGES.idPlaceholder,
    );
    await expect(canvas.getByRole('textbox', { name: 'Activation code' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Login' }).parentElement).toHaveTextContent(
      'Already have an account? Login',
    );
  },
};

/** Submitted empty: each field says what it needs. */
export const MissingFields: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
    const username = canvas.getByRole('textbox', { name: 'Username' });
    await waitFor(() => expect(username).toHaveAccessibleDescription('Required'));
    await expect(canvas.getByLabelText(/^Password/)).toHaveAccessibleDescription('Required');
  },
};

/** A wrong password: the server's answer in red. */
export const FailedLogin: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(
      canvas.getByRole('textbox', { name: 'Username' }),
      patientAccount.username,
    );
    await userEvent.type(canvas.getByLabelText(/^Password/), 'not-the-password');
    await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Wrong Username or Password');
    await expect(alert.className).toMatch(/\bbg-danger-/);
  },
};

/** While the login request runs, its button is disabled and says it is working. */
export const LoggingIn: Story = {
  parameters: { msw: [pendingHandler('login'), ...handlers.default] },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(
      canvas.getByRole('textbox', { name: 'Username' }),
      patientAccount.username,
    );
    await userEvent.type(canvas.getByLabelText(/^Password/), 'any password');
    await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
    await expect(await canvas.findByRole('button', { name: 'Login Working…' })).toBeDisabled();
  },
};

/** A refused registration: the server's words, the fields it names marked, the typing kept. */
export const RegistrationRefused: Story = {
  parameters: {
    msw: [
      problemHandler('register', 400, 'Check the highlighted fields', [
        { field: 'activation_code', message: 'This activation code has expired' },
      ]),
      ...handlers.default,
    ],
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Register' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Username' }), 'new.patient');
    await userEvent.type(canvas.getByLabelText(/^Password/), 'a long enough passphrase');
    await userEvent.type(canvas.getByRole('textbox', { name: 'ID' }), 'P003');
    const code = canvas.getByRole('textbox', { name: 'Activation code' });
    await userEvent.type(code, makeActivationCode());
    await userEvent.click(canvas.getByRole('button', { name: 'Register' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Check the highlighted fields',
    );
    await waitFor(() => expect(code).toHaveAccessibleDescription(/has expired/));
    await expect(code).toHaveValue(makeActivationCode());
  },
};

/** The first estimate loads zxcvbn and its dictionaries. */
const LOADING = { timeout: 15_000 };

/**
 * Register mode while a weak password is typed: its strength ("Very weak", a short red bar)
 * and why, in a polite live region that is also the password's description.
 */
export const RegisterWeakPassword: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Register' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Username' }), 'new.patient');
    const password = canvas.getByLabelText(/^Password/);
    await userEvent.type(password, 'aaaaaaaaaaaa');
    const strength = await canvas.findByText(/^Password strength:/, {}, LOADING);
    await expect(strength).toHaveTextContent('Password strength: Very weak');
    await expect(
      canvas.getByText(new RegExp(PASSWORD_STRENGTH_MESSAGES.warnings.simpleRepeat)),
    ).toBeVisible();
    await expect(strength.closest('[aria-live="polite"]')).not.toBeNull();
    await expect(password).toHaveAccessibleDescription(/Very weak.*Repeated characters/);
  },
};

/** Register mode with a strong password: "Very strong", a full green bar, no reason. */
export const RegisterStrongPassword: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Register' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Username' }), 'new.patient');
    await userEvent.type(canvas.getByLabelText(/^Password/), 'violet-tractor-orbit-1987');
    const strength = await canvas.findByText(/^Password strength:/, {}, LOADING);
    await waitFor(() => expect(strength).toHaveTextContent('Password strength: Very strong'));
    await expect(canvas.queryByText(/easy to guess/)).toBeNull();
  },
};

/** On a 360 px phone: the login card, the menu button in the top bar. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone360' } },
  play: async ({ canvas }) => {
    await fitsThePhone();
    await expect(canvas.getByRole('button', { name: 'Menu' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Login' })).toBeVisible();
  },
};

/** On a 360 px phone, switched to Register: the activation code field appears. */
export const PhoneRegisterMode: Story = {
  globals: { viewport: { value: 'phone360' } },
  play: async ({ canvas, userEvent }) => {
    await fitsThePhone();
    await userEvent.click(canvas.getByRole('button', { name: 'Register' }));
    await expect(canvas.getByRole('textbox', { name: 'Activation code' })).toBeVisible();
  },
};

/** At 360 px the strength and a long reason wrap inside the card. */
export const PhoneRegisterWeakPassword: Story = {
  globals: { viewport: { value: 'phone360' } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Register' }));
    await userEvent.type(canvas.getByLabelText(/^Password/), 'P@ssw0rd1234');
    await expect(await canvas.findByText(/^Password strength:/, {}, LOADING)).toBeVisible();
    await expect(
      canvas.getByText(new RegExp(PASSWORD_STRENGTH_MESSAGES.warnings.similarToCommon)),
    ).toBeVisible();
    await fitsThePhone();
  },
};

/** A nurse of the mock API whose second factor is on (`on`) or must be enrolled (`enrol`). */
const mfaNurse = (mfa: 'on' | 'enrol') => ({
  username: 'nurse.mfa',
  password: MOCK_PASSWORD,
  role: 'medical_personnel' as const,
  id: 'E002',
  mfa,
});

/** Types the nurse's username and password and presses Login. */
async function passwordStep(
  canvas: Parameters<NonNullable<Story['play']>>[0]['canvas'],
  userEvent: Parameters<NonNullable<Story['play']>>[0]['userEvent'],
) {
  await userEvent.type(canvas.getByRole('textbox', { name: 'Username' }), 'nurse.mfa');
  await userEvent.type(canvas.getByLabelText(/^Password/), MOCK_PASSWORD);
  await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
}

/** The enrolment's first step: the nurse's password again, which starts the set-up. */
async function confirmPasswordStep(
  canvas: Parameters<NonNullable<Story['play']>>[0]['canvas'],
  userEvent: Parameters<NonNullable<Story['play']>>[0]['userEvent'],
) {
  await userEvent.type(await canvas.findByLabelText(/^Current password/), MOCK_PASSWORD);
  await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
}

/** An account with a second factor: after the password, the same card asks for the code. */
export const CodeStep: Story = {
  parameters: { msw: createHandlers({ accounts: [mfaNurse('on')] }) },
  play: async ({ canvas, userEvent }) => {
    await passwordStep(canvas, userEvent);
    const code = await canvas.findByRole('textbox', { name: /^6-digit code/ });
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Login');
    await expect(canvas.getByRole('heading', { level: 2 })).toHaveTextContent(
      'Two-step verification',
    );
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(canvas.getByRole('button', { name: 'Use a recovery code' })).toBeVisible();
  },
};

/** A right code: the spec's green message, then /system after the usual second. */
export const CodeAccepted: Story = {
  parameters: { msw: createHandlers({ accounts: [mfaNurse('on')] }) },
  play: async ({ canvas, userEvent }) => {
    await passwordStep(canvas, userEvent);
    await userEvent.type(
      await canvas.findByRole('textbox', { name: /^6-digit code/ }),
      MOCK_TOTP_CODE,
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(MESSAGES.loginSuccess);
  },
};

/** A wrong code: the server's words in red; the field is emptied for the next try. */
export const WrongCode: Story = {
  parameters: { msw: createHandlers({ accounts: [mfaNurse('on')] }) },
  play: async ({ canvas, userEvent }) => {
    await passwordStep(canvas, userEvent);
    const code = await canvas.findByRole('textbox', { name: /^6-digit code/ });
    await userEvent.type(code, '000000');
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Wrong code. Check your authenticator app and try again.',
    );
    await expect(code).toHaveValue('');
  },
};

/** No phone at hand: one of the recovery codes instead of the app's code. */
export const RecoveryCode: Story = {
  parameters: { msw: createHandlers({ accounts: [mfaNurse('on')] }) },
  play: async ({ canvas, userEvent }) => {
    await passwordStep(canvas, userEvent);
    await userEvent.click(await canvas.findByRole('button', { name: 'Use a recovery code' }));
    const field = canvas.getByRole('textbox', { name: /^Recovery code/ });
    await expect(field).toHaveAccessibleDescription(/Each works once/);
    await userEvent.type(field, MOCK_RECOVERY_CODES[0]!);
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(MESSAGES.loginSuccess);
  },
};

/** Staff without a second factor while it is required: first their password again. */
export const EnrolmentPasswordStep: Story = {
  parameters: { msw: createHandlers({ accounts: [mfaNurse('enrol')] }) },
  play: async ({ canvas, userEvent }) => {
    await passwordStep(canvas, userEvent);
    const field = await canvas.findByLabelText(/^Current password/);
    await userEvent.type(field, 'not-my-password');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(WRONG_PASSWORD_MESSAGE));
    await expect(field).toHaveValue('not-my-password');
  },
};

/** Staff without a second factor while it is required: the QR code and the key to type. */
export const EnrolmentQrStep: Story = {
  parameters: { msw: createHandlers({ accounts: [mfaNurse('enrol')] }) },
  play: async ({ canvas, userEvent }) => {
    await passwordStep(canvas, userEvent);
    await confirmPasswordStep(canvas, userEvent);
    await expect(
      await canvas.findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2 })).toHaveTextContent(
      'Set up two-step verification',
    );
    await expect(canvas.getByText('Key to type:')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Turn on' })).toBeEnabled();
  },
};

/** The first code turned the factor on: ten recovery codes, shown once, then Continue. */
export const EnrolmentRecoveryCodes: Story = {
  parameters: { msw: createHandlers({ accounts: [mfaNurse('enrol')] }) },
  play: async ({ canvas, userEvent }) => {
    await passwordStep(canvas, userEvent);
    await confirmPasswordStep(canvas, userEvent);
    await userEvent.type(
      await canvas.findByRole('textbox', { name: /^6-digit code/ }),
      MOCK_TOTP_CODE,
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Turn on' }));
    const list = await canvas.findByRole('list', { name: 'Recovery codes' });
    await expect(list.querySelectorAll('li')).toHaveLength(10);
    await expect(canvas.getByRole('button', { name: 'Continue' })).toBeEnabled();
  },
};

/** On a 360 px phone: the QR code and the key fit the card. */
export const PhoneEnrolment: Story = {
  globals: { viewport: { value: 'phone360' } },
  parameters: { msw: createHandlers({ accounts: [mfaNurse('enrol')] }) },
  play: async ({ canvas, userEvent }) => {
    await passwordStep(canvas, userEvent);
    await confirmPasswordStep(canvas, userEvent);
    await canvas.findByRole('img', { name: 'QR code for your authenticator app' });
    await fitsThePhone();
  },
};

/** Leaving a half-filled registration by a link asks first. */
export const LeavingUnsavedRegistration: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Register' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Username' }), 'new.patient');
    await userEvent.click(canvas.getAllByRole('link', { name: 'System' })[0]!);
    const body = within(document.body);
    const question = await body.findByRole('alertdialog', { name: 'Unsaved changes' });
    await expect(question).toHaveAccessibleDescription(LEAVE_QUESTION);
    await expect(body.getByRole('button', { name: 'Stay on this page' })).toBeVisible();
  },
};

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { groupSecret, ROUTES, WRONG_PASSWORD_MESSAGE } from '@portal/contract';
import {
  MOCK_MFA_SECRET,
  MOCK_PASSWORD,
  MOCK_RECOVERY_CODES,
  MOCK_TOTP_CODE,
  problemHandler,
  renderWithProviders,
  setupMswServer,
} from '@portal/testing';
import { MFA_ALREADY_ON } from '../login/mfa-texts';
import { PatientTwoStepPage, TWO_STEP_HEADING, TWO_STEP_ON } from './patient-two-step-page';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
const server = setupMswServer();

function renderPage() {
  return renderWithProviders(<PatientTwoStepPage />, {
    route: ROUTES.patientTwoStep,
    session: { role: 'patient', patient_id: 'P001' },
  });
}

/** The set-up's first step: the patient's password again. */
async function confirmPassword(user: ReturnType<typeof userEvent.setup>, password = MOCK_PASSWORD) {
  await user.type(await screen.findByLabelText(/^Current password/), password);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('PatientTwoStepPage', () => {
  it('shows the QR code and the key, turns the factor on with a code, then the recovery codes once', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: TWO_STEP_HEADING })).toBeVisible();
    await confirmPassword(user);
    expect(
      await screen.findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeInTheDocument();
    expect(screen.getByText(groupSecret(MOCK_MFA_SECRET))).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /6-digit code/ }), MOCK_TOTP_CODE);
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(codes).toHaveTextContent(MOCK_RECOVERY_CODES[0]!);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText(TWO_STEP_ON)).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to MyInfo' })).toHaveAttribute(
      'href',
      ROUTES.patientProfile,
    );
  });

  it('asks for the password first: nothing is set up until it is right; a wrong one is named on its field and kept', async () => {
    const user = userEvent.setup();
    renderPage();
    const field = await screen.findByLabelText(/^Current password/);
    expect(field).toHaveAttribute('type', 'password');
    expect(screen.queryByRole('img', { name: 'QR code for your authenticator app' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(/Required/));
    await user.type(field, 'not-my-password');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(WRONG_PASSWORD_MESSAGE));
    expect(field).toHaveValue('not-my-password');
    expect(screen.queryByRole('img', { name: 'QR code for your authenticator app' })).toBeNull();
    await user.clear(field);
    await user.type(field, MOCK_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Current password/)).toBeNull();
  });

  it('shows the server’s words when the set-up is refused for another reason (the lock)', async () => {
    server.use(problemHandler('mfaSetup', 429, 'Too many failed attempts. Try again later.'));
    const user = userEvent.setup();
    renderPage();
    await confirmPassword(user);
    expect(await screen.findByText('Too many failed attempts. Try again later.')).toBeVisible();
    expect(screen.getByLabelText(/^Current password/)).toHaveValue(MOCK_PASSWORD);
  });

  it('names a wrong code on its field and keeps it, so it can be corrected', async () => {
    const user = userEvent.setup();
    renderPage();
    await confirmPassword(user);
    const code = await screen.findByRole('textbox', { name: /6-digit code/ });
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('textbox', { name: /6-digit code/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(code).toHaveValue('000000');
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('says so when the account already has a second factor', async () => {
    server.use(problemHandler('mfaSetup', 409, 'A second factor is already on'));
    const user = userEvent.setup();
    renderPage();
    await confirmPassword(user);
    expect(await screen.findByText(MFA_ALREADY_ON)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Turn on' })).not.toBeInTheDocument();
  });
});

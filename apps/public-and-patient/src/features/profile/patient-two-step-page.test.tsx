import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { groupSecret, ROUTES } from '@portal/contract';
import {
  MOCK_MFA_SECRET,
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

describe('PatientTwoStepPage', () => {
  it('shows the QR code and the key, turns the factor on with a code, then the recovery codes once', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: TWO_STEP_HEADING })).toBeVisible();
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

  it('names a wrong code on its field and keeps it, so it can be corrected', async () => {
    const user = userEvent.setup();
    renderPage();
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
    renderPage();
    expect(await screen.findByText(MFA_ALREADY_ON)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Turn on' })).not.toBeInTheDocument();
  });
});

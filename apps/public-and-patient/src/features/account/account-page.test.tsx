/**
 * My account (the shell's page, mounted by every app; tested here against the mock API): the
 * password change, the second factor on, off and renewed, the sessions, and each outcome said.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  groupSecret,
  MFA_REQUIRED_MESSAGE,
  NO_SUCH_SESSION_MESSAGE,
  PASSWORD_STRENGTH_MESSAGES,
  ROUTES,
  USED_MFA_CODE_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
  previewPasswordStrength,
} from '@portal/contract';
import {
  ACCOUNT_HEADING,
  ACCOUNT_LOAD_FAILED,
  AccountPage,
  NO_OTHER_SESSIONS,
  passwordChangedText,
  TWO_STEP_OFF,
  TWO_STEP_TURNED_OFF,
  TWO_STEP_TURNED_ON,
} from '@portal/shell/account';
import { RECOVERY_CODES_FILE } from '@portal/shell/two-step';
import {
  createHandlers,
  makeAccountSessions,
  MOCK_ACCOUNTS,
  MOCK_MFA_SECRET,
  MOCK_NEW_RECOVERY_CODES,
  MOCK_PASSWORD,
  MOCK_RECOVERY_CODES,
  MOCK_TOTP_CODE,
  MOCK_USED_TOTP_CODE,
  type MockAccount,
  problemHandler,
  renderWithProviders,
  setupMswServer,
} from '@portal/testing';

const server = setupMswServer();

const NEW_PASSWORD = 'lantern-orchid-gravel-19';

/** The accounts with the patient's second factor on. */
const withFactorOn: MockAccount[] = MOCK_ACCOUNTS.map((a) =>
  a.username === 'demo.patient' ? { ...a, mfa: 'on' } : a,
);

/** The page for a fake session (the mock answers for the first account of its role), read. */
async function renderPage(role: 'patient' | 'medical_personnel' = 'patient') {
  renderWithProviders(<AccountPage />, { route: ROUTES.account, session: { role } });
  await screen.findByText(/Signed in as/);
}

const section = (name: string) => screen.getByRole('region', { name });

/** The notice a text is in (the element that takes focus). */
const noticeOf = (text: HTMLElement) => text.closest('[role="status"], [role="alert"]');

afterEach(() => {
  vi.restoreAllMocks();
});

// The strength meter's estimator loads on the first estimate: loaded here, outside the tests'
// waits (a loaded CI machine once took more than 15 s for that first load).
beforeAll(async () => {
  await previewPasswordStrength('warm-up-password', 'somebody');
}, 120_000);

describe('AccountPage', () => {
  it('says who is signed in, with the three sections', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: ACCOUNT_HEADING })).toBeVisible();
    expect(await screen.findByText(/Signed in as/)).toHaveTextContent(
      'Signed in as demo.patient (Patient)',
    );
    for (const name of ['Change password', 'Two-step verification', 'Where you are signed in']) {
      expect(section(name)).toBeVisible();
    }
  });

  it('says so when the account cannot be read', async () => {
    server.use(problemHandler('accountSummary', 500, 'Something went wrong'));
    renderWithProviders(<AccountPage />, { route: ROUTES.account, session: { role: 'patient' } });
    expect(await screen.findByText(ACCOUNT_LOAD_FAILED)).toBeVisible();
  });

  describe('password', () => {
    it('names a wrong current password on its field and keeps both passwords', async () => {
      const user = userEvent.setup();
      await renderPage();
      const form = await screen.findByRole('form', { name: 'Change password' });
      const current = within(form).getByLabelText(/^Current password/);
      const next = within(form).getByLabelText(/^New password/);
      await user.type(current, 'not-my-password');
      await user.type(next, NEW_PASSWORD);
      await user.click(within(form).getByRole('button', { name: 'Change password' }));
      await waitFor(() => expect(current).toHaveAccessibleDescription(WRONG_PASSWORD_MESSAGE));
      expect(current).toHaveValue('not-my-password');
      expect(next).toHaveValue(NEW_PASSWORD);
      expect(screen.getByRole('alert')).toHaveTextContent('Your password was not changed');
    });

    it('holds the new password to the rules before sending it', async () => {
      const user = userEvent.setup();
      await renderPage();
      const form = await screen.findByRole('form', { name: 'Change password' });
      await user.type(within(form).getByLabelText(/^Current password/), MOCK_PASSWORD);
      await user.type(within(form).getByLabelText(/^New password/), 'short');
      await user.click(within(form).getByRole('button', { name: 'Change password' }));
      await waitFor(() =>
        expect(within(form).getByLabelText(/^New password/)).toHaveAccessibleDescription(
          /at least 12 characters/,
        ),
      );
    });

    it("shows the server's refusal of a new password the meter took, and keeps both passwords", async () => {
      // A surname beyond the ranks the meter's dictionaries keep: the meter finds it strong, the
      // server (full dictionaries, the authority) does not.
      const typed = 'Braddock1234';
      const { warnings, suggestions } = PASSWORD_STRENGTH_MESSAGES;
      const reason = `${warnings.commonNames} ${suggestions.anotherWord}`;
      server.use(
        problemHandler('changePassword', 400, reason, [{ field: 'new_password', message: reason }]),
      );
      const user = userEvent.setup();
      await renderPage();
      const form = await screen.findByRole('form', { name: 'Change password' });
      const current = within(form).getByLabelText(/^Current password/);
      const next = within(form).getByLabelText(/^New password/);
      await user.type(current, MOCK_PASSWORD);
      await user.type(next, typed);
      await waitFor(
        () => expect(within(form).getByText(/^Password strength:/)).toHaveTextContent(/strong/i),
        { timeout: 15_000 },
      );
      await user.click(within(form).getByRole('button', { name: 'Change password' }));

      await waitFor(() => expect(next).toHaveAccessibleDescription(new RegExp(reason)));
      expect(next).toBeInvalid();
      expect(screen.getByRole('alert')).toHaveTextContent('Your password was not changed');
      expect(current).toHaveValue(MOCK_PASSWORD);
      expect(next).toHaveValue(typed);
      // The meter no longer calls it strong beside the refusal.
      expect(within(form).queryByText(/^Password strength:/)).not.toBeInTheDocument();
    }, 30_000);

    it('changes it, says how many other sessions ended, clears the form and lists this session alone', async () => {
      const user = userEvent.setup();
      await renderPage();
      const form = await screen.findByRole('form', { name: 'Change password' });
      expect(
        await within(section('Where you are signed in')).findAllByRole('button', {
          name: /^Sign out .*, started/,
        }),
      ).toHaveLength(2);
      await user.type(within(form).getByLabelText(/^Current password/), MOCK_PASSWORD);
      await user.type(within(form).getByLabelText(/^New password/), NEW_PASSWORD);
      await user.click(within(form).getByRole('button', { name: 'Change password' }));
      const done = await screen.findByText(passwordChangedText(2));
      expect(done).toBeVisible();
      expect(noticeOf(done)).toHaveFocus();
      expect(within(form).getByLabelText(/^Current password/)).toHaveValue('');
      expect(within(form).getByLabelText(/^New password/)).toHaveValue('');
      expect(await screen.findByText(NO_OTHER_SESSIONS)).toBeVisible();
    });
  });

  describe('two-step verification', () => {
    it('turns it on with the same set-up as at login, and offers the codes to print and download', async () => {
      const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
      const user = userEvent.setup();
      await renderPage();
      const card = section('Two-step verification');
      expect(await within(card).findByText(TWO_STEP_OFF)).toBeVisible();
      await user.click(within(card).getByRole('button', { name: 'Turn on two-step verification' }));
      await user.type(await within(card).findByLabelText(/^Current password/), MOCK_PASSWORD);
      await user.click(within(card).getByRole('button', { name: 'Continue' }));
      expect(
        await within(card).findByRole('img', { name: 'QR code for your authenticator app' }),
      ).toBeInTheDocument();
      expect(within(card).getByText(groupSecret(MOCK_MFA_SECRET))).toBeInTheDocument();
      await user.type(within(card).getByRole('textbox', { name: /6-digit code/ }), MOCK_TOTP_CODE);
      await user.click(within(card).getByRole('button', { name: 'Turn on' }));

      const codes = await within(card).findByRole('list', { name: 'Recovery codes' });
      expect(codes).toHaveTextContent(MOCK_RECOVERY_CODES[0]!);
      await user.click(within(card).getByRole('button', { name: 'Print codes' }));
      expect(print).toHaveBeenCalledOnce();
      // The printed sheet is on the page (hidden on screen) while the codes are.
      const sheet = document.querySelector('[data-print-handout]');
      expect(sheet).toHaveTextContent(MOCK_RECOVERY_CODES[9]!);
      expect(sheet).toHaveTextContent('Account: demo.patient');
      const download = within(card).getByRole('link', { name: 'Download as a text file' });
      expect(download).toHaveAttribute('download', RECOVERY_CODES_FILE);
      const text = decodeURIComponent(download.getAttribute('href')!.split(',')[1]!);
      for (const code of MOCK_RECOVERY_CODES) expect(text).toContain(code);

      await user.click(within(card).getByRole('button', { name: 'Done' }));
      expect(noticeOf(await within(card).findByText(TWO_STEP_TURNED_ON))).toHaveFocus();
      expect(within(card).getByText(/Two-step verification is on\. 10 recovery codes left\./));
      expect(document.querySelector('[data-print-handout]')).toBeNull();
    });

    it('says a code used a moment ago is used, keeps it, then gives new recovery codes for the next', async () => {
      server.use(...createHandlers({ accounts: withFactorOn }));
      const user = userEvent.setup();
      await renderPage();
      const form = await screen.findByRole('form', { name: 'Get new recovery codes' });
      const code = within(form).getByRole('textbox', { name: /Code from your authenticator app/ });
      await user.type(code, MOCK_USED_TOTP_CODE);
      await user.click(within(form).getByRole('button', { name: 'Get new recovery codes' }));
      await waitFor(() =>
        expect(code).toHaveAccessibleDescription(expect.stringContaining(USED_MFA_CODE_MESSAGE)),
      );
      expect(code).toHaveValue(MOCK_USED_TOTP_CODE);

      await user.clear(code);
      await user.type(code, MOCK_TOTP_CODE);
      await user.click(within(form).getByRole('button', { name: 'Get new recovery codes' }));
      const card = section('Two-step verification');
      const codes = await within(card).findByRole('list', { name: 'Recovery codes' });
      expect(codes).toHaveTextContent(MOCK_NEW_RECOVERY_CODES[0]!);
      expect(within(card).getByText(/replace your old ones/)).toBeVisible();
      await user.click(within(card).getByRole('button', { name: 'Done' }));
      expect(await screen.findByRole('form', { name: 'Get new recovery codes' })).toBeVisible();
    });

    it('turns it off with a recovery code', async () => {
      server.use(...createHandlers({ accounts: withFactorOn }));
      const user = userEvent.setup();
      await renderPage();
      const form = await screen.findByRole('form', { name: 'Turn off two-step verification' });
      await user.type(
        within(form).getByRole('textbox', { name: /Code from your authenticator app/ }),
        MOCK_RECOVERY_CODES[3]!,
      );
      await user.click(
        within(form).getByRole('button', { name: 'Turn off two-step verification' }),
      );
      expect(noticeOf(await screen.findByText(TWO_STEP_TURNED_OFF))).toHaveFocus();
      expect(await screen.findByText(TWO_STEP_OFF)).toBeVisible();
      expect(screen.queryByRole('form', { name: 'Turn off two-step verification' })).toBeNull();
    });

    it('tells staff under the required policy why it cannot be turned off', async () => {
      server.use(
        ...createHandlers({
          staffMfa: 'required',
          accounts: MOCK_ACCOUNTS.map((a) =>
            a.role === 'medical_personnel' ? { ...a, mfa: 'on' } : a,
          ),
        }),
      );
      await renderPage('medical_personnel');
      expect(await screen.findByText(MFA_REQUIRED_MESSAGE)).toBeVisible();
      expect(screen.queryByRole('form', { name: 'Turn off two-step verification' })).toBeNull();
      expect(screen.getByRole('form', { name: 'Get new recovery codes' })).toBeVisible();
    });
  });

  describe('sessions', () => {
    it('lists each session with browser, address and times, this one marked', async () => {
      await renderPage();
      const table = await within(section('Where you are signed in')).findByRole('table', {
        name: 'Open sessions',
      });
      const rows = within(table).getAllByRole('row').slice(1);
      expect(rows).toHaveLength(3);
      expect(rows[0]).toHaveTextContent('Chrome on Windows (this session)');
      expect(rows[0]).toHaveTextContent('10.20.0.11');
      expect(within(rows[0]!).queryByRole('button')).toBeNull();
      expect(
        within(rows[1]!).getByRole('button', { name: /^Sign out Safari on iOS/ }),
      ).toBeVisible();
    });

    it('signs out one session and says so; then everywhere else', async () => {
      server.use(...createHandlers({ accountSessions: makeAccountSessions(4) }));
      const user = userEvent.setup();
      await renderPage();
      const card = section('Where you are signed in');
      await user.click(
        await within(card).findByRole('button', { name: /^Sign out Safari on iOS/ }),
      );
      expect(noticeOf(await within(card).findByText('Signed out Safari on iOS.'))).toHaveFocus();
      await waitFor(() =>
        expect(within(card).queryByRole('button', { name: /^Sign out Safari/ })).toBeNull(),
      );
      await user.click(within(card).getByRole('button', { name: 'Sign out everywhere else' }));
      expect(noticeOf(await within(card).findByText('Signed out 2 other sessions.'))).toHaveFocus();
      expect(await within(card).findByText(NO_OTHER_SESSIONS)).toBeVisible();
    });

    it('says what the server answered when a session cannot be ended', async () => {
      server.use(problemHandler('endAccountSession', 404, NO_SUCH_SESSION_MESSAGE));
      const user = userEvent.setup();
      await renderPage();
      const card = section('Where you are signed in');
      await user.click(
        await within(card).findByRole('button', { name: /^Sign out Safari on iOS/ }),
      );
      expect(await within(card).findByRole('alert')).toHaveTextContent(NO_SUCH_SESSION_MESSAGE);
    });
  });
});

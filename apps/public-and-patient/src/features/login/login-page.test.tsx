import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Link, Route, Routes, useLocation } from 'react-router-dom';
import { LEAVE_QUESTION } from '@portal/shell';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ENDPOINTS,
  MESSAGES,
  PASSWORD_STRENGTH_MESSAGES,
  ROUTES,
  STORAGE_KEYS,
  TIMINGS,
  USED_MFA_CODE_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
  previewPasswordStrength,
} from '@portal/contract';
import {
  createHandlers,
  makeActivationCode,
  makeFakeToken,
  makePatientRecords,
  MOCK_ACCOUNTS,
  MOCK_API_BASE,
  MOCK_MFA_SECRET,
  MOCK_PASSWORD,
  MOCK_RECOVERY_CODES,
  MOCK_TOTP_CODE,
  MOCK_USED_TOTP_CODE,
  networkErrorHandler,
  pendingHandler,
  problemHandler,
  renderWithProviders,
  setupMswServer,
} from '@portal/testing';
import { LoginPage } from './login-page';
import { FORGOT_PASSWORD_QUESTION } from '../../testing/english-texts';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
const server = setupMswServer();

const patientAccount = MOCK_ACCOUNTS.find((account) => account.role === 'patient')!;
// A patient of the mock data set who has no account yet, so may register.
const unregisteredPatientId = makePatientRecords(24).find((record) => !record.registered)!.patient
  .patient_id;

/** Where the router is, so that a test can see the page move on. */
function Where() {
  return <p>At {useLocation().pathname}</p>;
}

/** The login page at /login, with a stand-in for /system to arrive at. */
function renderLogin() {
  return renderWithProviders(
    <Routes>
      <Route path={ROUTES.login} element={<LoginPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route: ROUTES.login, session: null },
  );
}

/** userEvent driving fake timers when they are on. */
function setupUser(fakeTimers = false) {
  return fakeTimers
    ? userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    : userEvent.setup();
}

const heading = () => screen.getByRole('heading', { level: 1 });
const usernameInput = () => screen.getByRole('textbox', { name: 'Username' });
const passwordInput = () => screen.getByLabelText(/^Password/);
const storedToken = () => window.localStorage.getItem(STORAGE_KEYS.token);
const storedRole = () => window.localStorage.getItem(STORAGE_KEYS.role);

async function logIn(user: ReturnType<typeof setupUser>, username: string, password: string) {
  await user.type(usernameInput(), username);
  await user.type(passwordInput(), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('LoginPage', () => {
  describe('login mode', () => {
    it('is titled Login, with Username, a masked Password and a Login button', () => {
      renderLogin();
      expect(heading()).toHaveTextContent('Login');
      expect(usernameInput()).toBeRequired();
      expect(passwordInput()).toHaveAttribute('type', 'password');
      expect(passwordInput()).toBeRequired();
      expect(screen.getByRole('button', { name: 'Login' })).toHaveAttribute('type', 'submit');
      expect(screen.queryByRole('combobox', { name: 'Role' })).not.toBeInTheDocument();
      expect(screen.queryByRole('textbox', { name: 'ID' })).not.toBeInTheDocument();
    });

    it('offers "Don\'t have an account? Register"', () => {
      renderLogin();
      const toggle = screen.getByRole('button', { name: 'Register' });
      expect(toggle).toHaveAttribute('type', 'button');
      expect(toggle.parentElement).toHaveTextContent(/^Don't have an account\? Register$/);
    });

    it('links "Forgot your password?" to the reset page', () => {
      renderLogin();
      expect(screen.getByRole('link', { name: FORGOT_PASSWORD_QUESTION })).toHaveAttribute(
        'href',
        '/password-reset',
      );
    });

    it('asks for both fields before sending anything', async () => {
      const user = setupUser();
      renderLogin();
      await user.click(screen.getByRole('button', { name: 'Login' }));
      await waitFor(() => expect(usernameInput()).toHaveAccessibleDescription('Required'));
      expect(passwordInput()).toHaveAccessibleDescription('Required');
      expect(usernameInput()).toBeInvalid();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    });
  });

  describe('register mode', () => {
    it('is titled Register, adds Role, ID and Activation code, and switches back', async () => {
      const user = setupUser();
      renderLogin();
      await user.click(screen.getByRole('button', { name: 'Register' }));

      expect(heading()).toHaveTextContent('Register');
      expect(usernameInput()).toBeRequired();
      expect(passwordInput()).toHaveAttribute('type', 'password');
      const role = screen.getByRole('combobox', { name: 'Role' });
      expect(role).toHaveValue('patient');
      expect(within(role).getByRole('option', { selected: true })).toHaveTextContent('Patient');
      expect(
        within(role)
          .getAllByRole('option')
          .filter((option) => option.getAttribute('value') !== '')
          .map((option) => option.textContent),
      ).toEqual(['Patient', 'HR', 'Medical Personnel']);
      const id = screen.getByRole('textbox', { name: 'ID' });
      expect(id).toHaveAttribute('placeholder', 'Employee ID/Patient ID');
      expect(id).toBeRequired();
      expect(screen.getByRole('textbox', { name: 'Activation code' })).toBeRequired();
      expect(screen.getByRole('button', { name: 'Register' })).toHaveAttribute('type', 'submit');

      const toggle = screen.getByRole('button', { name: 'Login' });
      expect(toggle).toHaveAttribute('type', 'button');
      expect(toggle.parentElement).toHaveTextContent(/^Already have an account\? Login$/);

      await user.click(toggle);
      expect(heading()).toHaveTextContent('Login');
      expect(screen.queryByRole('combobox', { name: 'Role' })).not.toBeInTheDocument();
    });

    it('asks for the required fields before sending anything', async () => {
      const user = setupUser();
      renderLogin();
      await user.click(screen.getByRole('button', { name: 'Register' }));
      await user.click(screen.getByRole('button', { name: 'Register' }));

      await waitFor(() => expect(usernameInput()).toBeInvalid());
      expect(usernameInput()).toHaveAccessibleDescription('Required');
      expect(passwordInput()).toBeInvalid();
      expect(passwordInput()).toHaveAccessibleDescription(
        /Password must be at least 12 characters/,
      );
      expect(screen.getByRole('textbox', { name: 'Activation code' })).toBeInvalid();
      // The ID's form for the chosen role is checked in the same round, not after the others.
      expect(screen.getByRole('textbox', { name: 'ID' })).toHaveAccessibleDescription(
        'A patient registers with a Patient ID, as P001',
      );
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('shows every error at once, the ID of the chosen role among them', async () => {
      const user = setupUser();
      renderLogin();
      await user.click(screen.getByRole('button', { name: 'Register' }));
      await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'HR');
      await user.type(screen.getByRole('textbox', { name: 'ID' }), 'P001');
      await user.click(screen.getByRole('button', { name: 'Register' }));

      const id = screen.getByRole('textbox', { name: 'ID' });
      await waitFor(() => expect(id).toBeInvalid());
      expect(id).toHaveAccessibleDescription('Staff register with an Employee ID, as E001');
      expect(usernameInput()).toHaveAccessibleDescription('Required');
      expect(passwordInput()).toBeInvalid();
      expect(screen.getByRole('textbox', { name: 'Activation code' })).toBeInvalid();
    });

    it('asks before a half-filled registration is left by a link', async () => {
      const user = setupUser();
      renderWithProviders(
        <>
          <Link to="/">Home</Link>
          <Routes>
            <Route path={ROUTES.login} element={<LoginPage />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </>,
        { route: ROUTES.login, session: null },
      );
      await user.click(screen.getByRole('button', { name: 'Register' }));
      await user.type(usernameInput(), 'new.patient');
      await user.click(screen.getByRole('link', { name: 'Home' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Unsaved changes' });
      expect(dialog).toHaveAccessibleDescription(LEAVE_QUESTION);
      await user.click(screen.getByRole('button', { name: 'Stay on this page' }));
      expect(usernameInput()).toHaveValue('new.patient');
    });

    it('asks for an ID of the chosen role', async () => {
      const user = setupUser();
      renderLogin();
      await user.click(screen.getByRole('button', { name: 'Register' }));
      await user.type(usernameInput(), 'new.patient');
      await user.type(passwordInput(), 'a long enough passphrase');
      await user.type(
        screen.getByRole('textbox', { name: 'Activation code' }),
        makeActivationCode(),
      );
      await user.click(screen.getByRole('button', { name: 'Register' }));

      const id = screen.getByRole('textbox', { name: 'ID' });
      await waitFor(() => expect(id).toBeInvalid());
      expect(id).toHaveAccessibleDescription('A patient registers with a Patient ID, as P001');
    });
  });

  describe('logging in', () => {
    it('says so in green, waits a second, then stores the session and goes to /system', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const user = setupUser(true);
      renderLogin();
      await logIn(user, patientAccount.username, MOCK_PASSWORD);

      const notice = await screen.findByRole('status');
      expect(notice).toHaveTextContent(MESSAGES.loginSuccess);
      expect(notice.className).toMatch(/\bbg-success-/);
      // Nothing is stored, and the page stays, until the wait is over.
      expect(storedToken()).toBeNull();
      expect(storedRole()).toBeNull();
      expect(heading()).toHaveTextContent('Login');

      await act(() => vi.advanceTimersByTimeAsync(TIMINGS.loginRedirectMs));
      expect(await screen.findByText(`At ${ROUTES.system}`)).toBeInTheDocument();
      expect(storedToken()).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(storedRole()).toBe('patient');
    });

    it('stores the role the token carries', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const token = makeFakeToken({ role: 'HR' });
      // A server whose answer disagrees with its own token: the token is what counts.
      server.use(
        http.post(`${MOCK_API_BASE}${ENDPOINTS.login.path}`, () =>
          HttpResponse.json({ token, role: 'patient' }),
        ),
      );
      const user = setupUser(true);
      renderLogin();
      await logIn(user, 'someone', 'anything');
      await screen.findByText(MESSAGES.loginSuccess);
      await act(() => vi.advanceTimersByTimeAsync(TIMINGS.loginRedirectMs));

      await screen.findByText(`At ${ROUTES.system}`);
      expect(storedToken()).toBe(token);
      expect(storedRole()).toBe('HR');
    });

    it("shows the server's answer in red and stores nothing when refused", async () => {
      const user = setupUser();
      renderLogin();
      await logIn(user, patientAccount.username, 'not-the-password');

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Wrong Username or Password');
      expect(alert.className).toMatch(/\bbg-danger-/);
      // Focus moves to the message, so it is heard where the keyboard is.
      await waitFor(() => expect(alert).toHaveFocus());
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      expect(storedToken()).toBeNull();
      expect(heading()).toHaveTextContent('Login');
      expect(usernameInput()).toHaveValue(patientAccount.username);
    });

    it("shows the server's own words when it gives them", async () => {
      server.use(problemHandler('login', 429, 'Too many attempts. Try again in 15 minutes.'));
      const user = setupUser();
      renderLogin();
      await logIn(user, patientAccount.username, MOCK_PASSWORD);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Too many attempts. Try again in 15 minutes.',
      );
      expect(storedToken()).toBeNull();
    });

    it.each([
      ['no answer at all (network error)', () => networkErrorHandler('login')],
      ['a refusal without detail', () => problemHandler('login', 500, '')],
    ])("says 'Wrong Username or Password' after %s", async (_, handler) => {
      server.use(handler());
      const user = setupUser();
      renderLogin();
      await logIn(user, patientAccount.username, MOCK_PASSWORD);
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(/^Wrong Username or Password$/);
      expect(storedToken()).toBeNull();
    });

    it('disables the Login button while the request runs', async () => {
      server.use(pendingHandler('login'));
      const user = setupUser();
      renderLogin();
      await logIn(user, patientAccount.username, MOCK_PASSWORD);
      const button = await screen.findByRole('button', { name: /^Login/, busy: true });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleName('Login Working…');
    });
  });

  describe('registering', () => {
    async function fillRegistration(user: ReturnType<typeof setupUser>, id: string) {
      await user.click(screen.getByRole('button', { name: 'Register' }));
      await user.type(usernameInput(), 'new.patient');
      await user.type(passwordInput(), 'a long enough passphrase');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Patient');
      await user.type(screen.getByRole('textbox', { name: 'ID' }), id);
      await user.type(
        screen.getByRole('textbox', { name: 'Activation code' }),
        makeActivationCode(),
      );
      await user.click(screen.getByRole('button', { name: 'Register' }));
    }

    it('says so in green, waits half a second, then shows the login form with the username', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const user = setupUser(true);
      renderLogin();
      await fillRegistration(user, unregisteredPatientId);

      const notice = await screen.findByRole('status');
      expect(notice).toHaveTextContent(MESSAGES.registrationSuccess);
      expect(notice.className).toMatch(/\bbg-success-/);
      expect(heading()).toHaveTextContent('Register');

      await act(() => vi.advanceTimersByTimeAsync(TIMINGS.registrationSwitchMs));
      await waitFor(() => expect(heading()).toHaveTextContent('Login'));
      expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.registrationSuccess);
      expect(screen.getByRole('status')).toHaveFocus();
      expect(usernameInput()).toHaveValue('new.patient');
      expect(passwordInput()).toHaveValue('');
      expect(screen.queryByRole('combobox', { name: 'Role' })).not.toBeInTheDocument();
      expect(storedToken()).toBeNull();
      vi.useRealTimers();

      // The new account works.
      await userEvent.type(passwordInput(), 'a long enough passphrase');
      await userEvent.click(screen.getByRole('button', { name: 'Login' }));
      expect(await screen.findByText(MESSAGES.loginSuccess)).toBeInTheDocument();
    });

    it('registering again with a new code from the hospital sets a new password (a forgotten one)', async () => {
      const user = setupUser();
      renderLogin();
      // The demo patient's record has an account already: 'new.patient' becomes its name.
      await fillRegistration(user, patientAccount.id);
      await waitFor(() => expect(heading()).toHaveTextContent('Login'), { timeout: 3000 });
      await user.type(passwordInput(), 'a long enough passphrase');
      await user.click(screen.getByRole('button', { name: 'Login' }));
      expect(await screen.findByText(MESSAGES.loginSuccess)).toBeInTheDocument();
    });

    it("shows the server's refusal, marks the fields it names and keeps what was typed", async () => {
      server.use(
        problemHandler('register', 400, 'Check the highlighted fields', [
          { field: 'activation_code', message: 'This activation code has expired' },
          { field: 'password', message: 'This password is too common' },
        ]),
      );
      const user = setupUser();
      renderLogin();
      await fillRegistration(user, unregisteredPatientId);

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Check the highlighted fields');
      expect(alert.className).toMatch(/\bbg-danger-/);
      const code = screen.getByRole('textbox', { name: 'Activation code' });
      await waitFor(() => expect(code).toBeInvalid());
      expect(code).toHaveAccessibleDescription(/This activation code has expired/);
      expect(passwordInput()).toBeInvalid();
      expect(passwordInput()).toHaveAccessibleDescription(/This password is too common/);
      expect(usernameInput()).not.toBeInvalid();
      // Focus goes to the first field the server named, not to the message.
      expect(code).toHaveFocus();

      expect(heading()).toHaveTextContent('Register');
      expect(usernameInput()).toHaveValue('new.patient');
      expect(passwordInput()).toHaveValue('a long enough passphrase');
      expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('patient');
      expect(screen.getByRole('textbox', { name: 'ID' })).toHaveValue(unregisteredPatientId);
      expect(code).toHaveValue(makeActivationCode());
    });

    it('refuses an ID that names no record waiting for registration, as the API does', async () => {
      const user = setupUser();
      renderLogin();
      await fillRegistration(user, 'P900');
      expect(await screen.findByRole('alert')).toHaveTextContent(
        /do not match a record waiting for registration/,
      );
      await waitFor(() =>
        expect(screen.getByRole('textbox', { name: 'Activation code' })).toBeInvalid(),
      );
    });

    it('disables the Register button while the request runs', async () => {
      server.use(pendingHandler('register'));
      const user = setupUser();
      renderLogin();
      await fillRegistration(user, unregisteredPatientId);
      const button = await screen.findByRole('button', { name: /^Register/, busy: true });
      expect(button).toBeDisabled();
    });
  });
  describe('password strength (register mode)', () => {
    // The meter's code and dictionaries load on the first estimate: loaded here, outside the
    // tests' waits (a loaded CI machine once took more than 15 s for that first load).
    beforeAll(async () => {
      await previewPasswordStrength('warm-up-password', 'somebody');
    }, 120_000);
    /** The first estimate loads zxcvbn and its dictionaries: give it time on a loaded machine. */
    const LOADING = { timeout: 15_000 };
    /** The live region under the password: its text is also the input's description. */
    const strengthText = () => screen.getByText(/^Password strength:/);

    async function openRegister(user: ReturnType<typeof setupUser>) {
      renderLogin();
      await user.click(screen.getByRole('button', { name: 'Register' }));
    }

    it('shows the strength and why, as the person types, in a polite live region', async () => {
      const user = setupUser();
      await openRegister(user);
      expect(screen.queryByText(/^Password strength:/)).not.toBeInTheDocument();

      await user.type(passwordInput(), 'aaaaaaaaaaaa');
      await waitFor(() => expect(strengthText()).toHaveTextContent('Very weak'), LOADING);
      expect(screen.getByText(/Repeated characters like "aaa" are easy to guess\./)).toBeVisible();
      expect(strengthText().closest('[aria-live="polite"]')).not.toBeNull();
      expect(passwordInput()).toHaveAccessibleDescription(
        new RegExp(
          `Password strength: Very weak ${PASSWORD_STRENGTH_MESSAGES.warnings.simpleRepeat}`,
        ),
      );

      await user.clear(passwordInput());
      expect(screen.queryByText(/^Password strength:/)).not.toBeInTheDocument();
      await user.type(passwordInput(), 'qwertyqwerty');
      await waitFor(() =>
        expect(
          screen.getByText(new RegExp(PASSWORD_STRENGTH_MESSAGES.warnings.extendedRepeat)),
        ).toBeVisible(),
      );

      await user.clear(passwordInput());
      await user.type(passwordInput(), 'violet-tractor-orbit-1987');
      await waitFor(() => expect(strengthText()).toHaveTextContent('Very strong'));
      expect(screen.queryByText(/easy to guess/)).not.toBeInTheDocument();
      // Only a message: the field is not marked invalid while typing.
      expect(passwordInput()).not.toBeInvalid();
    }, 30_000);

    it('says a short password is too short once, under the field, once the form refuses it', async () => {
      const user = setupUser();
      await openRegister(user);
      await user.type(usernameInput(), 'nurse.joy');
      await user.type(passwordInput(), 'Tr4ctor!');
      await waitFor(() => expect(strengthText()).toBeVisible(), LOADING);
      await user.click(screen.getByRole('button', { name: 'Register' }));
      await waitFor(() => expect(passwordInput()).toBeInvalid());
      expect(screen.getAllByText('Password must be at least 12 characters')).toHaveLength(1);
    }, 30_000);

    it("refuses, as typed, a password containing the username or the hospital's name", async () => {
      const user = setupUser();
      await openRegister(user);
      await user.type(usernameInput(), 'nurse.joy');
      await user.type(passwordInput(), 'Violet-Nurse.Joy-Tractor');
      await waitFor(
        () => expect(screen.getByText(PASSWORD_STRENGTH_MESSAGES.containsUsername)).toBeVisible(),
        LOADING,
      );
      expect(strengthText()).toHaveTextContent(/Password strength: (Very weak|Weak|Fair)/);

      // Changing the username re-estimates the same password: now it is fine.
      await user.clear(usernameInput());
      await user.type(usernameInput(), 'kanya.s');
      await waitFor(() => expect(strengthText()).toHaveTextContent(/strong/i));

      await user.clear(passwordInput());
      await user.type(passwordInput(), 'Riverside General Hospital 2026!');
      await waitFor(() =>
        expect(screen.getByText(PASSWORD_STRENGTH_MESSAGES.containsHospitalName)).toBeVisible(),
      );
    }, 30_000);

    it('estimates once typing pauses, never while keys are coming', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const user = setupUser(true);
      await openRegister(user);
      // Load the estimator first, so that only the debounce is timed below.
      await user.type(passwordInput(), 'x');
      await act(() => vi.advanceTimersByTimeAsync(300));
      await waitFor(() => expect(strengthText()).toBeInTheDocument(), LOADING);

      // Keys 50 ms apart: each one is sooner than the debounce.
      const typist = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, delay: 50 });
      await typist.type(passwordInput(), 'yz-walnut-sofa');
      expect(passwordInput()).toHaveValue('xyz-walnut-sofa');
      // Fewer than 250 ms since the last key: the old estimate is gone, no new one yet.
      expect(screen.queryByText(/^Password strength:/)).not.toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(300));
      await waitFor(() => expect(strengthText()).toBeInTheDocument());
    }, 30_000);

    it('has no meter in login mode', async () => {
      const user = setupUser();
      renderLogin();
      await user.type(passwordInput(), 'aaaaaaaaaaaa');
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(screen.queryByText(/^Password strength:/)).not.toBeInTheDocument();
      expect(passwordInput()).not.toHaveAttribute('aria-describedby');
    });

    /** The server refuses the registration with `reason`, naming the password. */
    function refuseRegistration(reason: string) {
      server.use(problemHandler('register', 400, reason, [{ field: 'password', message: reason }]));
    }

    /** The rest of the register form, then Register. */
    async function completeRegistration(user: ReturnType<typeof setupUser>) {
      await user.type(screen.getByRole('textbox', { name: 'ID' }), unregisteredPatientId);
      await user.type(
        screen.getByRole('textbox', { name: 'Activation code' }),
        makeActivationCode(),
      );
      await user.click(screen.getByRole('button', { name: 'Register' }));
    }

    /** The refusal in the alert and under the password, with what was typed kept. */
    async function expectRefusal(reason: string, typed: string) {
      expect(await screen.findByRole('alert')).toHaveTextContent(reason);
      await waitFor(() => expect(passwordInput()).toBeInvalid());
      expect(passwordInput()).toHaveAccessibleDescription(new RegExp(reason));
      expect(passwordInput()).toHaveValue(typed);
    }

    it("still shows the server's refusal of the password", async () => {
      const reason = PASSWORD_STRENGTH_MESSAGES.containsHospitalName;
      refuseRegistration(reason);
      const user = setupUser();
      await openRegister(user);
      await user.type(usernameInput(), 'new.patient');
      await user.type(passwordInput(), 'a long enough passphrase');
      await completeRegistration(user);
      await expectRefusal(reason, 'a long enough passphrase');
    });

    it("shows the server's refusal of a password the meter took, and keeps what was typed", async () => {
      // A surname beyond the ranks the meter's dictionaries keep: the meter finds it strong, the
      // server (full dictionaries, the authority) does not.
      const typed = 'Braddock1234';
      const { warnings, suggestions } = PASSWORD_STRENGTH_MESSAGES;
      const reason = `${warnings.commonNames} ${suggestions.anotherWord}`;
      refuseRegistration(reason);
      const user = setupUser();
      await openRegister(user);
      await user.type(usernameInput(), 'new.patient');
      await user.type(passwordInput(), typed);
      await waitFor(() => expect(strengthText()).toHaveTextContent(/strong/i), LOADING);
      await completeRegistration(user);

      await expectRefusal(reason, typed);
      // The meter no longer calls it strong beside the refusal.
      expect(screen.queryByText(/^Password strength:/)).not.toBeInTheDocument();

      // Another password: the refusal was for the old one, and the meter speaks again.
      await user.type(passwordInput(), '-violet-orbit');
      await waitFor(() => expect(strengthText()).toHaveTextContent(/strong/i));
      expect(passwordInput()).not.toBeInvalid();
    }, 30_000);
  });
});

describe('second factor', () => {
  const nurse = {
    username: 'nurse.mfa',
    password: MOCK_PASSWORD,
    role: 'medical_personnel' as const,
    id: 'E002',
  };

  /** The mock API with one account whose second factor is `mfa`. */
  function withAccount(mfa: 'on' | 'enrol') {
    server.use(...createHandlers({ accounts: [{ ...nurse, mfa }] }));
  }

  it('asks for the 6-digit code in the same card, then logs in as before', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    withAccount('on');
    const user = setupUser(true);
    renderLogin();
    await logIn(user, nurse.username, nurse.password);

    const code = await screen.findByRole('textbox', { name: /^6-digit code/ });
    expect(heading()).toHaveTextContent('Login');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Two-step verification');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(storedToken()).toBeNull();
    await user.type(code, MOCK_TOTP_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.loginSuccess);
    expect(storedToken()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.loginRedirectMs));
    expect(await screen.findByText(`At ${ROUTES.system}`)).toBeInTheDocument();
    expect(storedRole()).toBe('medical_personnel');
  });

  it('a wrong code: the server’s words in red, the field emptied, still on the code step', async () => {
    withAccount('on');
    const user = setupUser();
    renderLogin();
    await logIn(user, nurse.username, nurse.password);
    const code = await screen.findByRole('textbox', { name: /^6-digit code/ });
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Wrong code. Check your authenticator app and try again.',
    );
    expect(code).toHaveValue('');
    expect(storedToken()).toBeNull();
  });

  it('a code already used a moment ago: says so and asks for the next one, still on the code step', async () => {
    withAccount('on');
    const user = setupUser();
    renderLogin();
    await logIn(user, nurse.username, nurse.password);
    const code = await screen.findByRole('textbox', { name: /^6-digit code/ });
    await user.type(code, MOCK_USED_TOTP_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(USED_MFA_CODE_MESSAGE);
    expect(screen.getByRole('alert')).not.toHaveTextContent(/^Wrong code/);
    expect(screen.getByRole('textbox', { name: /^6-digit code/ })).toBeInTheDocument();
    expect(storedToken()).toBeNull();
  });

  it('a malformed code is refused in the form, naming what it needs', async () => {
    withAccount('on');
    const user = setupUser();
    renderLogin();
    await logIn(user, nurse.username, nurse.password);
    const code = await screen.findByRole('textbox', { name: /^6-digit code/ });
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(
        /Enter the 6-digit code from your app, or a recovery code/,
      ),
    );
  });

  it('takes a recovery code instead, once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    withAccount('on');
    const user = setupUser(true);
    renderLogin();
    await logIn(user, nurse.username, nurse.password);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    const field = screen.getByRole('textbox', { name: /^Recovery code/ });
    await user.type(field, MOCK_RECOVERY_CODES[0]!);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.loginSuccess);
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.loginRedirectMs));
    await screen.findByText(`At ${ROUTES.system}`);
  });

  it('"Start over" goes back to the password', async () => {
    withAccount('on');
    const user = setupUser();
    renderLogin();
    await logIn(user, nurse.username, nurse.password);
    await user.click(await screen.findByRole('button', { name: 'Start over' }));
    expect(usernameInput()).toBeInTheDocument();
  });

  it('required and none yet: QR code and key, first code, recovery codes, then the login ends as usual', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    withAccount('enrol');
    const user = setupUser(true);
    renderLogin();
    await logIn(user, nurse.username, nurse.password);

    // The password again first: a wrong one is named on its field and kept.
    const again = await screen.findByLabelText(/^Current password/);
    expect(again).toHaveAttribute('type', 'password');
    expect(again).toHaveAttribute('autocomplete', 'current-password');
    await user.type(again, 'not-my-password');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(again).toHaveAccessibleDescription(WRONG_PASSWORD_MESSAGE));
    expect(again).toHaveValue('not-my-password');
    expect(screen.queryByRole('img', { name: 'QR code for your authenticator app' })).toBeNull();
    await user.clear(again);
    await user.type(again, nurse.password);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(
      await screen.findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Key to type:').nextElementSibling).toHaveTextContent(
      MOCK_MFA_SECRET.replace(/(.{4})(?=.)/g, '$1 '),
    );
    expect(storedToken()).toBeNull();

    const code = screen.getByRole('textbox', { name: /^6-digit code/ });
    await user.type(code, '999999');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(
        'Wrong code. Check your authenticator app and try again.',
      ),
    );

    await user.clear(code);
    await user.type(code, MOCK_TOTP_CODE);
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(MOCK_RECOVERY_CODES);
    expect(storedToken()).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.loginSuccess);
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.loginRedirectMs));
    await screen.findByText(`At ${ROUTES.system}`);
    expect(storedRole()).toBe('medical_personnel');
  });
});

import { lazy, Suspense, useState } from 'react';
import {
  ID_PLACEHOLDER_MESSAGE,
  isMfaChallenge,
  LOGIN_SUCCESS_MESSAGE,
  type LoginRequest,
  type RegisterRequest,
  REGISTRATION_SUCCESS_MESSAGE,
  ROUTES,
  TIMINGS,
  type TokenResponse,
  WRONG_CREDENTIALS_MESSAGE,
} from '@portal/contract';
import { DEFAULT_ROLE, ROLE_LABELS, ROLES } from '@portal/reference-data';
import { ApiError, register } from '@portal/api-client';
import { useAuth, usePortalNavigate } from '@portal/auth';
import { LeaveGuard } from '@portal/shell';
import {
  CurrentPasswordField,
  NewPasswordField,
  PortalForm,
  SelectField,
  TextField,
  usePortalForm,
  useSubmitFeedback,
} from '@portal/form-widgets';
import { translateEnglish } from '@portal/i18n';
import { type Pack, requirePack } from '@portal/i18n';
import { Button, Card, LoadingState, Msg, Notice, PortalLink, useT } from '@portal/ui';
import { MfaCodeStep } from './mfa-code-step';
import loginPageTexts from '@portal/i18n/packs/page-login';

/** The page's texts (lib/packs.ts in @portal/i18n): its route fetches them before it renders. */
export const PAGE_TEXTS: readonly Pack[] = [loginPageTexts];

// Only staff sent to enrol need the set-up and its QR code library: loaded when they are.
// (Nothing of @portal/shell/two-step may be imported statically here: it would all land in
// this page's first visit.)
const StaffEnrolmentStep = lazy(() =>
  import('@portal/shell/two-step').then(async (m) => {
    await requirePack(m.TWO_STEP_TEXTS);
    return { default: m.StaffEnrolmentStep };
  }),
);

type Mode = 'login' | 'register';
/**
 * Where a login stands: the password; the second factor's code (an account that has one); or
 * its enrolment (staff without one while STAFF_MFA=required), all in the same card.
 */
type LoginStep =
  | { kind: 'password' }
  | { kind: 'code'; mfaToken: string }
  | { kind: 'enrol'; session: TokenResponse };
/** What the card says, as every form says it (useSubmitFeedback): the text is the success. */
type Feedback = Pick<ReturnType<typeof useSubmitFeedback<string>>, 'succeed' | 'fail' | 'clear'>;

// The request schemas come with the first submit (or when the browser is idle), not the first paint.
const loginSchema = () => import('@portal/contract/schemas').then((c) => c.loginRequestSchema);
const registerSchema = () =>
  import('@portal/contract/schemas').then((c) => c.registerRequestSchema);

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The red message's text: the server's own words when it answered with some, else the spec's
 * fallback. A failure with no answer (network, timeout) or an answer off the contract has no
 * server words: the client's own text for it is not shown here.
 */
function failureText(error: unknown): string {
  return error instanceof ApiError && error.kind === 'http' && error.detail
    ? error.detail
    : WRONG_CREDENTIALS_MESSAGE;
}

/** The combined Login/Register card, as the spec's 'Login/register behaviour' describes it. */
export function LoginPage() {
  const t = useT();
  const [mode, setMode] = useState<Mode>('login');
  const { feedback, noticeRef, succeed, fail, clear } = useSubmitFeedback<string>();
  const [username, setUsername] = useState('');
  const [step, setStep] = useState<LoginStep>({ kind: 'password' });
  const { startSession } = useAuth();
  const navigate = usePortalNavigate();

  const switchTo = (next: Mode) => {
    setMode(next);
    setStep({ kind: 'password' });
    clear();
  };

  // The spec's ending of every successful login, whichever steps it took.
  const finish = async (session: TokenResponse) => {
    succeed(LOGIN_SUCCESS_MESSAGE);
    await wait(TIMINGS.loginRedirectMs);
    startSession(session.token);
    navigate(ROUTES.system);
  };
  const stepMessage = (text: string | null) =>
    text === null ? clear() : fail(null, { detail: text });

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-10">
      <Card>
        <h1 className="text-2xl font-bold text-ink">
          {mode === 'login' ? t('public.login.title') : t('public.register.title')}
        </h1>
        {feedback && (
          <Notice
            ref={noticeRef}
            tone={feedback.kind === 'success' ? 'success' : 'error'}
            className="mt-4"
          >
            {/* The spec's messages and the server's words (English from an older server) in
                the language shown. */}
            {translateEnglish(feedback.kind === 'success' ? feedback.value : feedback.detail)}
          </Notice>
        )}
        {mode === 'login' && step.kind === 'password' && (
          <LoginForm
            defaultUsername={username}
            feedback={{ succeed, fail, clear }}
            onStep={setStep}
            onSignedIn={finish}
          />
        )}
        {mode === 'login' && step.kind === 'code' && (
          <MfaCodeStep
            mfaToken={step.mfaToken}
            onSignedIn={finish}
            onMessage={stepMessage}
            onStartOver={() => switchTo('login')}
          />
        )}
        {mode === 'login' && step.kind === 'enrol' && (
          <Suspense fallback={<LoadingState label={t('public.login.preparingSetUp')} />}>
            <StaffEnrolmentStep
              token={step.session.token}
              onDone={() => finish(step.session)}
              onMessage={stepMessage}
            />
          </Suspense>
        )}
        {mode === 'register' && (
          <RegisterForm
            feedback={{ succeed, fail, clear }}
            onRegistered={(name) => {
              setUsername(name);
              switchTo('login');
              succeed(REGISTRATION_SUCCESS_MESSAGE);
            }}
          />
        )}
        {mode === 'login' && step.kind === 'password' && <ForgottenPassword />}
        <p className="mt-6 text-center text-sm text-muted">
          <Msg
            id={mode === 'login' ? 'public.login.noAccount' : 'public.register.haveAccount'}
            components={{
              0: (
                <button
                  type="button"
                  className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
                  onClick={() => switchTo(mode === 'login' ? 'register' : 'login')}
                />
              ),
            }}
          />
        </p>
      </Card>
    </div>
  );
}

/**
 * A forgotten password, under the login form: the reset page, which mails a single-use link to
 * the e-mail on the person's record (and says whom to ask when that address is no longer theirs).
 */
function ForgottenPassword() {
  const t = useT();
  return (
    <p className="mt-6 text-center text-sm">
      <PortalLink to={ROUTES.passwordReset} className="font-semibold text-brand-800 underline">
        {t('public.login.forgotPassword.question')}
      </PortalLink>
    </p>
  );
}

function LoginForm({
  defaultUsername,
  feedback,
  onStep,
  onSignedIn,
}: {
  defaultUsername: string;
  feedback: Feedback;
  onStep: (step: LoginStep) => void;
  onSignedIn: (session: TokenResponse) => Promise<void>;
}) {
  const t = useT();
  const { signIn } = useAuth();
  const form = usePortalForm(loginSchema, {
    defaultValues: { username: defaultUsername, password: '' } satisfies LoginRequest,
  });
  const busy = form.formState.isSubmitting;

  const submit = async (values: LoginRequest) => {
    feedback.clear();
    try {
      const answer = await signIn(values.username, values.password);
      if (isMfaChallenge(answer)) onStep({ kind: 'code', mfaToken: answer.mfa_token });
      else if (answer.mfa_setup_required) onStep({ kind: 'enrol', session: answer });
      else await onSignedIn(answer);
    } catch (error) {
      feedback.fail(form, { detail: failureText(error) });
    }
  };

  return (
    <PortalForm form={form} onSubmit={submit} className="mt-4 flex flex-col gap-4">
      <TextField
        name="username"
        label={t('public.login.username')}
        required
        autoComplete="username"
      />
      <CurrentPasswordField name="password" label={t('public.login.password')} />
      <Button type="submit" busy={busy}>
        {t('public.login.submit')}
      </Button>
    </PortalForm>
  );
}

function RegisterForm({
  feedback,
  onRegistered,
}: {
  feedback: Feedback;
  onRegistered: (username: string) => void;
}) {
  const t = useT();
  const roleOptions = ROLES.map((role) => ({
    value: role,
    label: translateEnglish(ROLE_LABELS[role]),
  }));
  // A plain call, not a TanStack mutation: the login card caches nothing, so /login loads no
  // query client.
  const form = usePortalForm(registerSchema, {
    defaultValues: {
      username: '',
      password: '',
      role: DEFAULT_ROLE,
      id: '',
      activation_code: '',
    } satisfies RegisterRequest,
  });
  const busy = form.formState.isSubmitting;

  const submit = async (values: RegisterRequest) => {
    feedback.clear();
    try {
      await register(values);
      feedback.succeed(REGISTRATION_SUCCESS_MESSAGE);
      await wait(TIMINGS.registrationSwitchMs);
      onRegistered(values.username);
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? (error.fieldErrors ?? []) : [];
      feedback.fail(form, { detail: failureText(error), fieldErrors });
    }
  };

  return (
    <PortalForm form={form} onSubmit={submit} className="mt-4 flex flex-col gap-4">
      <LeaveGuard dirty={form.formState.isDirty} />
      <TextField
        name="username"
        label={t('public.register.username')}
        required
        autoComplete="username"
      />
      <NewPasswordField name="password" label={t('public.register.password')} />
      <SelectField name="role" label={t('public.register.role')} required options={roleOptions} />
      <TextField
        name="id"
        label={t('public.register.id')}
        required
        placeholder={translateEnglish(ID_PLACEHOLDER_MESSAGE)}
        autoComplete="off"
      />
      <TextField
        name="activation_code"
        label={t('public.register.activationCode')}
        required
        placeholder="XXXX-XXXX-XXXX"
        autoComplete="one-time-code"
        hint={t('public.register.activationCodeHint')}
      />
      <Button type="submit" busy={busy}>
        {t('public.register.submit')}
      </Button>
    </PortalForm>
  );
}

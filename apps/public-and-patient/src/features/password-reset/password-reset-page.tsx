import { useEffect, useState } from 'react';
import { ROUTES } from '@portal/contract';
import { confirmPasswordReset, requestPasswordReset, toApiError } from '@portal/api-client';
import {
  NewPasswordField,
  PortalForm,
  SubmitErrorNotice,
  TextField,
  usePortalForm,
  useSubmitFeedback,
} from '@portal/form-widgets';
import type { Pack } from '@portal/i18n';
import passwordResetTexts from '@portal/i18n/packs/page-password-reset';
import { Button, Card, Notice, PortalLink, useT } from '@portal/ui';

/** The page's texts (lib/packs.ts in @portal/i18n): its route fetches them before it renders. */
export const PAGE_TEXTS: readonly Pack[] = [passwordResetTexts];

// The forms' rules, loaded after the first paint (usePortalForm), as every page's form does.
const requestSchema = () =>
  import('@portal/contract/schemas').then((c) => c.passwordResetRequestSchema);
const newPasswordSchema = () =>
  import('@portal/contract/schemas').then((c) => c.passwordResetFormSchema);

/** The token a mailed link carries after `#token=` (never sent to the server by the browser). */
function tokenOfAddress(): string | null {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
  return token || null;
}

/**
 * A forgotten password: without a link's token, the username and "Send the link" (the answer
 * is the same whether or not the name is an account); opened from the mailed link, the new
 * password, which signs the account out everywhere.
 */
export function PasswordResetPage() {
  const t = useT();
  const [token, setToken] = useState(tokenOfAddress);
  // A link opened in a tab already on this page changes only the address's fragment.
  useEffect(() => {
    const follow = () => setToken(tokenOfAddress());
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-10">
      <Card>
        <h1 className="text-2xl font-bold text-ink">
          {token ? t('public.forgotPassword.newTitle') : t('public.forgotPassword.title')}
        </h1>
        {token ? <NewPasswordForm key={token} token={token} /> : <RequestForm />}
      </Card>
    </div>
  );
}

function RequestForm() {
  const t = useT();
  const form = usePortalForm(requestSchema, { defaultValues: { username: '' } });
  const { feedback, noticeRef, succeed, fail, clear } = useSubmitFeedback<string>();
  return (
    <PortalForm
      form={form}
      aria-label={t('public.forgotPassword.title')}
      className="mt-4 flex flex-col gap-4"
      onSubmit={async ({ username }) => {
        clear();
        try {
          await requestPasswordReset({ username });
          succeed(username);
        } catch (error) {
          fail(form, toApiError(error));
        }
      }}
    >
      <p className="text-sm text-muted">{t('public.forgotPassword.intro')}</p>
      {feedback?.kind === 'success' && (
        <Notice ref={noticeRef} tone="success">
          {t('public.forgotPassword.sent', { username: feedback.value })}
        </Notice>
      )}
      <SubmitErrorNotice
        feedback={feedback}
        noticeRef={noticeRef}
        title={t('public.forgotPassword.title')}
      />
      <TextField
        name="username"
        label={t('public.forgotPassword.username')}
        required
        autoComplete="username"
      />
      <Button type="submit" busy={form.formState.isSubmitting} className="self-start">
        {t('public.forgotPassword.submit')}
      </Button>
      <p className="text-sm text-muted">{t('public.forgotPassword.noEmail')}</p>
    </PortalForm>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const t = useT();
  const form = usePortalForm(newPasswordSchema, {
    defaultValues: { username: '', new_password: '' },
  });
  const { feedback, noticeRef, succeed, fail, clear } = useSubmitFeedback<true>();
  if (feedback?.kind === 'success')
    return (
      <div className="mt-4 flex flex-col gap-4">
        <Notice ref={noticeRef} tone="success">
          {t('public.forgotPassword.done')}
        </Notice>
        <PortalLink to={ROUTES.login} className="font-semibold text-brand-800 underline">
          {t('public.forgotPassword.toLogin')}
        </PortalLink>
      </div>
    );
  return (
    <PortalForm
      form={form}
      aria-label={t('public.forgotPassword.newTitle')}
      className="mt-4 flex flex-col gap-4"
      onSubmit={async ({ new_password }) => {
        clear();
        try {
          await confirmPasswordReset({ token, new_password });
          // The token is spent: it leaves the address (and the browser's history entry).
          window.history.replaceState(null, '', window.location.pathname);
          succeed(true);
        } catch (error) {
          const failure = toApiError(error);
          // A spent link's problem names `token`, which has no field here: its words are the
          // problem's own, said once.
          fail(form, {
            detail: failure.detail,
            fieldErrors: (failure.fieldErrors ?? []).filter((e) => e.field !== 'token'),
          });
        }
      }}
    >
      <SubmitErrorNotice
        feedback={feedback}
        noticeRef={noticeRef}
        title={t('public.forgotPassword.newTitle')}
      />
      {feedback?.kind === 'error' && (
        // A new page load: the address without the spent token opens the request form.
        <a href={ROUTES.passwordReset} className="font-semibold text-brand-800 underline">
          {t('public.forgotPassword.askAgain')}
        </a>
      )}
      <input type="text" hidden readOnly autoComplete="username" {...form.register('username')} />
      <NewPasswordField name="new_password" label={t('public.forgotPassword.newPassword')} />
      <Button type="submit" busy={form.formState.isSubmitting} className="self-start">
        {t('public.forgotPassword.save')}
      </Button>
    </PortalForm>
  );
}

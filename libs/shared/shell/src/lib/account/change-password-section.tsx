import { type ChangePasswordResponse } from '@portal/contract';
import { toApiError, useChangePassword } from '@portal/api-client';
import {
  CurrentPasswordField,
  NewPasswordField,
  PortalForm,
  SubmitErrorNotice,
  usePortalForm,
  useSubmitFeedback,
} from '@portal/form-widgets';
import { Button, Card, Notice, useT } from '@portal/ui';
import { LeaveGuard } from '../leave-guard';
import { passwordChangedText } from './account-texts';

// The form's rule, loaded after the first paint (usePortalForm), as every page's form does.
const formSchema = () => import('@portal/contract/schemas').then((c) => c.changePasswordFormSchema);

/**
 * The current password and a new one (with the strength meter the register form has). A
 * success ends every other session of the account and clears the form; a refusal names its
 * field and keeps what was typed.
 */
export function ChangePasswordSection({ username }: { username: string }) {
  const form = usePortalForm(formSchema, {
    defaultValues: { username, current_password: '', new_password: '' },
  });
  const change = useChangePassword();
  const { feedback, noticeRef, succeed, fail, clear } = useSubmitFeedback<ChangePasswordResponse>();
  const t = useT();

  return (
    <Card title={t('common.account.changePassword')}>
      <PortalForm
        form={form}
        aria-label={t('common.account.changePassword')}
        onSubmit={async ({ current_password, new_password }) => {
          clear();
          try {
            succeed(await change.mutateAsync({ current_password, new_password }));
            form.reset({ username, current_password: '', new_password: '' });
          } catch (error) {
            fail(form, toApiError(error));
          }
        }}
      >
        <LeaveGuard dirty={form.formState.isDirty} />
        {feedback?.kind === 'success' && (
          <Notice ref={noticeRef} tone="success">
            {passwordChangedText(feedback.value.ended_sessions)}
          </Notice>
        )}
        <SubmitErrorNotice
          feedback={feedback}
          noticeRef={noticeRef}
          title={t('common.account.passwordNotChanged')}
        />
        {/* Whose password: for password managers (and the strength rule, which weighs it). */}
        <input type="text" hidden readOnly autoComplete="username" {...form.register('username')} />
        <CurrentPasswordField name="current_password" label={t('common.account.currentPassword')} />
        <NewPasswordField name="new_password" label={t('common.account.newPassword')} />
        <p className="text-sm text-muted">{t('common.account.signsOutElsewhere')}</p>
        <Button type="submit" busy={form.formState.isSubmitting} className="self-start">
          {t('common.account.changePasswordSubmit')}
        </Button>
      </PortalForm>
    </Card>
  );
}

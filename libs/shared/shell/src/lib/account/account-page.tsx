import { useAccountSummary } from '@portal/api-client';
import { translateEnglish } from '@portal/i18n';
import { ROLE_LABELS } from '@portal/reference-data';
import {
  CalendarChoice,
  Card,
  ErrorState,
  LoadingState,
  Msg,
  PageHeading,
  useLocale,
  useT,
} from '@portal/ui';
import { ChangePasswordSection } from './change-password-section';
import { SessionsSection } from './sessions-section';
import { TwoStepSection } from './two-step-section';

export * from './account-texts';

/**
 * My account, for every signed-in person in every app (each mounts it at its `accountPath`):
 * who is signed in, a password change, the second factor (on, off, new recovery codes) and the
 * open sessions with a way to end them. Each section tells the outcome of its own action and a
 * refused form keeps what was typed.
 */
export function AccountPage() {
  const summary = useAccountSummary();
  const t = useT();
  const locale = useLocale();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8">
      <PageHeading description={t('common.account.description')}>
        {t('common.account.heading')}
      </PageHeading>
      {summary.isPending ? (
        <LoadingState label={t('common.account.loading')} />
      ) : summary.isError ? (
        <ErrorState>{t('common.account.loadFailed')}</ErrorState>
      ) : (
        <>
          <p className="text-ink">
            <Msg
              id="common.account.signedInAs"
              values={{
                username: summary.data.username,
                role: translateEnglish(ROLE_LABELS[summary.data.role]),
              }}
              components={{ 0: <strong className="break-all" /> }}
            />
          </p>
          <ChangePasswordSection username={summary.data.username} />
          <TwoStepSection summary={summary.data} />
          <SessionsSection />
          {/* English shows the spec's ISO days; Thai offers the Buddhist or the Gregorian era. */}
          {locale === 'th' && (
            <Card title={t('common.account.datesTitle')}>
              <CalendarChoice />
            </Card>
          )}
        </>
      )}
    </div>
  );
}

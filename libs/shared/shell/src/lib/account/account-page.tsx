import { useAccountSummary } from '@portal/api-client';
import { ROLE_LABELS } from '@portal/reference-data';
import { ErrorState, LoadingState, PageHeading } from '@portal/ui';
import { ACCOUNT_HEADING, ACCOUNT_LOAD_FAILED, ACCOUNT_LOADING } from './account-texts';
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
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8">
      <PageHeading description="Your password, two-step verification and where you are signed in.">
        {ACCOUNT_HEADING}
      </PageHeading>
      {summary.isPending ? (
        <LoadingState label={ACCOUNT_LOADING} />
      ) : summary.isError ? (
        <ErrorState>{ACCOUNT_LOAD_FAILED}</ErrorState>
      ) : (
        <>
          <p className="text-ink">
            Signed in as <strong className="break-all">{summary.data.username}</strong> (
            {ROLE_LABELS[summary.data.role]})
          </p>
          <ChangePasswordSection username={summary.data.username} />
          <TwoStepSection summary={summary.data} />
          <SessionsSection />
        </>
      )}
    </div>
  );
}

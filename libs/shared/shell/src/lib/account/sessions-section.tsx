import { useEffect, useRef, useState } from 'react';
import { type AccountSession, localDayTime } from '@portal/contract';
import {
  toApiError,
  useAccountSessions,
  useEndAccountSession,
  useEndOtherSessions,
} from '@portal/api-client';
import {
  Button,
  Card,
  ErrorState,
  LoadingState,
  Notice,
  RecordTable,
  useFormat,
  useT,
} from '@portal/ui';
import { otherSessionsEndedText, sessionEndedText } from './account-texts';

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** A moment of a session, as the person's clock reads it, in the language shown. */
const shownAt = (iso: string, format: ReturnType<typeof useFormat>) =>
  format.dayTime(localDayTime(new Date(iso)));

const At = ({ iso }: { iso: string }) => {
  const format = useFormat();
  return <time dateTime={new Date(iso).toISOString()}>{shownAt(iso, format)}</time>;
};

/**
 * The account's open sessions (browser, address, started, last seen; this one marked), each
 * other one with "Sign out", and "Sign out everywhere else". The outcome of each is said above
 * the list, which is read again afterwards.
 */
export function SessionsSection() {
  const sessions = useAccountSessions();
  const endOne = useEndAccountSession();
  const endOthers = useEndOtherSessions();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [ending, setEnding] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const t = useT();
  const format = useFormat();

  // Each outcome (a new object every time) takes focus: the button pressed may be gone with
  // its row, and the person hears what happened where they are.
  useEffect(() => {
    if (outcome) noticeRef.current?.focus();
  }, [outcome]);
  const report = setOutcome;

  const signOut = async (session: AccountSession) => {
    setEnding(session.id);
    try {
      await endOne.mutateAsync(session.id);
      report({ tone: 'success', text: sessionEndedText(session.browser) });
    } catch (error) {
      report({ tone: 'error', text: toApiError(error).detail });
    } finally {
      setEnding(null);
    }
  };

  const signOutOthers = async () => {
    try {
      const { ended_sessions } = await endOthers.mutateAsync(undefined);
      report({ tone: 'success', text: otherSessionsEndedText(ended_sessions) });
    } catch (error) {
      report({ tone: 'error', text: toApiError(error).detail });
    }
  };

  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  return (
    <Card title={t('common.account.sessionsTitle')}>
      <div className="flex flex-col gap-4">
        {outcome && (
          <Notice ref={noticeRef} tone={outcome.tone}>
            {outcome.text}
          </Notice>
        )}
        {sessions.isPending ? (
          <LoadingState label={t('common.account.sessionsLoading')} />
        ) : sessions.isError ? (
          <ErrorState>{t('common.account.sessionsLoadFailed')}</ErrorState>
        ) : (
          <>
            <RecordTable
              caption={t('common.account.sessionsCaption')}
              captionHidden
              rows={sessions.data}
              rowKey={(s) => s.id}
              columns={[
                {
                  header: t('common.account.browser'),
                  cell: (s) => (
                    <>
                      {s.browser}
                      {s.current && ' '}
                      {s.current && (
                        <strong className="ml-2 text-success-800">
                          {t('common.account.thisSession')}
                        </strong>
                      )}
                    </>
                  ),
                },
                {
                  header: t('common.account.address'),
                  cell: (s) => s.address ?? '—',
                  nowrap: true,
                },
                {
                  header: t('common.account.started'),
                  cell: (s) => <At iso={s.started_at} />,
                  nowrap: true,
                },
                {
                  header: t('common.account.lastSeen'),
                  cell: (s) => <At iso={s.last_seen_at} />,
                  nowrap: true,
                },
                {
                  header: t('common.account.action'),
                  srOnlyHeader: true,
                  cell: (s) =>
                    s.current ? null : (
                      <Button
                        variant="secondary"
                        busy={ending === s.id}
                        aria-label={t('common.account.signOutSession', {
                          browser: s.browser,
                          started: shownAt(s.started_at, format),
                        })}
                        onClick={() => void signOut(s)}
                      >
                        {t('common.account.signOut')}
                      </Button>
                    ),
                },
              ]}
            />
            {others === 0 ? (
              <p className="text-sm text-muted">{t('common.account.noOtherSessions')}</p>
            ) : (
              <Button
                className="self-start"
                busy={endOthers.isPending}
                onClick={() => void signOutOthers()}
              >
                {t('common.account.signOutOthers')}
              </Button>
            )}
          </>
        )}
      </div>
    </Card>
  );
}

import { useEffect, useRef, useState } from 'react';
import { type AccountSession, localDayTime } from '@portal/contract';
import {
  toApiError,
  useAccountSessions,
  useEndAccountSession,
  useEndOtherSessions,
} from '@portal/api-client';
import { Button, Card, ErrorState, LoadingState, Notice, RecordTable } from '@portal/ui';
import {
  NO_OTHER_SESSIONS,
  otherSessionsEndedText,
  sessionEndedText,
  SESSIONS_LOAD_FAILED,
} from './account-texts';

type Outcome = { tone: 'success' | 'error'; text: string } | null;

const at = (iso: string) => {
  const date = new Date(iso);
  return <time dateTime={date.toISOString()}>{localDayTime(date)}</time>;
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
    <Card title="Where you are signed in">
      <div className="flex flex-col gap-4">
        {outcome && (
          <Notice ref={noticeRef} tone={outcome.tone}>
            {outcome.text}
          </Notice>
        )}
        {sessions.isPending ? (
          <LoadingState label="Loading your sessions..." />
        ) : sessions.isError ? (
          <ErrorState>{SESSIONS_LOAD_FAILED}</ErrorState>
        ) : (
          <>
            <RecordTable
              caption="Open sessions"
              captionHidden
              rows={sessions.data}
              rowKey={(s) => s.id}
              columns={[
                {
                  header: 'Browser',
                  cell: (s) => (
                    <>
                      {s.browser}
                      {s.current && (
                        <strong className="ml-2 text-success-800">(this session)</strong>
                      )}
                    </>
                  ),
                },
                { header: 'Address', cell: (s) => s.address ?? '—', nowrap: true },
                { header: 'Started', cell: (s) => at(s.started_at), nowrap: true },
                { header: 'Last seen', cell: (s) => at(s.last_seen_at), nowrap: true },
                {
                  header: 'Action',
                  srOnlyHeader: true,
                  cell: (s) =>
                    s.current ? null : (
                      <Button
                        variant="secondary"
                        busy={ending === s.id}
                        aria-label={`Sign out ${s.browser}, started ${localDayTime(new Date(s.started_at))}`}
                        onClick={() => void signOut(s)}
                      >
                        Sign out
                      </Button>
                    ),
                },
              ]}
            />
            {others === 0 ? (
              <p className="text-sm text-muted">{NO_OTHER_SESSIONS}</p>
            ) : (
              <Button
                className="self-start"
                busy={endOthers.isPending}
                onClick={() => void signOutOthers()}
              >
                Sign out everywhere else
              </Button>
            )}
          </>
        )}
      </div>
    </Card>
  );
}

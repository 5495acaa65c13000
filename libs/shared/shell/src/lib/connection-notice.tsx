import { useState, useSyncExternalStore } from 'react';
import {
  browserOffline,
  lastWriteNotSent,
  subscribeConnection,
  subscribeWriteNotSent,
} from '@portal/api-client';
import { Button, useLaterTexts, useT } from '@portal/ui';

const online = () => false;
const never = () => 0;

/**
 * The frame's word on the connection, for every page and every write (the api-client refuses a
 * write at once while offline, and gives up one under way when the browser goes offline): while
 * the browser is offline, that nothing is saved or sent, nor sent later by itself; once a write
 * was not sent, that it was not saved; back online after that, that it was not sent and is to be
 * done again. In a live region that is always there, so a screen reader says each change.
 */
export function ConnectionNotice() {
  const t = useT();
  const offline = useSyncExternalStore(subscribeConnection, browserOffline, online);
  const notSentAt = useSyncExternalStore(subscribeWriteNotSent, lastWriteNotSent, never);
  const [dismissedAt, setDismissedAt] = useState(0);
  // Its words are in the `later` pack, fetched once the page is shown.
  const textsLoaded = useLaterTexts();
  const notSent = notSentAt > dismissedAt;
  const text = offline
    ? t(notSent ? 'common.connection.notSent' : 'common.connection.offline')
    : notSent
      ? t('common.connection.backOnline')
      : null;
  return (
    // A live region with no role of its own: the pages' own status and alert notices stay the
    // only ones of those roles.
    <div
      aria-live="polite"
      aria-atomic="true"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-40 flex justify-center p-3 print:hidden"
    >
      {text !== null && textsLoaded && (
        <div className="pointer-events-auto flex max-w-2xl items-start gap-3 rounded-lg border-l-4 border-warning-800 bg-warning-50 p-3 text-sm text-warning-800 shadow-lg">
          <p className="min-w-0 flex-1 font-semibold">{text}</p>
          {!offline && (
            <Button
              variant="ghost"
              className="min-h-9 px-3"
              onClick={() => setDismissedAt(notSentAt)}
            >
              {t('common.connection.dismiss')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

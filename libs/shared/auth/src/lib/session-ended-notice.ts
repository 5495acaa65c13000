import { useEffect, useState } from 'react';
import { MESSAGES } from '@portal/contract';
import type { SessionEndReason } from '@portal/api-client';

// sessionStorage: the notice belongs to this tab, and survives the full-page move into the
// public app when a session ends inside the clinical or HR app.
const NOTICE_KEY = 'portal_sessionEnded';
const listeners = new Set<() => void>();

function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function pending(): boolean {
  return tabStorage()?.getItem(NOTICE_KEY) != null;
}

/** Remembers, for this tab, that a session ended under the user, so the next page can say so. */
export function rememberSessionEnded(reason: SessionEndReason): void {
  tabStorage()?.setItem(NOTICE_KEY, reason);
  for (const listener of [...listeners]) listener();
}

/**
 * 'Token expired' once after a session ended under the user (expired or refused), else null.
 * The first component to read the notice consumes it; a reload does not show it again.
 */
export function useSessionEndedNotice(): string | null {
  // Peek while rendering; consume in the effect, which StrictMode's double render cannot repeat.
  const [notice, setNotice] = useState<string | null>(() =>
    pending() ? MESSAGES.tokenExpired : null,
  );

  useEffect(() => {
    const consume = () => {
      if (!pending()) return;
      tabStorage()?.removeItem(NOTICE_KEY);
      setNotice(MESSAGES.tokenExpired);
    };
    consume();
    listeners.add(consume);
    return () => {
      listeners.delete(consume);
    };
  }, []);

  return notice;
}

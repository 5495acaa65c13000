import { useEffect, useState, useSyncExternalStore } from 'react';
import { currentLocale, i18n, translateEnglish } from '@portal/i18n';
import {
  SESSION_ENDED_BY_HOSPITAL_MESSAGE,
  SESSION_SIGNED_OUT_MESSAGE,
  TOKEN_EXPIRED_MESSAGE,
} from '@portal/contract';
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

/** The notice remembered for this tab, if any: 'Token expired', or that the hospital ended it. */
function pending(): string | null {
  const reason = tabStorage()?.getItem(NOTICE_KEY);
  if (reason == null) return null;
  if (reason === ('ended-by-hospital' satisfies SessionEndReason))
    return SESSION_ENDED_BY_HOSPITAL_MESSAGE;
  if (reason === ('signed-out' satisfies SessionEndReason)) return SESSION_SIGNED_OUT_MESSAGE;
  return TOKEN_EXPIRED_MESSAGE;
}

/** Remembers, for this tab, that a session ended under the user, so the next page can say so. */
export function rememberSessionEnded(reason: SessionEndReason): void {
  tabStorage()?.setItem(NOTICE_KEY, reason);
  for (const listener of [...listeners]) listener();
}

/**
 * 'Token expired' once after a session ended under the user (expired or refused), or, when the
 * server said the hospital ended it, "Your access was ended by the hospital…"; else null.
 * The first component to read the notice consumes it; a reload does not show it again.
 */
export function useSessionEndedNotice(): string | null {
  // Peek while rendering; consume in the effect, which StrictMode's double render cannot repeat.
  const [notice, setNotice] = useState<string | null>(pending);

  useEffect(() => {
    const consume = () => {
      const text = pending();
      if (text === null) return;
      tabStorage()?.removeItem(NOTICE_KEY);
      setNotice(text);
    };
    consume();
    listeners.add(consume);
    return () => {
      listeners.delete(consume);
    };
  }, []);

  // The contract's words, in the language shown (and again after a switch).
  useSyncExternalStore(subscribeToLocale, currentLocale, currentLocale);
  return notice === null ? null : translateEnglish(notice);
}

const subscribeToLocale = (onChange: () => void) => i18n.on('change', onChange);

import { sessionStore } from './session-store';

/**
 * Why a session ended under the user: its token ran out, the server refused it, the server
 * said the hospital ended it (access revoked by HR, account disabled, role changed), or that
 * it was signed out elsewhere (a logout in another browser, a new password, "sign out
 * everywhere").
 */
export type SessionEndReason = 'expired' | 'unauthorized' | 'ended-by-hospital' | 'signed-out';

/** Told when a session ends by itself (not by the user's own logout). */
export type SessionEndedHandler = (reason: SessionEndReason) => void;

const sessionEndedHandlers = new Set<SessionEndedHandler>();

/** Registers the handler told when a session ends; returns the unsubscribe function. */
export function onSessionEnded(handler: SessionEndedHandler): () => void {
  sessionEndedHandlers.add(handler);
  return () => {
    sessionEndedHandlers.delete(handler);
  };
}

const sessionEndingHandlers = new Set<() => void>();

/**
 * Registers work to do as a session ends under the user, before anything else hears of it (a
 * form keeps what was typed before the tab moves away); returns the unsubscribe function.
 */
export function onSessionEnding(handler: () => void): () => void {
  sessionEndingHandlers.add(handler);
  return () => {
    sessionEndingHandlers.delete(handler);
  };
}

/** Ends the stored session and tells the handlers why (the spec's "triggers logout"). */
export function endSession(reason: SessionEndReason): void {
  for (const handler of [...sessionEndingHandlers]) handler();
  sessionStore.clear();
  for (const handler of [...sessionEndedHandlers]) handler(reason);
}

const sessionCaches = new Set<() => void>();

/**
 * Registers a cache of a session's data (the apps' query cache) to be dropped whenever the
 * session ends or changes hands; returns the unsubscribe function.
 */
export function registerSessionCache(clear: () => void): () => void {
  sessionCaches.add(clear);
  return () => {
    sessionCaches.delete(clear);
  };
}

/** Drops every registered cache of session data: no user may see the previous one's records. */
export function clearSessionCaches(): void {
  for (const clear of [...sessionCaches]) clear();
}

import { OFFLINE_NOT_SENT_MESSAGE } from '@portal/contract';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-error';

/**
 * The browser's connection as the writes see it (docs/architecture.md, "Writes on a bad
 * connection"): offline, a write is not sent at all and fails at once; one under way when the
 * browser goes offline is given up at once. Nothing is held to be sent later: the person acts
 * again, and a retry of a write that left carries the same Idempotency-Key (action-keys.ts).
 */

/** Whether the browser says it is offline now (no browser: online). */
export function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** Calls `onChange` whenever the browser goes offline or online; returns the unsubscribe. */
export function subscribeConnection(onChange: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** When, last, a write was not sent or given up because the browser was offline (0: never). */
let lastNotSent = 0;
const notSentListeners = new Set<() => void>();

/** Tells whoever shows it (the frame's connection notice) that a write was not sent. */
export function reportWriteNotSent(now = Date.now()): void {
  lastNotSent = now;
  for (const listener of [...notSentListeners]) listener();
}

/** A write left with a connection: what was not sent before is the past (its notice goes). */
export function reportWriteTried(): void {
  if (lastNotSent === 0) return;
  lastNotSent = 0;
  for (const listener of [...notSentListeners]) listener();
}

/** When, last, a write was not sent for want of a connection (0: never); a store's snapshot. */
export function lastWriteNotSent(): number {
  return lastNotSent;
}

/** Calls `onChange` whenever a write is not sent for want of a connection. */
export function subscribeWriteNotSent(onChange: () => void): () => void {
  notSentListeners.add(onChange);
  return () => {
    notSentListeners.delete(onChange);
  };
}

/**
 * Watches one write's connection: offline already, it throws at once (not sent: kind
 * `offline`); else a signal that fires when `outer` does or when the browser goes offline,
 * `failure` turning what the call threw into the error to show (given up when the browser went
 * offline: no answer, `network`), and `release` to remove the listeners once it is over.
 */
export function watchConnection(outer: AbortSignal | undefined): {
  signal: AbortSignal;
  failure: (caught: unknown) => unknown;
  release: () => void;
} {
  if (browserOffline()) {
    reportWriteNotSent();
    throw new ApiError({ kind: 'offline', detail: OFFLINE_NOT_SENT_MESSAGE });
  }
  reportWriteTried();
  const controller = new AbortController();
  let offline = false;
  const onOffline = () => {
    offline = true;
    controller.abort();
  };
  const onOuterAbort = () => controller.abort();
  if (outer?.aborted) controller.abort();
  outer?.addEventListener('abort', onOuterAbort);
  if (typeof window !== 'undefined') window.addEventListener('offline', onOffline);
  return {
    signal: controller.signal,
    failure: (caught) => {
      if (!offline) return caught;
      reportWriteNotSent();
      return new ApiError({ kind: 'network', detail: NETWORK_ERROR_MESSAGE, cause: caught });
    },
    release: () => {
      outer?.removeEventListener('abort', onOuterAbort);
      if (typeof window !== 'undefined') window.removeEventListener('offline', onOffline);
    },
  };
}

import {
  checkSessionStatus,
  decodeToken,
  endSession,
  renew,
  sessionStore,
} from '@portal/api-client';
import { SESSION_TIMINGS } from './session-timings';

/** The idle warning's state: open with whole seconds left, or closed. */
export interface IdleWarningSnapshot {
  readonly open: boolean;
  readonly secondsLeft: number;
}

/** The closed warning (one object, so unchanged state is recognisably unchanged). */
export const IDLE_WARNING_CLOSED: IdleWarningSnapshot = { open: false, secondsLeft: 0 };

/** A running monitor of the stored session. */
export interface SessionMonitor {
  /** Renews now, whatever the time left; for the idle warning's "stay signed in". */
  staySignedIn(): Promise<void>;
  stop(): void;
}

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'scroll'] as const;
// setTimeout overflows past 2^31-1 ms and would fire at once.
const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * Watches the stored session: renews it while the user is active, opens the idle warning before
 * an idle session runs out, and ends it when it has (so no patient data stays on an unattended
 * screen). "Active" means a pointer press, a key or a scroll since the current token was stored.
 * Every `statusCheckMs` it also asks the server whether the session is still open (one cheap
 * call per tab: the session row by its primary key, no audit); one ended elsewhere answers 401,
 * and the API client ends it here with the server's reason.
 */
export function startSessionMonitor(
  onWarningChange: (warning: IdleWarningSnapshot) => void,
  timings: typeof SESSION_TIMINGS = SESSION_TIMINGS,
): SessionMonitor {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let token = sessionStore.read()?.token ?? null;
  let active = false;
  let renewing = false;
  let retryAt = 0;
  let lastCheck = Number.NEGATIVE_INFINITY;
  let warning = IDLE_WARNING_CLOSED;
  let statusTimer: ReturnType<typeof setTimeout> | undefined;
  let statusInFlight = false;

  function show(next: IdleWarningSnapshot): void {
    if (next.open === warning.open && next.secondsLeft === warning.secondsLeft) return;
    warning = next;
    onWarningChange(next);
  }

  function schedule(delayMs: number): void {
    clearTimeout(timer);
    timer = setTimeout(check, Math.min(Math.max(delayMs, 0), MAX_TIMEOUT_MS));
  }

  function check(): void {
    clearTimeout(timer);
    if (stopped) return;
    const session = sessionStore.read();
    if (!session) {
      show(IDLE_WARNING_CLOSED);
      return;
    }
    const now = Date.now();
    const leftMs = session.claims.exp * 1000 - now;
    if (leftMs <= 0) {
      show(IDLE_WARNING_CLOSED);
      endSession('expired');
      return;
    }
    if (leftMs <= timings.renewWithinMs && active) void renewSession();

    const warn = leftMs <= timings.warnWithinMs && !active && !renewing;
    show(warn ? { open: true, secondsLeft: Math.ceil(leftMs / 1000) } : IDLE_WARNING_CLOSED);

    const waits = warn
      ? [((leftMs - 1) % 1000) + 1] // the next whole second of the countdown
      : [leftMs - timings.renewWithinMs, leftMs - timings.warnWithinMs, leftMs];
    if (active && retryAt > now) waits.push(retryAt - now);
    schedule(Math.min(...waits.filter((wait) => wait > 0)));
  }

  /**
   * Asks whether the session is still open, then again after `statusCheckMs`. One check at a
   * time per tab; a failure other than a 401 (offline, a server restarting) waits for the next.
   * Polling was chosen over a server push: it needs no long-lived connection through proxies
   * and load balancers, and each check is a read the server makes on every call anyway.
   */
  function scheduleStatus(delayMs: number): void {
    clearTimeout(statusTimer);
    if (stopped) return;
    statusTimer = setTimeout(() => void checkStatus(), delayMs);
  }

  async function checkStatus(): Promise<void> {
    if (stopped || statusInFlight) return;
    if (!sessionStore.read()) {
      scheduleStatus(timings.statusCheckMs);
      return;
    }
    statusInFlight = true;
    try {
      await checkSessionStatus();
    } catch {
      // A 401 has already ended the session through the API client; anything else waits.
    } finally {
      statusInFlight = false;
      scheduleStatus(timings.statusCheckMs);
    }
  }

  async function renewSession(): Promise<void> {
    const before = sessionStore.read();
    if (renewing || !before || Date.now() < retryAt) return;
    renewing = true;
    active = false;
    try {
      const answer = await renew();
      const current = sessionStore.read();
      // A logout, or another user's login in another tab, while the renewal was on its way wins.
      if (
        current?.claims.sid === before.claims.sid &&
        decodeToken(answer.token)?.sid === before.claims.sid
      ) {
        sessionStore.write(answer.token);
      }
      retryAt = 0;
    } catch {
      // A refused renewal (401) has already ended the session through the API client.
      retryAt = Date.now() + timings.renewRetryMs;
    } finally {
      renewing = false;
      check();
    }
  }

  function onActivity(): void {
    active = true;
    const now = Date.now();
    if (now - lastCheck < timings.activityThrottleMs) return;
    lastCheck = now;
    check();
  }

  function onVisibilityChange(): void {
    // Timers sleep with a laptop's lid (and browsers slow them in hidden tabs); the first look
    // after waking catches up, with the server too.
    if (document.visibilityState !== 'visible') return;
    check();
    void checkStatus();
  }

  const unsubscribe = sessionStore.subscribe(() => {
    const next = sessionStore.read()?.token ?? null;
    if (next === token) return;
    token = next;
    // Activity counts from the latest renewal, wherever it happened (here or in another tab).
    active = false;
    retryAt = 0;
    check();
  });
  for (const type of ACTIVITY_EVENTS) {
    window.addEventListener(type, onActivity, { capture: true, passive: true });
  }
  document.addEventListener('visibilitychange', onVisibilityChange);
  check();
  scheduleStatus(timings.statusCheckMs);

  return {
    async staySignedIn() {
      active = true;
      retryAt = 0;
      await renewSession();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(statusTimer);
      unsubscribe();
      for (const type of ACTIVITY_EVENTS) {
        window.removeEventListener(type, onActivity, { capture: true });
      }
      document.removeEventListener('visibilitychange', onVisibilityChange);
    },
  };
}

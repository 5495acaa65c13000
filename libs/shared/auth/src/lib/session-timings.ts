/** When the session is renewed, when the idle warning opens, and how activity is sampled. */
export const SESSION_TIMINGS = {
  /** Renew once less than this is left and the user was active since the last renewal. */
  renewWithinMs: 5 * 60_000,
  /** Warn an idle user once less than this is left. */
  warnWithinMs: 2 * 60_000,
  /** Activity is checked at most this often (typing and scrolling fire many events). */
  activityThrottleMs: 1_000,
  /** After a failed renewal, wait this long before trying again on activity. */
  renewRetryMs: 15_000,
  /**
   * Each open tab asks the server this often whether its session is still open (GET
   * /session), so one ended elsewhere leaves the screen within 5 s: 4 s between checks plus
   * the answer's time.
   */
  statusCheckMs: 4_000,
  /** Logout waits at most this long for the server to revoke the session. */
  logoutRequestTimeoutMs: 5_000,
} as const;

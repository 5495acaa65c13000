import { useCallback, useEffect, useRef, useState } from 'react';
import {
  IDLE_WARNING_CLOSED,
  startSessionMonitor,
  type IdleWarningSnapshot,
  type SessionMonitor,
} from './session-monitor';

/** The idle warning: open shortly before an idle session ends, with a way to keep it. */
export interface IdleWarningState extends IdleWarningSnapshot {
  /** Renews the session now; the warning closes once the new token is stored. */
  readonly staySignedIn: () => Promise<void>;
}

/**
 * Renews the session while the user is active, warns before an idle one runs out, and ends it
 * at its expiry. Mounted once, by AuthProvider; read the warning with useIdleWarning().
 */
export function useSessionActivity(): IdleWarningState {
  const [warning, setWarning] = useState<IdleWarningSnapshot>(IDLE_WARNING_CLOSED);
  const monitor = useRef<SessionMonitor | null>(null);

  useEffect(() => {
    const started = startSessionMonitor(setWarning);
    monitor.current = started;
    return () => {
      started.stop();
      monitor.current = null;
    };
  }, []);

  const staySignedIn = useCallback(async () => {
    await monitor.current?.staySignedIn();
  }, []);

  return { ...warning, staySignedIn };
}

import pg from 'pg';
import type { SessionState } from '../repositories/accounts';

/** The channel migration 0017's triggers notify whenever a session check's answer may change. */
export const SESSION_CHANGE_CHANNEL = 'portal_session_change';

/** How long an entry is trusted without a notification: a bound in case one is ever missed. */
const ENTRY_MS = 60_000;
/** Entries kept at most; the oldest go first (a Map iterates in insertion order). */
const MAX_ENTRIES = 10_000;
/** The wait before listening again after the listening connection was lost. */
const RECONNECT_MS = 1_000;

/** What the session cache is asked, and how the server closes it. */
export interface SessionCache {
  /**
   * The session's state: the kept one while it is fresh, otherwise `load()`'s answer (kept when
   * the session is live and nothing changed while it was loading).
   */
  lookup(
    sessionId: string,
    load: () => Promise<SessionState | undefined>,
  ): Promise<SessionState | undefined>;
  /** Forgets everything kept (a write through this instance, or a notification). */
  clear(): void;
  close(): Promise<void>;
}

/**
 * The per-request session check's answers kept in this process, so that an
 * authenticated read costs no database round trip for it. Correct only while every change is
 * heard: the process listens on {@link SESSION_CHANGE_CHANNEL} with a connection of its own
 * and forgets everything on each notification; while that connection is down (not yet open,
 * lost, reconnecting) nothing is kept and every request asks the database. Notifications are
 * sent at commit, so another instance forgets within the time the notification takes to
 * arrive; the instance that made the change forgets before its answer is sent (the
 * authentication plugin clears the cache after every write request).
 *
 * A load that started before a change must not keep the state it read: each clear moves the
 * generation on, and a load keeps its answer only when the generation is the one it started in.
 */
export function createSessionCache(
  databaseUrl: string,
  onError: (error: Error) => void = () => {},
): SessionCache {
  const entries = new Map<string, { state: SessionState; until: number }>();
  let generation = 0;
  let listening = false;
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const clear = () => {
    generation++;
    entries.clear();
  };

  const lost = (error?: Error) => {
    if (error) onError(error);
    listening = false;
    clear();
    const old = client;
    client = undefined;
    old?.removeAllListeners();
    old?.on('error', () => {});
    void old?.end().catch(() => {});
    if (!closed && !retry) {
      retry = setTimeout(() => {
        retry = undefined;
        void listen();
      }, RECONNECT_MS);
      retry.unref();
    }
  };

  const listen = async () => {
    const next = new pg.Client({ connectionString: databaseUrl });
    client = next;
    next.on('error', (error) => lost(error));
    next.on('end', () => {
      if (client === next) lost();
    });
    next.on('notification', clear);
    try {
      await next.connect();
      await next.query(`listen ${SESSION_CHANGE_CHANNEL}`);
      if (closed || client !== next) return void next.end().catch(() => {});
      clear();
      listening = true;
    } catch (error) {
      if (client === next) lost(error as Error);
    }
  };
  void listen();

  return {
    async lookup(sessionId, load) {
      const now = Date.now();
      const kept = listening ? entries.get(sessionId) : undefined;
      if (kept && kept.until > now) {
        // Reaching its absolute limit is a matter of time, not of a change anyone notifies.
        const ended = kept.state.absoluteExpiresAt.getTime() <= now;
        return ended ? { ...kept.state, ended } : kept.state;
      }
      if (kept) entries.delete(sessionId);
      const started = generation;
      const state = await load();
      if (state && listening && started === generation && !state.revoked && !state.ended) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        entries.set(sessionId, { state, until: now + ENTRY_MS });
      }
      return state;
    },
    clear,
    async close() {
      closed = true;
      listening = false;
      clear();
      if (retry) clearTimeout(retry);
      const old = client;
      client = undefined;
      old?.removeAllListeners();
      old?.on('error', () => {});
      await old?.end().catch(() => {});
    },
  };
}

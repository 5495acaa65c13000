import { jwtDecode } from 'jwt-decode';
import { parseTokenClaims, STORAGE_KEYS, type TokenClaims } from '@portal/contract';
import type { Role } from '@portal/reference-data';

/** A signed-in session as kept in the browser: the raw token and what it says. */
export interface StoredSession {
  readonly token: string;
  readonly claims: TokenClaims;
  /** Always the token's role: the stored role entry exists for the spec, not as a source. */
  readonly role: Role;
}

/** Called whenever the stored session may have changed, here or in another tab or app. */
export type SessionListener = () => void;

/** Reads a token's claims without verifying it (only the server can); null when unusable. */
export function decodeToken(token: string | null | undefined): TokenClaims | null {
  if (!token) return null;
  try {
    return parseTokenClaims(jwtDecode(token));
  } catch {
    return null;
  }
}

/** The current time in whole seconds since the epoch, the unit of a token's `exp`. */
export function nowInSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/**
 * The spec's expiry rule: no claims, or an `exp` not after now, is expired. `exp` equal to now
 * already counts, as it does on the server.
 */
export function isTokenExpired(
  claims: TokenClaims | null | undefined,
  nowSeconds: number = nowInSeconds(),
): boolean {
  return !claims || claims.exp <= nowSeconds;
}

// Private browsing modes and locked-down browsers may refuse storage; that is "no session".
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function getItem(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

const listeners = new Set<SessionListener>();
const SESSION_KEYS: ReadonlySet<string> = new Set(Object.values(STORAGE_KEYS));

function emit(): void {
  for (const listener of [...listeners]) listener();
}

function onStorage(event: StorageEvent): void {
  // A null key is `localStorage.clear()` in another document.
  if (event.key === null || SESSION_KEYS.has(event.key)) emit();
}

// The snapshot is cached per raw token so that React's useSyncExternalStore sees a stable value.
let cachedRaw: string | null | undefined;
let cachedSession: StoredSession | null = null;

function read(): StoredSession | null {
  const raw = getItem(STORAGE_KEYS.token);
  if (raw === cachedRaw) {
    // No session, but something is left: the same unusable token written again, or a role
    // entry without a token (written by hand, or by an older release).
    if (!cachedSession && (raw !== null || getItem(STORAGE_KEYS.role) !== null)) {
      removeLeftovers();
    }
    return cachedSession;
  }
  cachedRaw = raw;
  const claims = decodeToken(raw);
  // A token already expired when first seen (a tab reopened the next day) is no session at all;
  // one that expires later stays readable so the expiry check can end it with its notice.
  cachedSession =
    raw && claims && !isTokenExpired(claims) ? { token: raw, claims, role: claims.role } : null;
  if (!cachedSession) removeLeftovers();
  return cachedSession;
}

/**
 * An expired or unreadable token, or a role without a token, is a session that has ended: it
 * is logged out as the spec says (both keys removed), whichever path saw it first (a guard, the
 * provider starting, a call). Nothing is emitted: the snapshot is already "no session", and
 * this runs while React reads it.
 */
function removeLeftovers(): void {
  const store = storage();
  try {
    store?.removeItem(STORAGE_KEYS.token);
    store?.removeItem(STORAGE_KEYS.role);
  } catch {
    // Storage that refuses writes holds nothing to remove.
  }
}

function write(token: string): StoredSession {
  const claims = decodeToken(token);
  if (!claims) throw new Error('Not a session token');
  const store = storage();
  if (!store) throw new Error('Browser storage is not available');
  store.setItem(STORAGE_KEYS.token, token);
  store.setItem(STORAGE_KEYS.role, claims.role);
  emit();
  return { token, claims, role: claims.role };
}

function clear(): void {
  const store = storage();
  if (!store) return;
  const had =
    store.getItem(STORAGE_KEYS.token) !== null || store.getItem(STORAGE_KEYS.role) !== null;
  store.removeItem(STORAGE_KEYS.token);
  store.removeItem(STORAGE_KEYS.role);
  if (had) emit();
}

function subscribe(listener: SessionListener): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/**
 * The session in localStorage (`myApp_authToken`, `myApp_userRole`), shared by every tab and
 * all three apps of the origin. `write` stores a token and the role its claims carry.
 */
export const sessionStore = { read, write, clear, subscribe } as const;

import axios, { isAxiosError, type InternalAxiosRequestConfig } from 'axios';
import { ENDPOINTS, MESSAGES } from '@portal/contract';
import { ApiError, toApiError } from './api-error';
import { API_BASE } from './config';
import { isTokenExpired, nowInSeconds, sessionStore } from './session-store';

/** Why a session ended under the user: its token ran out, or the server refused it. */
export type SessionEndReason = 'expired' | 'unauthorized';

/** Told when a session ends by itself (not by the user's own logout). */
export type SessionEndedHandler = (reason: SessionEndReason) => void;

/** How long any call may take before it counts as a network failure. */
export const REQUEST_TIMEOUT_MS = 30_000;

const sessionEndedHandlers = new Set<SessionEndedHandler>();

/** Registers the handler told when a session ends; returns the unsubscribe function. */
export function onSessionEnded(handler: SessionEndedHandler): () => void {
  sessionEndedHandlers.add(handler);
  return () => {
    sessionEndedHandlers.delete(handler);
  };
}

/** Ends the stored session and tells the handlers why (the spec's "triggers logout"). */
export function endSession(reason: SessionEndReason): void {
  sessionStore.clear();
  for (const handler of [...sessionEndedHandlers]) handler(reason);
}

// Public calls (login, register, health...) carry no token and skip the expiry check.
const PUBLIC_PATHS: ReadonlySet<string> = new Set(
  Object.values(ENDPOINTS)
    .filter((endpoint) => endpoint.access === 'public')
    .map((endpoint) => endpoint.path),
);

function isPublicCall(url: string | undefined): boolean {
  return PUBLIC_PATHS.has((url ?? '').split(/[?#]/)[0] ?? '');
}

function authorize(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  if (isPublicCall(config.url)) return config;
  const session = sessionStore.read();
  if (!session || isTokenExpired(session.claims, nowInSeconds())) {
    endSession('expired');
    throw new ApiError({ kind: 'expired', status: null, detail: MESSAGES.tokenExpired });
  }
  // Read per request, so that a cleared session drops the header at once.
  config.headers.set('Authorization', `Bearer ${session.token}`);
  return config;
}

function fail(error: unknown): never {
  const apiError = toApiError(error);
  if (apiError.status === 401 && isAxiosError(error) && !isPublicCall(error.config?.url)) {
    // Only the session that made the call ends: a newer one (renewed, or another user in
    // another tab) must not be thrown out by a late answer to an old token.
    const sent = error.config?.headers?.get('Authorization');
    const current = sessionStore.read();
    if (current && sent === `Bearer ${current.token}`) endSession('unauthorized');
  }
  throw apiError;
}

/** The one axios instance of the apps: JSON against the API base, bearer token, expiry check. */
export const httpClient = axios.create({
  baseURL: API_BASE,
  timeout: REQUEST_TIMEOUT_MS,
  headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
});

httpClient.interceptors.request.use(authorize);
httpClient.interceptors.response.use(undefined, fail);

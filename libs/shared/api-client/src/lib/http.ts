import axios, {
  isAxiosError,
  type AxiosRequestConfig,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import {
  ENDPOINTS,
  PORTAL_ACCEPT,
  SESSION_ENDED_BY_HOSPITAL,
  SESSION_SIGNED_OUT,
  TOKEN_EXPIRED_MESSAGE,
} from '@portal/contract';
import { currentLocale } from '@portal/i18n';
import { ApiError } from './api-error';
import { fromAxiosError } from './to-api-error';
import { API_BASE } from './config';
import { endSession } from './session-events';
export { watchConnection } from './connection';
import { isTokenExpired, nowInSeconds, sessionStore } from './session-store';

/** How long any call may take before it counts as a network failure. */
export const REQUEST_TIMEOUT_MS = 30_000;

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
  // A call given its own token (a session not stored yet) sends that one as it is.
  if (config.headers.has('Authorization')) return config;
  const session = sessionStore.read();
  if (!session || isTokenExpired(session.claims, nowInSeconds())) {
    endSession('expired');
    throw new ApiError({ kind: 'expired', status: null, detail: TOKEN_EXPIRED_MESSAGE });
  }
  // Read per request, so that a cleared session drops the header at once.
  config.headers.set('Authorization', `Bearer ${session.token}`);
  return config;
}

function fail(error: unknown): never {
  const apiError = fromAxiosError(error);
  if (apiError.status === 401 && isAxiosError(error) && !isPublicCall(error.config?.url)) {
    // Only the session that made the call ends: a newer one (renewed, or another user in
    // another tab) must not be thrown out by a late answer to an old token.
    const sent = error.config?.headers?.get('Authorization');
    const current = sessionStore.read();
    if (current && sent === `Bearer ${current.token}`) {
      const answer: unknown = error.response?.data;
      const ended =
        typeof answer === 'object' && answer !== null
          ? (answer as { session_ended?: unknown }).session_ended
          : undefined;
      endSession(
        ended === SESSION_ENDED_BY_HOSPITAL
          ? 'ended-by-hospital'
          : ended === SESSION_SIGNED_OUT
            ? 'signed-out'
            : 'unauthorized',
      );
    }
  }
  throw apiError;
}

/**
 * The one axios instance of the apps: JSON against the API base, bearer token, expiry check.
 * request.ts loads this module on the first call, so a page that makes none never downloads axios.
 */
export const httpClient = axios.create({
  baseURL: API_BASE,
  timeout: REQUEST_TIMEOUT_MS,
  // Problems by name: login and register answer a bare message to a client that does not ask.
  headers: { Accept: PORTAL_ACCEPT, 'Content-Type': 'application/json' },
});

/** Every call says the language shown now, so that a problem's words come back in it. */
function sayLanguage(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  config.headers.set('Accept-Language', currentLocale());
  return config;
}

httpClient.interceptors.request.use(authorize);
httpClient.interceptors.request.use(sayLanguage);
httpClient.interceptors.response.use(undefined, fail);

/** Makes one call through {@link httpClient}; every failure is an ApiError. */
export async function sendRequest(config: AxiosRequestConfig): Promise<AxiosResponse<unknown>> {
  try {
    return await httpClient.request<unknown>(config);
  } catch (error) {
    throw fromAxiosError(error);
  }
}

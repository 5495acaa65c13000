import {
  type Endpoint,
  ENDPOINTS,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_TTL_HOURS,
  IDEMPOTENT_ENDPOINTS,
} from '@portal/contract';
import { isApiError } from './api-error';

/** The writes that carry a key (the contract's list), by identity of their endpoint. */
const KEYED: ReadonlySet<Endpoint> = new Set(IDEMPOTENT_ENDPOINTS.map((name) => ENDPOINTS[name]));

/** Whether a call of this endpoint names its action with an Idempotency-Key. */
export function takesActionKey(endpoint: Endpoint): boolean {
  return KEYED.has(endpoint);
}

/** A new key: 128 random bits (getRandomValues, which a page served over plain HTTP has too). */
export function newActionKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** How long a key waits for its retry: the server forgets it after this anyway. */
const KEPT_MS = IDEMPOTENCY_KEY_TTL_HOURS * 60 * 60 * 1000;
/** The most unanswered actions remembered at once (the oldest is forgotten first). */
const MAX_KEPT = 200;

/**
 * The keys of the actions whose answer has not come yet, by request (method, path and body):
 * sending the same request again after a failure that gave no answer (no network, a time-out,
 * a 5xx, the server still busy with it) is a retry of the same action and sends the same key,
 * so the server does it at most once. Once the server has answered the action (done, or
 * refused for good), the same request again is a new action with a new key.
 */
const pending = new Map<string, { key: string; at: number }>();

/** The key for a request about to be sent: the unanswered one's, or a new one. */
export function actionKeyFor(request: string, now = Date.now()): string {
  const kept = pending.get(request);
  if (kept && now - kept.at < KEPT_MS) return kept.key;
  const key = newActionKey();
  pending.delete(request);
  pending.set(request, { key, at: now });
  while (pending.size > MAX_KEPT) pending.delete(pending.keys().next().value!);
  return key;
}

/**
 * Whether a failure leaves the action unanswered, so that its retry must carry the same key:
 * nothing came back, the server failed or asked to wait, the session must be renewed first,
 * or the first try is still being handled (409 naming the key).
 */
function unanswered(error: unknown): boolean {
  if (!isApiError(error) || error.status === null) return true;
  if (error.status >= 500 || error.status === 429 || error.status === 401) return true;
  return error.status === 409 && error.fieldErrors.some((e) => e.field === IDEMPOTENCY_KEY_HEADER);
}

/** Settles a request's key: forgotten once the server answered it, kept for its retry else. */
export function settleActionKey(request: string, key: string, error?: unknown): void {
  if (error !== undefined && unanswered(error)) return;
  if (pending.get(request)?.key === key) pending.delete(request);
}

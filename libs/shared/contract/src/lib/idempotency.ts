import { type Endpoint, type EndpointName, ENDPOINTS, QUERY_ENDPOINTS } from './endpoints';

/**
 * The header a client names one action with, so that a retry of it is not done twice
 * (the IETF httpapi Idempotency-Key draft; docs/api.md).
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Set (`true`) on an answer given again to a retry instead of doing the write again. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/**
 * What a write the person tried while the browser was offline answers at once: it was not
 * sent, and nothing sends it later by itself (docs/architecture.md, "Writes on a bad
 * connection").
 */
export const OFFLINE_NOT_SENT_MESSAGE =
  'You are offline: this was not saved, and it will not be sent later by itself. Try again once you are back online.';

/** How long a key is remembered: a retry within this answers the first answer again. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

/** The longest key taken. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/**
 * What a key may be, once a structured-field string's quotes are taken off: 1 to 255 visible
 * ASCII characters, none of them a quote or a backslash (a UUID, a ULID, a random token).
 */
const KEY_PATTERN = /^[\x21\x23-\x5b\x5d-\x7e]{1,255}$/;

/**
 * The key a header value names, or undefined when the value is not a key. The draft sends it as
 * a structured-field string (`"abc"`); a bare token is taken too, as most clients send one.
 */
export function parseIdempotencyKey(value: string): string | undefined {
  const key =
    value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  return KEY_PATTERN.test(key) ? key : undefined;
}

/**
 * The calls whose repeats an Idempotency-Key makes harmless: every signed-in call that writes
 * (the searches are reads sent as POST). The public calls (register, login, its second step)
 * are not among them: their answers carry new tokens, which the server does not keep, and a
 * repeat of them is harmless already (another session, or a refused second registration).
 */
export const IDEMPOTENT_ENDPOINTS: readonly EndpointName[] = (
  Object.keys(ENDPOINTS) as EndpointName[]
).filter((name) => {
  const { method, access }: Endpoint = ENDPOINTS[name];
  return (
    method !== 'GET' &&
    access !== 'public' &&
    access !== 'operator' &&
    !(QUERY_ENDPOINTS as readonly string[]).includes(name)
  );
});

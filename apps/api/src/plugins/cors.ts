import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  ENDPOINTS,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  NEXT_CURSOR_HEADER,
  TOTAL_COUNT_CAPPED_HEADER,
  TOTAL_COUNT_HEADER,
} from '@portal/contract';
import { isApiPath } from './problems';

/** The methods the API's calls use: every method of the contract's endpoint table. */
const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const USED_METHODS: ReadonlySet<string> = new Set(Object.values(ENDPOINTS).map((e) => e.method));
const CORS_METHODS = METHOD_ORDER.filter((method) => USED_METHODS.has(method)).join(', ');
/** The request headers a page may send: the token, the JSON body's type, the action's key. */
const REQUEST_HEADERS = `Authorization, Content-Type, ${IDEMPOTENCY_KEY_HEADER}`;
/** The answer headers a page on another origin may read: paging, back-off, the request's id. */
const EXPOSED_HEADERS = [
  TOTAL_COUNT_HEADER,
  TOTAL_COUNT_CAPPED_HEADER,
  NEXT_CURSOR_HEADER,
  'link',
  'retry-after',
  'x-request-id',
  IDEMPOTENT_REPLAYED_HEADER,
].join(', ');
/** How long a browser may keep a preflight's answer (seconds). */
const PREFLIGHT_MAX_AGE = '600';

/** Adds `Origin` to the answer's Vary header without dropping what is there. */
function varyOnOrigin(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  const values = vary ? String(vary).split(/\s*,\s*/) : [];
  if (!values.some((v) => v.toLowerCase() === 'origin')) {
    void reply.header('vary', [...values, 'Origin'].join(', '));
  }
}

/**
 * CORS for the API, for an operator who serves the apps from another origin (a CDN): pages of
 * the listed origins may call `/api`, preflights from them are answered with 204, and every
 * other origin gets no CORS header at all (the browser then keeps the answer from the page).
 * No credentials are allowed: the API's calls read a bearer token, and the login calls' device
 * cookie (security/device-cookies.ts) serves the portal's own origin only. With no origins
 * listed (the default) the plugin adds nothing, and the portal stays one origin.
 */
export const corsPlugin = fp(
  async (app: FastifyInstance, options: { origins: readonly string[] }) => {
    if (!options.origins.length) return;
    const allowed = new Set(options.origins);

    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!isApiPath(request.url.split('?')[0] ?? '')) return;
      // Whether an answer carries CORS headers depends on the Origin: caches must know it.
      varyOnOrigin(reply);
      const origin = request.headers.origin;
      if (!origin || !allowed.has(origin)) return;
      void reply.header('access-control-allow-origin', origin);
      const preflight =
        request.method === 'OPTIONS' &&
        request.headers['access-control-request-method'] !== undefined;
      if (!preflight) {
        void reply.header('access-control-expose-headers', EXPOSED_HEADERS);
        return;
      }
      return reply
        .header('access-control-allow-methods', CORS_METHODS)
        .header('access-control-allow-headers', REQUEST_HEADERS)
        .header('access-control-max-age', PREFLIGHT_MAX_AGE)
        .code(204)
        .send();
    });
  },
);

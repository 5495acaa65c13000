import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ENDPOINTS } from '@portal/contract';
import { forbidden } from '../errors';
import type { Metrics } from '../metrics';
import { audit } from '../repositories/audit';
import { fromEndpoint, type RouteDeps } from './route-kit';

/** The refusal's words: for an operator setting up a scraper, naming what would be let in. */
export const METRICS_REFUSED =
  'Metrics are answered to callers on this machine, or with the metrics token (METRICS_TOKEN)';

/**
 * The names of headers proxies, load balancers and CDNs add when they relay a request (the
 * standard Forwarded and Via, the X-Forwarded-* family, the many "client IP" headers, a CDN's
 * own): a request carrying any of them did not start on this machine. Broad on purpose: a
 * scraper on this machine sends none of them, and a relayed request let in would open the
 * metrics to whoever reaches the proxy.
 */
const RELAY_HEADER =
  /^(forwarded|via|cdn-loop|x-forwarded-.+|x-original-.+|x-envoy-.+|x-amzn-.+|x-azure-.+|x-appengine-.+|cf-.+|fastly-.+|akamai-.+)$|forwarded|real-?ip|client-?ip|connecting-?ip|-ip$|-addr(ess)?$/;

/** Whether an address is this machine's: 127.0.0.0/8 or ::1 (IPv4-mapped too). */
export function isLoopbackAddress(address: string): boolean {
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || address === '::1';
}

/**
 * Whether the request came straight from this machine: its TCP peer is a loopback address and
 * no proxy relayed it. The peer, not `request.ip`: with TRUST_PROXY the latter is taken from
 * X-Forwarded-For, which the remote client can write (`X-Forwarded-For: 127.0.0.1`). A proxy on
 * this machine connects from loopback too, so a request with any relay header is refused.
 */
export function isDirectLoopbackCaller(request: FastifyRequest): boolean {
  if (Object.keys(request.headers).some((name) => RELAY_HEADER.test(name))) return false;
  return isLoopbackAddress(request.socket.remoteAddress ?? '');
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares two secrets in constant time (of their digests, so lengths do not show either). */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Who may read the metrics: a caller that sends an Authorization header must send
 * `Bearer <METRICS_TOKEN>` (a session token is not it), wherever it is; a caller that sends
 * none must be on this machine.
 */
export function mayReadMetrics(request: FastifyRequest, metricsToken: string | undefined): boolean {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const given = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    return given !== undefined && metricsToken !== undefined && sameSecret(given, metricsToken);
  }
  return isDirectLoopbackCaller(request);
}

/** GET /api/metrics: the Prometheus text of this instance, for operators only. */
export const metricsRoutes: FastifyPluginAsyncZod<RouteDeps & { metrics: Metrics }> = async (
  app,
  { db, config, metrics },
) => {
  app.route({
    ...fromEndpoint(ENDPOINTS.metrics, {
      description:
        'Prometheus text format (docs/operations.md, "Metrics"). Answered to callers on the server\'s machine without a token, or to anyone with `Authorization: Bearer <METRICS_TOKEN>`; others get 403.',
      produces: ['text/plain'],
      response: { 200: z.string() },
    }),
    onRequest: async (request) => {
      if (mayReadMetrics(request, config.metricsToken)) return;
      await audit(db, request.context(), { action: 'access.denied', outcome: 'denied' });
      throw forbidden(METRICS_REFUSED);
    },
    handler: async (_request, reply) => {
      void reply.type(metrics.registry.contentType);
      return metrics.text();
    },
  });
};

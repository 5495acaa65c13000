import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The response headers helmet sets for `options`, worked out once. `@fastify/helmet` built
 * helmet's middleware again on every request (parsing the whole CSP each time), a measurable
 * share of a small request's CPU (docs/performance.md); the headers never change, so they are computed at
 * start-up and copied onto each response.
 */
export function helmetHeaders(options: HelmetOptions): ReadonlyArray<[string, string]> {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  } as unknown as ServerResponse;
  let finished = false;
  helmet(options)({} as IncomingMessage, response, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error('helmet refused its options');
    finished = true;
  });
  if (!finished) throw new Error('helmet did not set its headers at once');
  return [...headers];
}

/** Sets the security headers on every response, from the start of the request on. */
export function addSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

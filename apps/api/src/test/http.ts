import http from 'node:http';
import { DEFAULT_API_BASE, PORTAL_ACCEPT } from '@portal/contract';

/** An answer read over real HTTP. */
export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One API call over real HTTP (no keep-alive) from a chosen loopback source address, so that
 * the server sees `127.0.0.x` callers as different clients, as it would see different machines.
 */
export function httpCall(
  base: URL,
  method: string,
  path: string,
  options: {
    body?: unknown;
    token?: string;
    localAddress?: string;
    timeoutMs?: number;
    headers?: Record<string, string>;
  } = {},
): Promise<HttpAnswer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: base.hostname,
        port: base.port,
        method,
        path: `${DEFAULT_API_BASE}${path}`,
        localAddress: options.localAddress ?? '127.0.0.1',
        agent: false,
        timeout: options.timeoutMs ?? 30_000,
        headers: {
          // As the portal's own client asks (a test of a spec client sends its own Accept).
          accept: PORTAL_ACCEPT,
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error('request timed out')));
    request.on('error', reject);
    request.end(payload);
  });
}

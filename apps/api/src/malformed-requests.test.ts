/**
 * A malformed request, at whatever layer it is refused (Node's HTTP parser, the URL screen,
 * Fastify's body parsing), is answered as application/problem+json and writes exactly one warn
 * line: no stack, no error-level line, nothing of the request. Sent as bytes on a real socket
 * to the server listening on 127.0.0.1, since no HTTP client sends most of them.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBLEM_CONTENT_TYPE, problemSchema } from '@portal/contract';
import { buildApp } from './app';
import type { Database } from './db/database';
import { ERROR, logCapture, rawRequest, sendPipelined, sendRaw, WARN } from '../fuzz/raw-http';
import { MALFORMED_REQUEST_LOG } from './plugins/problems';
import { BACKENDS, createTestDatabase, TEST_JWT_SECRET, testConfig } from './test/harness';

const MARKER = 'marker-5e1f';
// Problems asked for by name: login answers a bare message to a client that does not ask.
const json = ['Host: portal', `Accept: ${PROBLEM_CONTENT_TYPE}`, 'Content-Type: application/json'];
const loginBody = JSON.stringify({ username: MARKER, password: MARKER });

/** Each malformed request, with the status it must get. */
const CASES: { name: string; status: number; request: Buffer }[] = [
  {
    name: 'a chunk size that is not hex (zz)',
    status: 400,
    request: rawRequest(
      'POST',
      '/api/login',
      [...json, 'Transfer-Encoding: chunked'],
      `zz\r\n${loginBody}\r\n0\r\n\r\n`,
    ),
  },
  {
    name: 'a chunk extension longer than the parser takes',
    status: 400,
    request: rawRequest(
      'POST',
      '/api/login',
      [...json, 'Transfer-Encoding: chunked'],
      `2;${'x'.repeat(20_000)}\r\n{}\r\n0\r\n\r\n`,
    ),
  },
  {
    name: 'two Content-Length headers that disagree',
    status: 400,
    request: rawRequest(
      'POST',
      '/api/login',
      [...json, `Content-Length: ${loginBody.length}`, 'Content-Length: 2'],
      loginBody,
    ),
  },
  {
    name: 'Content-Length and Transfer-Encoding: chunked together',
    status: 400,
    request: rawRequest(
      'POST',
      '/api/login',
      [...json, 'Content-Length: 5', 'Transfer-Encoding: chunked'],
      `2\r\n{}\r\n0\r\n\r\n`,
    ),
  },
  {
    name: 'a Content-Length that is not a number',
    status: 400,
    request: rawRequest('POST', '/api/login', [...json, 'Content-Length: 1x'], '{}'),
  },
  {
    name: 'a body shorter than its Content-Length (the client gives up)',
    status: 400,
    request: rawRequest(
      'POST',
      '/api/login',
      [...json, `Content-Length: ${loginBody.length + 50}`],
      loginBody,
    ),
  },
  {
    name: 'an invalid UTF-8 byte in the path',
    status: 400,
    request: rawRequest('GET', Buffer.from(`/api/patient/${MARKER}\xff`, 'latin1'), ['Host: p']),
  },
  {
    name: 'a malformed percent-encoding in the path',
    status: 400,
    request: rawRequest('GET', `/api/patient/${MARKER}%ff`, ['Host: portal']),
  },
  {
    name: 'an HTTP/1.1 request without Host',
    status: 400,
    request: rawRequest('GET', `/api/patient/${MARKER}`, []),
  },
  {
    name: 'a control byte in a header value',
    status: 400,
    request: rawRequest('GET', '/api/health', ['Host: portal', `X-Note: ${MARKER}\x01`]),
  },
  {
    name: 'invalid UTF-8 in a header name',
    status: 400,
    request: rawRequest('GET', '/api/health', [
      'Host: portal',
      Buffer.from(`X-N\xffote: ${MARKER}`, 'latin1'),
    ]),
  },
  {
    name: 'headers larger than the server takes',
    status: 431,
    request: rawRequest('GET', '/api/health', ['Host: portal', `X-Big: ${'a'.repeat(70_000)}`]),
  },
  {
    name: 'a body of another content type',
    status: 415,
    request: rawRequest(
      'POST',
      '/api/login',
      [
        'Host: portal',
        `Accept: ${PROBLEM_CONTENT_TYPE}`,
        'Content-Type: text/plain',
        `Content-Length: ${loginBody.length}`,
      ],
      loginBody,
    ),
  },
  {
    name: 'a body larger than 1 MB',
    status: 413,
    request: rawRequest(
      'POST',
      '/api/login',
      [...json, `Content-Length: ${1024 * 1024 + 10}`],
      `{"a":"${MARKER}${'a'.repeat(1024 * 1024)}"}`,
    ),
  },
  {
    name: 'a body that is not JSON',
    status: 400,
    request: rawRequest(
      'POST',
      '/api/login',
      [...json, `Content-Length: ${MARKER.length + 2}`],
      `{${MARKER}}`,
    ),
  },
];

describe.each(BACKENDS)('malformed requests on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let port: number;
  const log = logCapture();

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    app = await buildApp({
      config: testConfig(),
      db: database.db,
      jwtSecret: TEST_JWT_SECRET,
      logger: { level: 'info', stream: log.stream },
      sleep: async () => {},
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it.each(CASES)('$name: $status as a problem, one warn line', async ({ status, request }) => {
    const from = log.lines.length;
    const answer = await sendRaw(port, request);
    // Whatever the request still does after its answer (its body failing to arrive) is logged
    // by then.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(answer.status).toBe(status);
    expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = problemSchema.parse(JSON.parse(answer.body));
    expect(problem.status).toBe(status);
    expect(answer.body).not.toContain(MARKER);

    const lines = log.parsed(from);
    expect(lines.filter((line) => line.level >= WARN)).toEqual([
      expect.objectContaining({ level: WARN, msg: MALFORMED_REQUEST_LOG, status }),
    ]);
    expect(lines.filter((line) => line.level >= ERROR)).toEqual([]);
    const text = log.lines.slice(from).join('\n');
    expect(text).not.toContain('stack');
    expect(text).not.toContain(MARKER);
  });

  it('a malformed request behind a well-formed one on the same connection: whole answers, one warn line', async () => {
    const from = log.lines.length;
    const { answers, rest } = await sendPipelined(
      port,
      Buffer.concat([rawRequest('GET', '/api/health', ['Host: portal']), CASES[0]!.request]),
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    // Whole answers only, never one cut into another: the health check's, if it was written
    // before the parser met the bad chunk, and the refusal (as Node's own handler, the refusal
    // is written unless an answer is already under way, then the connection closes).
    expect(rest).toBe('');
    expect(answers.length).toBeGreaterThan(0);
    for (const answer of answers) {
      if (answer.status === 200) continue;
      expect(answer.status).toBe(400);
      expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
      problemSchema.parse(JSON.parse(answer.body));
    }
    const lines = log.parsed(from);
    expect(lines.filter((line) => line.level >= WARN)).toHaveLength(1);
    expect(lines.filter((line) => line.level >= ERROR)).toEqual([]);
  });

  it('still answers a well-formed request on the same server', async () => {
    const answer = await sendRaw(
      port,
      rawRequest('GET', '/api/health', ['Host: portal', 'Connection: close']),
    );
    expect(answer.status).toBe(200);
  });
});

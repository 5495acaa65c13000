/**
 * Raw-HTTP fuzz: generated malformed requests as bytes on TCP sockets to the real server
 * listening on 127.0.0.1 — bad chunk sizes and extensions, duplicate and conflicting
 * Content-Length, Content-Length with Transfer-Encoding, control bytes and invalid UTF-8 in the
 * path and headers, truncated bodies, oversized headers. Whatever layer refuses a request,
 * nothing answers 5xx, every refusal the server writes is application/problem+json, and the log
 * holds no error-level line, no stack and nothing of the requests.
 *
 * Seeded (FUZZ_SEED replays a run); RAW_FUZZ_RUNS requests (300 by default, FUZZ_RUNS under
 * `npm run fuzz`), sent a few at a time.
 */
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBLEM_CONTENT_TYPE, problemSchema } from '@portal/contract';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/database';
import { createTestDatabase, TEST_JWT_SECRET, testConfig } from '../src/test/harness';
import { FUZZ_SEED } from './fuzz-kit';
import { ERROR, logCapture, type RawAnswer, rawRequest, sendRaw } from './raw-http';

const RAW_FUZZ_RUNS = Math.max(
  1,
  Number(process.env['RAW_FUZZ_RUNS'] ?? process.env['FUZZ_RUNS'] ?? 300),
);
/** Requests in flight at once. */
const PARALLEL = 8;
/** What the requests carry, so that the log can be searched for any of it. */
const MARKER = 'marker-9c2d';

const bytes = (text: string) => Buffer.from(text, 'latin1');

/** Bytes no path or header may hold: controls, DEL, lone UTF-8 continuation and lead bytes. */
const badByte = fc.oneof(
  fc.integer({ min: 0x00, max: 0x1f }),
  fc.constant(0x7f),
  fc.integer({ min: 0x80, max: 0xff }),
);
const badBytes = fc.array(badByte, { minLength: 1, maxLength: 4 }).map((b) => Buffer.from(b));

const paths = fc.constantFrom(
  '/api/login',
  '/api/register',
  '/api/health',
  '/api/patient',
  '/api/patient/P001',
  '/api/patient/search-patient',
  '/api/employee/search-employee',
  '/api/profile/appointments',
  '/api/nowhere',
  '/',
);

/** A path, as sent or broken: bad bytes, broken percent-encodings, an over-long part. */
const target = fc
  .tuple(
    paths,
    fc.oneof(
      { arbitrary: fc.constant(Buffer.alloc(0)), weight: 6 },
      badBytes,
      fc.constantFrom('%ff', '%e0%a4%a', '%', '%00', `/${MARKER}%c3%28`).map(bytes),
      fc.constant(bytes(`/${'x'.repeat(120)}${MARKER}`)),
      fc.constant(bytes(`?cursor=${MARKER}&limit=%ff`)),
    ),
  )
  .map(([path, tail]) => Buffer.concat([bytes(path), tail]));

/** A header that is not one: bad bytes in name or value, no colon, a fold, a space before it. */
const brokenHeader = fc.oneof(
  badBytes.map((b) => Buffer.concat([bytes('X-Note: '), b, bytes(MARKER)])),
  badBytes.map((b) => Buffer.concat([bytes('X-N'), b, bytes(`ote: ${MARKER}`)])),
  fc
    .constantFrom(
      `X-Note ${MARKER}`,
      `X-Note : ${MARKER}`,
      `X-Note: a\r\n  folded ${MARKER}`,
      `: ${MARKER}`,
      `X-Note: ${'a'.repeat(9_000)}`,
      `X-Note: ${'a'.repeat(17_000)}`,
      `X-Note: ${'a'.repeat(70_000)}`,
    )
    .map(bytes),
);

const contentType = fc.constantFrom(
  'Content-Type: application/json',
  'Content-Type: application/json; charset=utf-8',
  'Content-Type: text/plain',
  'Content-Type: application/json; charset=latin1',
  'Content-Type: \x7fjson',
);

/** A body: JSON, JSON with invalid UTF-8 in it, not JSON, or nothing. */
const body = fc.oneof(
  fc.constant(bytes(JSON.stringify({ username: MARKER, password: MARKER }))),
  badBytes.map((b) => Buffer.concat([bytes(`{"username":"${MARKER}`), b, bytes('"}')])),
  fc.constant(bytes(`{${MARKER}`)),
  fc.constant(Buffer.alloc(0)),
);

/** The body's chunked encoding: well-formed, or with one of the ways to break it. */
function chunked(data: Buffer, flaw: string, extension: string): Buffer {
  const size = data.length.toString(16);
  switch (flaw) {
    case 'size-not-hex':
      return Buffer.concat([bytes(`zz\r\n`), data, bytes('\r\n0\r\n\r\n')]);
    case 'size-negative':
      return Buffer.concat([bytes(`-${size}\r\n`), data, bytes('\r\n0\r\n\r\n')]);
    case 'size-huge':
      return Buffer.concat([bytes(`fffffffffffffffffff\r\n`), data, bytes('\r\n0\r\n\r\n')]);
    case 'size-empty':
      return Buffer.concat([bytes(`\r\n`), data, bytes('\r\n0\r\n\r\n')]);
    case 'size-too-small':
      return Buffer.concat([bytes(`1\r\n`), data, bytes('\r\n0\r\n\r\n')]);
    case 'no-crlf-after-data':
      return Buffer.concat([bytes(`${size}\r\n`), data, bytes('0\r\n\r\n')]);
    case 'no-last-chunk':
      return Buffer.concat([bytes(`${size}\r\n`), data, bytes('\r\n')]);
    case 'bare-lf':
      return Buffer.concat([bytes(`${size}\n`), data, bytes('\n0\n\n')]);
    default:
      return Buffer.concat([bytes(`${size}${extension}\r\n`), data, bytes('\r\n0\r\n\r\n')]);
  }
}

/** How the body is framed: by length (right, wrong, twice, not a number) or by chunks. */
const framing = fc.oneof(
  fc.record({ kind: fc.constant('none' as const) }),
  {
    arbitrary: fc.record({
      kind: fc.constant('length' as const),
      delta: fc.oneof({ arbitrary: fc.constant(0), weight: 4 }, fc.integer({ min: -5, max: 60 })),
    }),
    weight: 3,
  },
  fc.record({
    kind: fc.constant('lengths' as const),
    second: fc.constantFrom('same', 'other', '0'),
  }),
  fc.record({
    kind: fc.constant('length-text' as const),
    text: fc.constantFrom('1x', '-1', '', '0x10', '99999999999999999999', '1 2', '+5'),
  }),
  fc.record({
    kind: fc.constant('chunked' as const),
    flaw: fc.constantFrom(
      'none',
      'size-not-hex',
      'size-negative',
      'size-huge',
      'size-empty',
      'size-too-small',
      'no-crlf-after-data',
      'no-last-chunk',
      'bare-lf',
    ),
    extension: fc.constantFrom('', ';a=b', `;${MARKER}="x"`, `;${'e'.repeat(20_000)}`),
    encoding: fc.constantFrom(
      'chunked',
      'chunked, chunked',
      'gzip, chunked',
      'chunked, gzip',
      'Chunked',
      'chunked\x01',
    ),
    alsoLength: fc.boolean(),
  }),
);

/** One generated request's bytes. */
const request = fc
  .record({
    method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'POST', 'POST'),
    target,
    host: fc.oneof({ arbitrary: fc.constant(true), weight: 8 }, fc.constant(false)),
    contentType,
    broken: fc.option(brokenHeader, { freq: 3 }),
    body,
    framing,
    close: fc.boolean(),
  })
  .map((r) => {
    const headers: Buffer[] = [];
    if (r.host) headers.push(bytes('Host: portal'));
    // Problems asked for by name (login and register answer others a bare message).
    headers.push(bytes(`Accept: ${PROBLEM_CONTENT_TYPE}`));
    headers.push(bytes(r.contentType));
    if (r.broken) headers.push(r.broken);
    if (r.close) headers.push(bytes('Connection: close'));
    let payload: Buffer = r.body;
    const f = r.framing;
    if (f.kind === 'length') headers.push(bytes(`Content-Length: ${r.body.length + f.delta}`));
    if (f.kind === 'lengths') {
      headers.push(bytes(`Content-Length: ${r.body.length}`));
      const second =
        f.second === 'same' ? r.body.length : f.second === 'other' ? r.body.length + 3 : 0;
      headers.push(bytes(`Content-Length: ${second}`));
    }
    if (f.kind === 'length-text') headers.push(bytes(`Content-Length: ${f.text}`));
    if (f.kind === 'chunked') {
      headers.push(bytes(`Transfer-Encoding: ${f.encoding}`));
      if (f.alsoLength) headers.push(bytes(`Content-Length: ${r.body.length}`));
      payload = chunked(r.body, f.flaw, f.extension);
    }
    return rawRequest(r.method, r.target, headers, payload);
  });

/** What is wrong with an answer, if anything. */
function answerViolation(answer: RawAnswer): string | undefined {
  if (answer.status === undefined) return undefined;
  if (answer.status >= 500) return `answered ${answer.status}`;
  if (answer.status < 400) return undefined;
  if (!/^application\/problem\+json/.test(answer.headers['content-type'] ?? ''))
    return `a ${answer.status} as ${answer.headers['content-type'] ?? 'no content type'}`;
  try {
    problemSchema.parse(JSON.parse(answer.body));
  } catch {
    return `a ${answer.status} whose body is not a problem`;
  }
  return undefined;
}

/** A request's bytes as a reader can see them in a failure message. */
const shown = (request: Buffer) =>
  JSON.stringify(request.subarray(0, 300).toString('latin1')) +
  (request.length > 300 ? ` (+${request.length - 300} bytes)` : '');

describe(`raw-HTTP fuzz (${RAW_FUZZ_RUNS} requests, seed ${FUZZ_SEED})`, () => {
  let database: Database;
  let app: FastifyInstance;
  let port: number;
  const log = logCapture();

  beforeAll(async () => {
    console.log(`raw-HTTP fuzz: RAW_FUZZ_RUNS=${RAW_FUZZ_RUNS} FUZZ_SEED=${FUZZ_SEED}`);
    database = await createTestDatabase('pglite');
    app = await buildApp({
      config: testConfig(),
      db: database.db,
      jwtSecret: TEST_JWT_SECRET,
      // The most a server can log: nothing of the requests may show even at trace level.
      logger: { level: 'trace', stream: log.stream },
      sleep: async () => {},
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it(
    'no 5xx, every refusal is a problem, no error-level line, no stack, nothing of a request logged',
    async () => {
      const requests = fc.sample(request, { seed: FUZZ_SEED, numRuns: RAW_FUZZ_RUNS });
      const violations = new Map<string, string>();
      const byStatus = new Map<string, number>();
      for (let i = 0; i < requests.length; i += PARALLEL) {
        const batch = requests.slice(i, i + PARALLEL);
        const answers = await Promise.all(batch.map((bytes) => sendRaw(port, bytes)));
        answers.forEach((answer, j) => {
          const key = String(answer.status ?? 'none');
          byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
          const violation = answerViolation(answer);
          // Each kind of violation once, with the first request that showed it.
          if (violation && !violations.has(violation))
            violations.set(violation, `request ${i + j}: ${shown(batch[j]!)}`);
        });
      }
      // The requests still running after their answers (a body that never came) are logged.
      await new Promise((resolve) => setTimeout(resolve, 300));
      console.log(
        `raw-HTTP fuzz answers by status: ${JSON.stringify(Object.fromEntries(byStatus))}`,
      );

      expect(Object.fromEntries(violations), 'answers').toEqual({});
      const lines = log.parsed();
      expect(
        lines.filter((line) => line.level >= ERROR).map((line) => line.msg),
        'error-level lines',
      ).toEqual([]);
      expect(
        log.lines.filter((line) => line.includes('stack')),
        'lines with a stack',
      ).toEqual([]);
      expect(
        log.lines.filter((line) => line.includes(MARKER)).map((line) => line.slice(0, 300)),
        'lines with request content',
      ).toEqual([]);
      // The requests reached every layer: the parser's refusals, the body parser's and the routes'.
      expect(byStatus.get('400') ?? 0, 'answered 400').toBeGreaterThan(0);
      expect(
        [...byStatus.keys()].filter((s) => s !== '400' && s !== 'none').length,
        'other statuses',
      ).toBeGreaterThan(1);
    },
    60_000 + RAW_FUZZ_RUNS * 200,
  );
});

/**
 * Requests as bytes on a TCP socket, for what no HTTP client sends: bad chunking, duplicate or
 * conflicting lengths, control bytes and invalid UTF-8 in the path and headers, truncated
 * bodies. Used by the malformed-request tests and the raw-HTTP fuzz suite.
 */
import net from 'node:net';
import { Writable } from 'node:stream';

/** The first answer on a connection, as far as it arrived. */
export interface RawAnswer {
  /** The status, or undefined when the server wrote nothing (or nothing that parses). */
  readonly status: number | undefined;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** How long a request may take before the client closes its side (a truncated body waits). */
const SETTLE_MS = 150;
/** How long after that the connection may stay open before it is dropped. */
const CLOSE_MS = 1500;

/** Parses the head and (by Content-Length) the body of the first answer in `bytes`. */
export function parseAnswer(bytes: Buffer): RawAnswer | 'incomplete' {
  const text = bytes.toString('latin1');
  const headEnd = text.indexOf('\r\n\r\n');
  if (headEnd === -1) return 'incomplete';
  const [statusLine = '', ...lines] = text.slice(0, headEnd).split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1];
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = bytes.subarray(Buffer.byteLength(text.slice(0, headEnd + 4), 'latin1'));
  const length = headers['content-length'];
  if (length !== undefined && rest.length < Number(length)) return 'incomplete';
  return {
    status: status ? Number(status) : undefined,
    headers,
    body: rest.subarray(0, length === undefined ? rest.length : Number(length)).toString('utf8'),
  };
}

/**
 * Sends `request` on a new connection to 127.0.0.1:`port` and resolves with the first answer
 * once it is complete. A request the server is still waiting on (a body shorter than its
 * length) gets the client's end of the connection after SETTLE_MS, as a client that gave up
 * would; whatever has arrived when the server closes (or CLOSE_MS later) is the answer.
 */
export function sendRaw(port: number, request: Buffer | string): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1');
    let done = false;
    const timers: NodeJS.Timeout[] = [];
    const finish = () => {
      if (done) return;
      done = true;
      timers.forEach(clearTimeout);
      socket.destroy();
      const answer = parseAnswer(Buffer.concat(chunks));
      resolve(answer === 'incomplete' ? { status: undefined, headers: {}, body: '' } : answer);
    };
    socket.on('connect', () => {
      socket.write(request);
      timers.push(setTimeout(() => socket.end(), SETTLE_MS));
      timers.push(setTimeout(finish, SETTLE_MS + CLOSE_MS));
    });
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (parseAnswer(Buffer.concat(chunks)) !== 'incomplete') finish();
    });
    socket.on('error', finish);
    socket.on('close', finish);
  });
}

/**
 * Every answer on one connection: sends `requests` in one write (pipelined), reads until the
 * server closes (or CLOSE_MS), and parses the answers one after the other; `rest` is what did
 * not parse as a whole answer (empty when the stream is clean).
 */
export function sendPipelined(
  port: number,
  requests: Buffer,
): Promise<{ answers: RawAnswer[]; rest: string }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1', () => socket.write(requests));
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      let bytes = Buffer.concat(chunks);
      const answers: RawAnswer[] = [];
      for (;;) {
        const answer = parseAnswer(bytes);
        if (answer === 'incomplete') break;
        answers.push(answer);
        const text = bytes.toString('latin1');
        const head = text.indexOf('\r\n\r\n') + 4;
        const length = Number(answer.headers['content-length'] ?? bytes.length - head);
        bytes = bytes.subarray(head + length);
      }
      resolve({ answers, rest: bytes.toString('latin1') });
    };
    const timer = setTimeout(finish, CLOSE_MS);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', finish);
    socket.on('close', finish);
  });
}

/** A request's bytes: request line, headers (each `Name: value`, sent as given), body. */
export function rawRequest(
  method: string,
  target: Buffer | string,
  headers: readonly (Buffer | string)[],
  body: Buffer | string = '',
): Buffer {
  const bytes = (part: Buffer | string) =>
    typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
  return Buffer.concat([
    Buffer.from(`${method} `, 'latin1'),
    bytes(target),
    Buffer.from(' HTTP/1.1\r\n', 'latin1'),
    ...headers.flatMap((header) => [bytes(header), Buffer.from('\r\n')]),
    Buffer.from('\r\n'),
    bytes(body),
  ]);
}

/** One pino line, parsed. */
export interface LogLine {
  readonly level: number;
  readonly msg?: string;
  readonly [key: string]: unknown;
}

/** The lines a logger writes, kept as text and parsed (pino writes one JSON object a line). */
export function logCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const parsed = (from = 0) => lines.slice(from).map((line) => JSON.parse(line) as LogLine);
  return { lines, stream, parsed };
}

/** Pino's levels. */
export const WARN = 40;
export const ERROR = 50;

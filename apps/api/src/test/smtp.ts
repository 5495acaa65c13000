import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on this machine for the tests: what it received, parsed. */
export interface TestSmtp {
  readonly url: string;
  readonly mails: ParsedMail[];
  /** The next mail to `to` (waits for it, up to `timeoutMs`). */
  next(to: string, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

/** Starts an SMTP server on a free loopback port (no TLS, no authentication). */
export async function startTestSmtp(): Promise<TestSmtp> {
  const mails: ParsedMail[] = [];
  const waiting: (() => void)[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          for (const wake of waiting.splice(0)) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const taken = new Set<ParsedMail>();
  const addressed = (mail: ParsedMail, to: string) =>
    [mail.to ?? []].flat().some((a) => a.value.some((v) => v.address === to));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async next(to, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.find((m) => !taken.has(m) && addressed(m, to));
        if (found) {
          taken.add(found);
          return found;
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

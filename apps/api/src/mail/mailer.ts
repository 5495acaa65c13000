import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

/** One mail: who gets it, its words and its attachments (an appointment's .ics). */
export interface MailMessage {
  /** What it is, for the logs and metrics (never who or what it says). */
  readonly kind: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly attachments?: readonly MailAttachment[];
}

export interface MailAttachment {
  readonly filename: string;
  readonly contentType: string;
  readonly content: string;
}

/** A mail as the outbox keeps it (one JSON file each), and as `admin outbox` reads it. */
export interface OutboxMail {
  readonly created_at: string;
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly attachments: readonly MailAttachment[];
}

/** What the queue tells the log: the kind and the attempt, never an address or a word of it. */
export type MailLog = (
  level: 'warn' | 'error',
  message: string,
  fields: { kind: string; attempt: number },
) => void;

export interface MailerOptions {
  /** The SMTP server (`smtp://` or `smtps://`, credentials in the URL); none: the outbox. */
  readonly smtpUrl: string | undefined;
  readonly from: string;
  /** Where mails are kept without SMTP_URL (DATA_DIR/outbox). */
  readonly outboxDir: string;
  readonly log: MailLog;
  /** Tries per mail before it is given up (and logged); default 4. */
  readonly attempts?: number;
  /** The wait before the second try, doubled for each later one; default 2 s. */
  readonly retryDelayMs?: number;
  /** Mails waiting at most; past it a new one is refused (and logged); default 1000. */
  readonly maxQueued?: number;
}

interface Transport {
  deliver(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * Sends mail in the background: `send` puts a mail in a bounded in-memory queue and returns at
 * once, so a request never waits for (or fails with) the mail server. Each mail is tried a few
 * times with a growing wait; one that still fails is dropped with a log line naming its kind
 * only. Without SMTP_URL each mail is written to the outbox folder instead (mode 0600), which
 * `npm run admin -- outbox` reads.
 */
export class Mailer {
  private readonly transport: Transport;
  private readonly queue: MailMessage[] = [];
  private readonly attempts: number;
  private readonly retryDelayMs: number;
  private readonly maxQueued: number;
  private running: Promise<void> | undefined;
  private closed = false;

  constructor(private readonly options: MailerOptions) {
    this.transport = options.smtpUrl
      ? smtpTransport(options.smtpUrl, options.from)
      : outboxTransport(options.outboxDir, options.from);
    this.attempts = options.attempts ?? 4;
    this.retryDelayMs = options.retryDelayMs ?? 2000;
    this.maxQueued = options.maxQueued ?? 1000;
  }

  /** Whether mails go to an SMTP server (else to the outbox). */
  get usesSmtp(): boolean {
    return this.options.smtpUrl !== undefined;
  }

  /** Queues a mail; never throws and never waits. */
  send(message: MailMessage): void {
    if (this.closed) return;
    if (this.queue.length >= this.maxQueued) {
      this.options.log('error', 'mail queue full: mail dropped', {
        kind: message.kind,
        attempt: 0,
      });
      return;
    }
    this.queue.push(message);
    this.running ??= this.drain().finally(() => {
      this.running = undefined;
    });
  }

  /** Resolves once every queued mail is delivered or given up (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Delivers what is queued, then closes the SMTP connection. */
  async close(): Promise<void> {
    await this.idle();
    this.closed = true;
    this.transport.close();
  }

  private async drain(): Promise<void> {
    for (let message = this.queue.shift(); message; message = this.queue.shift()) {
      await this.deliver(message);
    }
  }

  private async deliver(message: MailMessage): Promise<void> {
    for (let attempt = 1; attempt <= this.attempts; attempt++) {
      try {
        await this.transport.deliver(message);
        return;
      } catch {
        // The error itself is not logged: an SMTP answer can quote the address.
        const last = attempt === this.attempts;
        this.options.log(
          last ? 'error' : 'warn',
          last ? 'mail not delivered: given up' : 'mail not delivered: will retry',
          { kind: message.kind, attempt },
        );
        if (!last) await sleep(this.retryDelayMs * 2 ** (attempt - 1));
      }
    }
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

function smtpTransport(url: string, from: string): Transport {
  const transport = nodemailer.createTransport(url);
  return {
    async deliver(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        attachments: (message.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
        })),
      });
    },
    close: () => transport.close(),
  };
}

function outboxTransport(dir: string, from: string): Transport {
  return {
    async deliver(message) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const mail: OutboxMail = {
        created_at: new Date().toISOString(),
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        attachments: message.attachments ?? [],
      };
      const name = `${mail.created_at.replace(/[:.]/g, '-')}-${randomUUID()}.json`;
      await writeFile(join(dir, name), `${JSON.stringify(mail, null, 2)}\n`, {
        mode: 0o600,
        flag: 'wx',
      });
    },
    close: () => undefined,
  };
}

/** The outbox's mails, oldest first. */
export async function readOutbox(dir: string): Promise<OutboxMail[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return Promise.all(
    names.map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8')) as OutboxMail),
  );
}

import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_TTL_HOURS,
  IDEMPOTENT_REPLAYED_HEADER,
  parseIdempotencyKey,
} from '@portal/contract';
import { type Db, queryRows } from '../db/database';
import { ProblemError, badRequest, loggableError } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Whether the route takes an Idempotency-Key (the contract's IDEMPOTENT_ENDPOINTS, FHIR writes). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key this request holds while it is handled; its answer is kept under it. */
    idempotencyClaim: { accountId: string; keyHash: string } | null;
  }
  interface FastifyInstance {
    /** Drops expired keys, a bounded number at a time (the server runs it hourly; tests call it). */
    idempotencySweep(): Promise<number>;
  }
}

/**
 * How long a first request holds its key before a retry may take it over: longer than any
 * write takes, so only a claim whose instance died before answering is ever taken over.
 */
const CLAIM_SECONDS = 120;
/** How often expired keys are dropped, and how many at most per run (in batches). */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const SWEEP_BATCH = 1000;
const SWEEP_MAX_BATCHES = 20;

const FIELD = IDEMPOTENCY_KEY_HEADER;
const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

const mismatch = () =>
  new ProblemError(
    422,
    'Unprocessable Content',
    `${FIELD}: this key was used for another request; use a new key for a new action`,
    [{ field: FIELD, message: 'This key was used for another request' }],
  );
const inProgress = () =>
  new ProblemError(
    409,
    'Conflict',
    `${FIELD}: the first request with this key is still being handled; try again shortly`,
    [{ field: FIELD, message: 'A request with this key is still being handled' }],
    { 'retry-after': '1' },
  );

const answerLost = () =>
  new ProblemError(
    409,
    'Conflict',
    `${FIELD}: the action with this key was done, but its answer was lost; look at the record before doing it again`,
    [{ field: FIELD, message: 'This action was done; its answer was lost' }],
  );

interface KeyRow {
  fingerprint: string;
  status: number | null;
  content_type: string | null;
  location: string | null;
  body: string | null;
}

/**
 * Exactly-once writes (docs/api.md, "Idempotency-Key"): a signed-in write that carries an
 * Idempotency-Key claims it for the account before its handler runs. A retry with the same key
 * and the same request is answered the first answer again, and nothing is written; with another
 * request, 422; while the first is still being handled, 409. The answer is kept encrypted (it
 * may carry an activation code or a renewed token) for 24 hours; an answer of 5xx or 429 is
 * not kept, so the retry does the work. A successful write marks its key done inside its own
 * transaction (repositories/audit.ts), so a claim whose instance died after the commit and
 * before the answer was kept is never taken over: its retry answers 409 (done, answer lost)
 * and nothing is written twice; only a claim whose write never committed is taken over. The routes say whether they take part (config
 * `idempotent`, from the contract's endpoint table); the key belongs to the signed-in account,
 * whichever of its sessions sends it.
 */
export const idempotencyPlugin = fp(
  async (app: FastifyInstance, options: { db: Db; secret: string }) => {
    const { db } = options;
    const cipherKey = createHmac('sha256', options.secret)
      .update('idempotency-key answers')
      .digest();
    const seal = (plain: Buffer) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', cipherKey, iv);
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    };
    const open = (sealed: string) => {
      const bytes = Buffer.from(sealed, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', cipherKey, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
    };

    app.decorateRequest('idempotencyClaim', null);

    // After the session check (onRequest) and the body's parsing, before its validation: the
    // request as sent is what a retry must repeat, and a refusal of it is kept like any answer.
    app.addHook('preValidation', async (request, reply) => {
      if (!request.routeOptions.config.idempotent || !request.actor) return;
      const header = request.headers[FIELD.toLowerCase()];
      if (header === undefined) return;
      const key = typeof header === 'string' ? parseIdempotencyKey(header) : undefined;
      if (key === undefined) {
        const message = `1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters, sent once`;
        throw badRequest(`${FIELD}: ${message}`, [{ field: FIELD, message }]);
      }
      const accountId = request.actor.userId;
      const keyHash = sha256(key);
      const fingerprint = sha256(
        `${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`,
      );
      // One statement claims the key: a new one, an expired one, or one whose first request
      // was abandoned; of any number of requests at once, one gets the row back.
      const [claimed] = await queryRows<{ claimed: boolean }>(
        db,
        sql`insert into idempotency_key (account_id, key_hash, fingerprint, locked_until, expires_at)
            values (${accountId}::uuid, ${keyHash}, ${fingerprint},
              now() + make_interval(secs => ${CLAIM_SECONDS}),
              now() + make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS}))
            on conflict (account_id, key_hash) do update
              set fingerprint = excluded.fingerprint, status = null, content_type = null,
                  location = null, body = null, locked_until = excluded.locked_until,
                  expires_at = excluded.expires_at
              where idempotency_key.expires_at <= now()
                 or (idempotency_key.status is null and idempotency_key.locked_until <= now()
                     and idempotency_key.fingerprint = excluded.fingerprint
                     and not idempotency_key.write_committed)
            returning true as claimed`,
      );
      if (claimed) {
        request.idempotencyClaim = { accountId, keyHash };
        return;
      }
      const [row] = await queryRows<KeyRow & { write_committed: boolean; abandoned: boolean }>(
        db,
        sql`select fingerprint, status, content_type, location, body, write_committed,
              locked_until <= now() as abandoned
            from idempotency_key
            where account_id = ${accountId}::uuid and key_hash = ${keyHash}`,
      );
      if (row && row.fingerprint !== fingerprint) throw mismatch();
      // The write committed but its answer was never kept (its instance died in between):
      // done once, it is not done again, and there is no answer to give.
      if (row && row.status === null && row.write_committed && row.abandoned) throw answerLost();
      // Gone between the two statements (swept): the client's retry claims it afresh.
      if (!row || row.status === null) throw inProgress();
      return replay(reply, row);
    });

    function replay(reply: FastifyReply, row: KeyRow) {
      let body: Buffer;
      try {
        body = row.body === null ? Buffer.alloc(0) : open(row.body);
      } catch {
        // Sealed under another signing secret: it cannot be answered again, nor done again.
        throw new ProblemError(409, 'Conflict', `${FIELD}: this key cannot be used again`, [
          { field: FIELD, message: 'This key cannot be used again; use a new key' },
        ]);
      }
      void reply.code(row.status!).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      if (row.content_type) void reply.type(row.content_type);
      if (row.location) void reply.header('location', row.location);
      return reply.send(body);
    }

    // Frees the key for a retry, unless the write committed: a 5xx can follow a commit whose
    // acknowledgement was lost (a failover cuts the connection as the commit lands on the
    // synchronous standby), and a retry must not do it again.
    const release = (claim: NonNullable<FastifyRequest['idempotencyClaim']>) =>
      queryRows(
        db,
        sql`delete from idempotency_key
            where account_id = ${claim.accountId}::uuid and key_hash = ${claim.keyHash}
              and status is null and not write_committed`,
      );

    app.addHook('onSend', async (request, reply, payload) => {
      const claim = request.idempotencyClaim;
      if (!claim) return payload;
      request.idempotencyClaim = null;
      const status = reply.statusCode;
      const text =
        payload === null || payload === undefined
          ? Buffer.alloc(0)
          : typeof payload === 'string'
            ? Buffer.from(payload)
            : Buffer.isBuffer(payload)
              ? payload
              : undefined;
      // The answer goes out as it is even when the key cannot be updated (the database was
      // lost after the handler's work, a failover): a write that committed is acknowledged (a
      // synchronous standby holds it), and a 503 stays a 503. The claim then stays held until
      // CLAIM_SECONDS have passed, and a retry meanwhile is answered 409 (docs/operations.md).
      try {
        // A failure of the server's or a refusal to wait: the retry is to do the work after all.
        if (status >= 500 || status === 429 || text === undefined) {
          await release(claim);
          return payload;
        }
        const contentType = reply.getHeader('content-type');
        const location = reply.getHeader('location');
        await queryRows(
          db,
          sql`update idempotency_key
              set status = ${status}, body = ${seal(text)},
                  content_type = ${typeof contentType === 'string' ? contentType : null},
                  location = ${typeof location === 'string' ? location : null}
              where account_id = ${claim.accountId}::uuid and key_hash = ${claim.keyHash}`,
        );
      } catch (error) {
        request.log.warn({ err: loggableError(error) }, 'idempotency key not updated');
      }
      return payload;
    });

    // An answer that never went out (the connection closed first) leaves no claim behind.
    app.addHook('onResponse', async (request) => {
      const claim = request.idempotencyClaim;
      if (!claim) return;
      request.idempotencyClaim = null;
      await release(claim).catch((error: unknown) =>
        request.log.warn({ err: loggableError(error) }, 'idempotency key not released'),
      );
    });

    /** Drops expired keys in bounded batches, so that one run never holds the table long. */
    async function sweep(): Promise<number> {
      let dropped = 0;
      for (let batch = 0; batch < SWEEP_MAX_BATCHES; batch++) {
        const rows = await queryRows(
          db,
          sql`delete from idempotency_key where (account_id, key_hash) in (
                select account_id, key_hash from idempotency_key
                where expires_at <= now() limit ${SWEEP_BATCH})
              returning 1`,
        );
        dropped += rows.length;
        if (rows.length < SWEEP_BATCH) break;
      }
      return dropped;
    }
    app.decorate('idempotencySweep', sweep);
    const sweepLogged = () =>
      sweep().catch((error: unknown) =>
        app.log.error({ err: loggableError(error) }, 'idempotency key sweep failed'),
      );
    const timer = setInterval(() => void sweepLogged(), SWEEP_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'idempotency' },
);

import { FHIR_BASE } from '@portal/contract';
import { Readable } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Config, resolvePublicUrl } from '../../config';
import type { Db } from '../../db/database';
import { loggableError, uniqueViolation } from '../../errors';
import { audit, auditedWrite } from '../../repositories/audit';
import { type BackendGrant, BackendTokens } from '../smart/access-tokens';
import { backendClientActive, sweepJtis } from '../smart/clients';
import {
  backendActorName,
  originOf,
  smartRoutes,
  TOKEN_FAILURES_PER_CLIENT,
} from '../smart/routes';
import { typesOfScope } from '../smart/scopes';
import {
  createJob,
  deleteJob,
  type ExportJob,
  findJob,
  jobCounts,
  nextParts,
  failStaleJob,
  STALE_AFTER_MS,
  sweepExpiredJobs,
} from './jobs';
import { readExportRequest, readPrefer } from './kick-off';
import { FHIR_JSON, outcomeOf } from '../outcome';
import { refusal, sendFailure } from './outcome';
import { isExportType } from './resource-types';
import { ExportRunner } from './runner';
import { EXPORT_SOURCES, type ExportSources } from './sources';

/** How often expired exports and assertion jtis are swept. */
const SWEEP_INTERVAL_MS = 60_000;
/** What a polling client is told to wait between status requests. */
const RETRY_AFTER_SECONDS = 2;
/** Stored parts a download reads per query: a few hundred kilobytes at most. */
const PARTS_PER_READ = 8;

declare module 'fastify' {
  interface FastifyRequest {
    /** The backend client behind a bulk call, once its access token was checked. */
    backend: BackendGrant | null;
  }
}

/** What the bulk export plugin is built from. */
export interface BulkExportOptions {
  readonly db: Db;
  readonly config: Pick<
    Config,
    'bulkExportTtlSeconds' | 'publicUrl' | 'databaseUrl' | 'host' | 'port' | 'throttle'
  >;
  /** The API's signing secret: export tokens are signed with it for another audience. */
  readonly jwtSecret: string;
  /** How each resource type is read and mapped (default: the FHIR server's own). */
  readonly sources?: ExportSources;
}

/**
 * SMART Backend Services and FHIR Bulk Data Access v2 under /fhir/R4: the SMART configuration
 * and token endpoint, `$export` (system and Patient level), the status URL (poll, cancel) and
 * the NDJSON downloads. Only backend clients' access tokens reach the bulk calls; session
 * tokens of the portal's users are refused there, as export tokens are everywhere else.
 */
export const bulkExportPlugin = fp(bulkExport, { name: 'bulk-export' });

async function bulkExport(app: FastifyInstance, options: BulkExportOptions): Promise<void> {
  const { db } = options;
  const sources = options.sources ?? EXPORT_SOURCES;
  const ttl = options.config.bulkExportTtlSeconds;
  const tokens = new BackendTokens(options.jwtSecret);
  const runner = new ExportRunner(db, sources, ttl, app.log);

  const { throttle } = options.config;
  await app.register(smartRoutes, {
    db,
    tokens,
    publicUrl: resolvePublicUrl(options.config),
    throttle: {
      windowSeconds: throttle.windowSeconds,
      blockSeconds: throttle.blockSeconds,
      maxFailuresPerClient: TOKEN_FAILURES_PER_CLIENT,
      maxFailuresPerAddress: throttle.maxFailuresPerAddress,
    },
  });

  const sweep = async () => {
    const now = new Date();
    await sweepExpiredJobs(db, now);
    await sweepJtis(db, now);
  };
  const timer = setInterval(() => {
    sweep().catch((error: unknown) =>
      app.log.error({ err: loggableError(error) }, 'bulk export sweep failed'),
    );
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await runner.stop();
  });
  app.decorate('bulkExport', { sweep, idle: () => runner.idle() });

  await app.register(async (bulk) => {
    bulk.decorateRequest('backend', null);

    // The FHIR server's rule: every refusal an OperationOutcome, a 500 that says nothing more.
    bulk.setErrorHandler((error: FastifyError, request, reply) => {
      const { status, outcome, headers } = outcomeOf(error);
      if (status >= 500) request.log.error({ err: loggableError(error) }, 'bulk request failed');
      if (headers) void reply.headers(headers);
      return reply.code(status).type(FHIR_JSON).send(outcome);
    });

    bulk.addHook('onRequest', async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      const grant = token ? await tokens.verify(token) : null;
      if (!grant || !(await backendClientActive(db, grant.clientId))) {
        throw refusal(401, 'A backend access token is required', undefined, {
          'www-authenticate': 'Bearer',
        });
      }
      request.backend = grant;
    });

    const kickOff = (level: 'system' | 'patient') =>
      async function (request: FastifyRequest, reply: FastifyReply) {
        const grant = request.backend!;
        const prefer = readPrefer(request.headers.prefer);
        if (!prefer.async)
          throw refusal(400, 'An export needs the header Prefer: respond-async', 'Prefer');
        const asked = readExportRequest(
          request.query as Record<string, unknown>,
          level,
          typesOfScope(grant.scope),
          prefer.lenient,
        );
        const busy = () =>
          refusal(429, 'An export is already running; try again later', undefined, {
            'retry-after': '60',
          });
        if (!runner.hasRoom) throw busy();
        await failStaleJob(db, grant.clientId);
        const job = await auditedWrite(
          db,
          request.context(),
          { action: 'bulk.export.start', username: backendActorName(grant.clientId) },
          (tx) =>
            createJob(
              tx,
              {
                clientId: grant.clientId,
                requestUrl: `${originOf(request)}${request.url}`,
                level,
                types: asked.types,
                since: asked.since,
              },
              ttl,
            ),
        ).catch((error: unknown) => {
          // The index of one running export per client refused the row.
          if (uniqueViolation(error) === 'bulk_export_job_running') throw busy();
          throw error;
        });
        runner.start(job);
        return reply
          .code(202)
          .header('content-location', `${originOf(request)}${FHIR_BASE}/bulk-status/${job.id}`)
          .send();
      };
    bulk.get(`${FHIR_BASE}/$export`, kickOff('system'));
    bulk.get(`${FHIR_BASE}/Patient/$export`, kickOff('patient'));

    const jobOf = async (request: FastifyRequest<{ Params: { id: string } }>) => {
      const job = await findJob(db, request.backend!.clientId, request.params.id);
      if (!job) throw refusal(404, 'No such export (or it has expired)');
      return job;
    };

    bulk.get<{ Params: { id: string } }>(`${FHIR_BASE}/bulk-status/:id`, async (request, reply) => {
      const job = await jobOf(request);
      if (job.status === 'in-progress') {
        if (Date.now() - job.updatedAt.getTime() > STALE_AFTER_MS)
          return sendFailure(reply, 'The export stopped; start it again');
        return reply
          .code(202)
          .header('x-progress', job.progress ?? 'in progress')
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send();
      }
      if (job.status === 'failed') return sendFailure(reply, 'The export failed; start it again');
      return reply
        .header('expires', job.expiresAt.toUTCString())
        .type('application/json')
        .send(await manifest(request, job));
    });

    bulk.delete<{ Params: { id: string } }>(
      `${FHIR_BASE}/bulk-status/:id`,
      async (request, reply) => {
        const clientId = request.backend!.clientId;
        const deleted = await deleteJob(db, clientId, request.params.id);
        if (!deleted) throw refusal(404, 'No such export (or it has expired)');
        await audit(db, request.context(), {
          action: 'bulk.export.cancel',
          outcome: 'success',
          username: backendActorName(clientId),
        });
        return reply.code(202).send();
      },
    );

    bulk.get<{ Params: { id: string; file: string } }>(
      `${FHIR_BASE}/bulk-files/:id/:file`,
      async (request, reply) => {
        const type = /^([A-Za-z]{1,64})\.ndjson$/.exec(request.params.file)?.[1];
        const job = await jobOf(request);
        if (job.status !== 'completed' || !type || !isExportType(type) || !job.types.includes(type))
          throw refusal(404, 'No such file');
        await audit(db, request.context(), {
          action: 'bulk.export.download',
          outcome: 'success',
          username: backendActorName(job.clientId),
        });
        // A few small parts read ahead at most: a slow reader holds them, not a queue.
        return reply
          .type('application/fhir+ndjson')
          .send(Readable.from(parts(job.id, type), { highWaterMark: 1 }));
      },
    );
  });

  /** A type's NDJSON, a few stored parts at a time (never the whole file in memory). */
  async function* parts(jobId: string, type: string): AsyncGenerator<string> {
    let seq = 0;
    for (;;) {
      const read = await nextParts(db, jobId, type, seq, PARTS_PER_READ);
      for (const part of read) yield part.ndjson;
      if (read.length < PARTS_PER_READ) return;
      seq = read.at(-1)!.seq;
    }
  }

  async function manifest(request: FastifyRequest, job: ExportJob) {
    const counts = await jobCounts(db, job.id);
    const base = `${originOf(request)}${FHIR_BASE}/bulk-files/${job.id}`;
    return {
      transactionTime: job.transactionTime,
      request: job.requestUrl,
      requiresAccessToken: true,
      output: job.types
        .filter((type) => (counts.get(type) ?? 0) > 0)
        .map((type) => ({ type, url: `${base}/${type}.ndjson`, count: counts.get(type) })),
      error: [],
    };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The bulk export's upkeep: sweep expired exports now; wait for running ones (tests). */
    bulkExport?: { sweep(): Promise<void>; idle(): Promise<void> };
  }
}

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Config, resolveCheckpointKey } from '../config';
import type { Db } from '../db/database';
import { loggableError } from '../errors';
import type { Metrics } from '../metrics';
import {
  auditChainHead,
  type ChainVerification,
  lastVerifiedSeq,
  verifyAuditChain,
  writeCheckpoint,
} from '../repositories/audit-chain';

/** How often the audit chain's head is checked and published. */
const PUBLISH_INTERVAL_MS = 60 * 60 * 1000;

interface AuditChainOptions {
  readonly db: Db;
  readonly config: Config;
  readonly metrics: Metrics;
}

/**
 * Every hour, on every instance: checks the batches sealed since the last successful check
 * (the patients' access logs then say their period was verified), publishes the chain's head
 * as a metric, and appends a signed checkpoint of it to AUDIT_CHECKPOINT_DIR's file. Instances
 * that check at once check the same batches, which is harmless. Without a key (DATABASE_URL and
 * no AUDIT_CHECKPOINT_KEY) no file is written and the log says so; the metric still is.
 */
export const auditChainPlugin = fp(auditChain, { name: 'audit-chain' });

async function auditChain(app: FastifyInstance, options: AuditChainOptions) {
  const { db, config, metrics } = options;
  const publish = async (): Promise<ChainVerification> => {
    const found = await verifyAuditChain(db, { afterSeq: await lastVerifiedSeq(db) });
    metrics.auditChain({ verified: found.ok });
    if (found.broken)
      app.log.error(
        { batch: found.broken.seq, reason: found.broken.reason },
        'audit chain broken: run npm run admin -- verify-audit',
      );
    const head = await auditChainHead(db);
    metrics.auditChain({ head });
    let key: string | undefined;
    try {
      key = resolveCheckpointKey(config);
    } catch (error) {
      app.log.warn({ err: loggableError(error) }, 'audit chain checkpoint not written');
    }
    if (key) {
      await writeCheckpoint(config.auditCheckpointDir, key, head);
      metrics.auditChain({ checkpointAt: new Date() });
    }
    return found;
  };
  const publishLogged = () =>
    publish().catch((error: unknown) =>
      app.log.error({ err: loggableError(error) }, 'audit chain publication failed'),
    );
  app.addHook('onReady', async () => {
    // At start the metric only: the file gets its line on the hour's round.
    await auditChainHead(db)
      .then((head) => metrics.auditChain({ head }))
      .catch((error: unknown) =>
        app.log.error({ err: loggableError(error) }, 'audit chain head not read'),
      );
  });
  const timer = setInterval(() => void publishLogged(), PUBLISH_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  app.decorate('auditChain', { publish });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The hourly check and publication of the audit chain's head (tests call it). */
    auditChain: { publish(): Promise<ChainVerification> };
  }
}

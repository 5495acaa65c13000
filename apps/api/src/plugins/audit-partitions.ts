import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { loggableError } from '../errors';
import type { Metrics } from '../metrics';
import { ensureAuditPartitions, partitionsDueForArchive } from '../repositories/audit-partitions';

/** How often every instance checks the audit partitions (they are made months ahead). */
const CHECK_INTERVAL_MS = 24 * 60 * 60 * 1000;

interface AuditPartitionsOptions {
  readonly db: Db;
  readonly config: Pick<Config, 'auditRetentionMonths'>;
  readonly metrics: Metrics;
}

/**
 * Keeps the audit trail's monthly partitions made ahead: at start and daily, on every instance
 * (the database function serialises instances that do it at once). A month without a partition
 * is no outage (its events go to the default partition), so a failed check is logged, not fatal.
 * With AUDIT_RETENTION_MONTHS, the partitions older than that are reported (log line and metric),
 * never archived or dropped here: an archive needs a place the operator chose and keeps.
 */
export const auditPartitionsPlugin = fp(auditPartitions, { name: 'audit-partitions' });

async function auditPartitions(app: FastifyInstance, options: AuditPartitionsOptions) {
  const { db, config, metrics } = options;
  const check = async () => {
    const made = await ensureAuditPartitions(db);
    if (made) app.log.info({ made }, 'audit partitions made ahead');
    const retention = config.auditRetentionMonths;
    if (retention === undefined) return;
    const due = await partitionsDueForArchive(db, retention);
    metrics.auditPartitionsDue(due.length);
    if (due.length)
      app.log.warn(
        { months: due.map((p) => p.month), retentionMonths: retention },
        'audit partitions due for archive: run npm run admin -- archive-audit --before <YYYY-MM> --out <dir>',
      );
  };
  const checkLogged = () =>
    check().catch((error: unknown) =>
      app.log.error({ err: loggableError(error) }, 'audit partition check failed'),
    );
  app.addHook('onReady', checkLogged);
  const timer = setInterval(() => void checkLogged(), CHECK_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  app.decorate('auditPartitions', { check });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The audit partition check the server runs at start and daily (tests call it). */
    auditPartitions: { check(): Promise<void> };
  }
}

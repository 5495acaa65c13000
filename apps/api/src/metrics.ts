import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from './db/database';
import type { AuditEntry } from './repositories/audit';
import type { HashPool } from './security/hash-pool';

/** What the metrics read from the rest of the app when they are scraped. */
export interface MetricSources {
  readonly hashPool: HashPool;
  /** The connection pool of a PostgreSQL server; absent for the embedded database. */
  readonly databasePool?: () => PoolStats;
}

/** Latency buckets (seconds): from a cached read to a slow login held back by the throttle. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The operators' figures of one app instance, in a registry of its own (never prom-client's
 * global one, so that tests building many apps do not clash). Labels are fixed vocabularies
 * only — route patterns, methods, status codes, audit actions — never ids, names or tokens.
 * See docs/operations.md, "Metrics", for each metric and the alerts worth setting.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly loopDelay = monitorEventLoopDelay({ resolution: 10 });
  private readonly requests: Counter<'method' | 'route' | 'status_code'>;
  private readonly latency: Histogram<'method' | 'route' | 'status_code'>;
  private readonly audits: Counter<'action' | 'outcome'>;
  private readonly throttled: Counter<'call'>;
  private readonly auditDue: Gauge;
  private readonly chainHead: Gauge;
  private readonly chainHash: Gauge;
  private readonly chainVerified: Gauge;
  private readonly chainCheckpoint: Gauge;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    this.loopDelay.enable();
    const labelNames = ['method', 'route', 'status_code'] as const;
    this.requests = new Counter({
      name: 'portal_http_requests_total',
      help: 'Requests answered, by method, route pattern and status code.',
      labelNames,
      registers,
    });
    this.latency = new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Time from receiving a request to sending its answer, by method, route pattern and status code.',
      labelNames,
      buckets: LATENCY_BUCKETS,
      registers,
    });
    const loopDelay = this.loopDelay;
    new Gauge({
      name: 'portal_event_loop_lag_seconds',
      help: 'Event-loop delay since the previous scrape: the 0.5 and 0.99 quantiles and the maximum (quantile="1").',
      labelNames: ['quantile'],
      registers,
      collect() {
        const seconds = (ns: number) => (Number.isFinite(ns) ? ns / 1e9 : 0);
        this.set({ quantile: '0.5' }, seconds(loopDelay.percentile(50)));
        this.set({ quantile: '0.99' }, seconds(loopDelay.percentile(99)));
        this.set({ quantile: '1' }, seconds(loopDelay.max));
        loopDelay.reset();
      },
    });
    const pool = sources.hashPool;
    new Gauge({
      name: 'portal_password_hash_pool_in_use',
      help: 'Password hashes and checks running now.',
      registers,
      collect() {
        this.set(pool.load.running);
      },
    });
    new Gauge({
      name: 'portal_password_hash_pool_queued',
      help: 'Password hashes and checks waiting for a slot.',
      registers,
      collect() {
        this.set(pool.load.waiting);
      },
    });
    new Gauge({
      name: 'portal_password_hash_pool_size',
      help: 'Hashes that may run at once (HASH_POOL_SIZE).',
      registers,
    }).set(pool.size);
    new Gauge({
      name: 'portal_password_hash_pool_queue_limit',
      help: 'Hashes that may wait before logins and registrations get 503 (HASH_POOL_QUEUE).',
      registers,
    }).set(pool.queue);
    new Counter({
      name: 'portal_password_hash_refused_total',
      help: 'Logins and registrations answered 503 because the hashing pool and its queue were full.',
      registers,
      collect() {
        this.reset();
        this.inc(pool.counts.refused);
      },
    });
    const databasePool = sources.databasePool;
    if (databasePool) {
      new Gauge({
        name: 'portal_db_pool_connections_in_use',
        help: 'Database connections checked out of the pool now.',
        registers,
        collect() {
          const stats = databasePool();
          this.set(stats.total - stats.idle);
        },
      });
      new Gauge({
        name: 'portal_db_pool_waiting',
        help: 'Queries waiting for a free database connection.',
        registers,
        collect() {
          this.set(databasePool().waiting);
        },
      });
      new Gauge({
        name: 'portal_db_pool_max',
        help: 'Most database connections the pool opens.',
        registers,
      }).set(databasePool().max);
    }
    this.audits = new Counter({
      name: 'portal_audit_events_total',
      help: 'Audit events written (committed), by action and outcome.',
      labelNames: ['action', 'outcome'],
      registers,
    });
    this.auditDue = new Gauge({
      name: 'portal_audit_partitions_due_for_archive',
      help: 'Monthly audit partitions older than AUDIT_RETENTION_MONTHS, waiting for npm run admin -- archive-audit (0 without a retention period).',
      registers,
    });
    this.chainHead = new Gauge({
      name: 'portal_audit_chain_head_batch',
      help: "The audit chain's last batch as last published (hourly): its number.",
      registers,
    });
    this.chainHash = new Gauge({
      name: 'portal_audit_chain_head_hash_prefix',
      help: "The first 48 bits of that batch's SHA-256 hash, as a number (the full hash is in the checkpoint file). Kept outside the database, a prefix that changes for a batch number already published means the chain was rewritten.",
      registers,
    });
    this.chainVerified = new Gauge({
      name: 'portal_audit_chain_verified',
      help: 'Whether the last check of the audit chain found it intact (1) or broken (0); absent before the first check.',
      registers,
    });
    this.chainCheckpoint = new Gauge({
      name: 'portal_audit_chain_checkpoint_timestamp_seconds',
      help: "When this instance last wrote a signed checkpoint of the audit chain's head (Unix time).",
      registers,
    });
    this.throttled = new Counter({
      name: 'portal_login_throttled_total',
      help: 'Logins, second-factor codes and registrations refused with 429 by the failed-attempt lock, by call.',
      labelNames: ['call'],
      registers,
    });
  }

  /** Counts one answered request; `route` is the route's pattern, never its URL. */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void {
    const labels = { method, route, status_code: String(statusCode) };
    this.requests.inc(labels);
    this.latency.observe(labels, seconds);
  }

  /** Counts an audit event once it is written for good. */
  readonly audited = (entry: Pick<AuditEntry, 'action' | 'outcome'>): void => {
    this.audits.inc({ action: entry.action, outcome: entry.outcome });
  };

  /** Counts an attempt the failed-attempt lock refused. */
  readonly throttledAttempt = (call: 'login' | 'register' | 'mfa' | 'password-reset'): void => {
    this.throttled.inc({ call });
  };

  /** How many audit partitions the last check found due for archive. */
  auditPartitionsDue(count: number): void {
    this.auditDue.set(count);
  }

  /** The audit chain's head, published; whether its last check held; when a checkpoint was written. */
  auditChain(state: {
    readonly head?: { readonly seq: number; readonly hash: string };
    readonly verified?: boolean;
    readonly checkpointAt?: Date;
  }): void {
    if (state.head) {
      this.chainHead.set(state.head.seq);
      this.chainHash.set(parseInt(state.head.hash.slice(0, 12), 16));
    }
    if (state.verified !== undefined) this.chainVerified.set(state.verified ? 1 : 0);
    if (state.checkpointAt) this.chainCheckpoint.set(state.checkpointAt.getTime() / 1000);
  }

  /** The Prometheus text exposition. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  /** Stops measuring the event loop (when the app closes). */
  stop(): void {
    this.loopDelay.disable();
  }
}

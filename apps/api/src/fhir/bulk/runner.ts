import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { loggableError } from '../../errors';
import { appendPart, type ExportJob, finishJob, touchJob } from './jobs';
import type { ExportSources } from './sources';

/** Rows read per batch: one part of NDJSON, about a megabyte at most. */
export const BATCH_ROWS = 500;

/** Exports one instance runs at once; more are refused (429) rather than queued. */
export const MAX_RUNNING = 2;

/**
 * Runs exports in this process, each as a loop of bounded batches: read a keyset batch of rows,
 * map them, append them as one NDJSON part, and move on, so that memory holds one batch at a
 * time whatever the table's size, and other requests get the database between batches. A job
 * whose row disappears (cancel, sweep) stops at its next batch.
 */
export class ExportRunner {
  private readonly running = new Map<string, Promise<void>>();
  private stopping = false;

  constructor(
    private readonly db: Db,
    private readonly sources: ExportSources,
    private readonly ttlSeconds: number,
    private readonly log: FastifyBaseLogger,
    private readonly batchRows = BATCH_ROWS,
  ) {}

  /** Whether another export may start on this instance now. */
  get hasRoom(): boolean {
    return !this.stopping && this.running.size < MAX_RUNNING;
  }

  /** Starts the job in the background; its outcome is written to its row. */
  start(job: ExportJob): void {
    const run = this.run(job).finally(() => this.running.delete(job.id));
    this.running.set(job.id, run);
  }

  /** Stops taking batches and waits for the exports in flight to reach a batch's end. */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.allSettled([...this.running.values()]);
  }

  /** Waits for the running exports (tests). */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.running.values()]);
  }

  private async run(job: ExportJob): Promise<void> {
    try {
      let written = 0;
      for (const type of job.types) {
        const source = this.sources[type];
        let after = 0;
        let seq = 0;
        for (;;) {
          // A stopping instance leaves the job; its status turns to failed once it is stale.
          if (this.stopping) return;
          const batch = await source.batch(this.db, {
            after,
            limit: this.batchRows,
            since: job.since,
          });
          written += batch.resources.length;
          const progress = `${type}: ${written} resources written`;
          const alive = batch.resources.length
            ? await appendPart(
                this.db,
                job.id,
                type,
                (seq += 1),
                batch.resources.length,
                `${batch.resources.map((r) => JSON.stringify(r)).join('\n')}\n`,
                progress,
                this.ttlSeconds,
              )
            : await touchJob(this.db, job.id, progress);
          if (!alive) return;
          if (batch.next === null) break;
          after = batch.next;
        }
      }
      await finishJob(this.db, job.id, 'completed', this.ttlSeconds);
    } catch (error) {
      // The class and code only: a failed query's message holds its parameters.
      this.log.error({ err: loggableError(error) }, 'bulk export failed');
      await finishJob(this.db, job.id, 'failed', this.ttlSeconds, 'The export failed').catch(
        () => undefined,
      );
    }
  }
}

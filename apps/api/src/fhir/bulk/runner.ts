import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { loggableError } from '../../errors';
import { appendParts, type ExportJob, finishJob, type NdjsonPart, touchJob } from './jobs';
import type { ExportSources } from './sources';

/** Rows read per batch: about a megabyte of NDJSON, stored as several parts. */
export const BATCH_ROWS = 500;

/**
 * The most characters a stored part holds (but for a single longer line). A string's V8 size is
 * up to two bytes a character, so a part stays under V8's large-object size (128 KB): parts are
 * born and die in the young generation, which a scavenge frees cheaply. Parts of a megabyte each
 * went to the old generation, whose full collections stopped the event loop during a fast
 * download (figures in docs/bulk-export.md).
 */
export const PART_MAX_CHARS = 32 * 1024;

/** Resources as NDJSON parts of at most `maxChars` each (a longer line is a part alone). */
export function ndjsonParts(
  resources: readonly unknown[],
  maxChars = PART_MAX_CHARS,
): NdjsonPart[] {
  const parts: NdjsonPart[] = [];
  let lines: string[] = [];
  let chars = 0;
  const flush = () => {
    if (lines.length) parts.push({ lines: lines.length, ndjson: lines.join('') });
    [lines, chars] = [[], 0];
  };
  for (const resource of resources) {
    const line = `${JSON.stringify(resource)}\n`;
    if (chars + line.length > maxChars) flush();
    lines.push(line);
    chars += line.length;
  }
  flush();
  return parts;
}

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
    private readonly partMaxChars = PART_MAX_CHARS,
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
          const parts = ndjsonParts(batch.resources, this.partMaxChars);
          const alive = parts.length
            ? await appendParts(this.db, job.id, type, seq + 1, parts, progress, this.ttlSeconds)
            : await touchJob(this.db, job.id, progress);
          seq += parts.length;
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

import type { Resource } from '@medplum/fhirtypes';
import type { Db } from '../../db/database';
import type { ExportType } from './resource-types';

/** Where an export's batch starts and what it keeps. */
export interface ExportWindow {
  /** The keyset position after which to read (0: from the start). */
  readonly after: number;
  /** At most this many rows of the source's table per batch. */
  readonly limit: number;
  /** Only resources changed after this instant (`_since`), or all. */
  readonly since: Date | null;
}

/** One batch read: the resources, and the position of the next batch (null: the end). */
export interface ExportBatch {
  readonly resources: readonly Resource[];
  readonly next: number | null;
}

/** How one resource type is read for an export: in bounded keyset batches, mapped. */
export interface ExportSource {
  batch(db: Db, window: ExportWindow): Promise<ExportBatch>;
}

/** The source of each exportable type. */
export type ExportSources = Readonly<Record<ExportType, ExportSource>>;

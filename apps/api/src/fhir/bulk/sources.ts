import { type SQL, sql } from 'drizzle-orm';
import type { Resource } from '@medplum/fhirtypes';
import { type Db, queryRows } from '../../db/database';
import type { RowKey } from '../resources';
import { RESOURCE_TYPES } from '../types';
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

/** A row as every row query returns it: its keyset position first. */
interface KeyedRow {
  readonly k: RowKey;
}

/**
 * A source over the FHIR server's own row query and mapper of a type (fhir/types.ts): a
 * keyset page of `limit` rows (the query reads one more, which tells that another page
 * follows), each mapped (a row without a resource writes no line). `changedSince` is the
 * `_since` condition on the table's own columns, or undefined for a table that keeps no change
 * time: Bulk Data lets a server include those resources whatever `_since` says, which is safer
 * than missing a change.
 */
function typeSource(name: ExportType, changedSince?: (since: string) => SQL): ExportSource {
  const type = RESOURCE_TYPES.get(name);
  if (!type) throw new Error(`The FHIR server has no type ${name}`);
  const map = type.map as (row: KeyedRow) => Resource | null;
  return {
    async batch(db, window) {
      const where =
        window.since && changedSince ? changedSince(window.since.toISOString()) : undefined;
      const rows = await queryRows<KeyedRow>(
        db,
        type.rows({ after: window.after, limit: window.limit, where }),
      );
      const page = rows.slice(0, window.limit);
      const resources = page.map((row) => map(row)).filter((r): r is Resource => r !== null);
      const last = page.at(-1);
      return { resources, next: rows.length > window.limit && last ? Number(last.k) : null };
    },
  };
}

/** A patient's or staff member's change: their row's update time. */
const updatedSince = (since: string) => sql`updated_at > ${since}::timestamptz`;
/**
 * A list entry (and "no known allergies") keeps its change time; a seed list's allergy or
 * disease (none: null) changes through its patient's update, which stamps the patient.
 */
const listChangedSince = (since: string) =>
  sql`(changed_at > ${since}::timestamptz
    or patient_id in (select id from patient where updated_at > ${since}::timestamptz))`;

/** The sources of every exportable type. */
export const EXPORT_SOURCES: ExportSources = {
  Patient: typeSource('Patient', updatedSince),
  // A blood group changes with its patient; a set of vital signs is never changed after it is
  // recorded (its update time is its recording).
  Observation: typeSource('Observation', updatedSince),
  AllergyIntolerance: typeSource('AllergyIntolerance', listChangedSince),
  Condition: typeSource('Condition', listChangedSince),
  // A status change (cancel, no-show) stamps nothing: every appointment goes out.
  Appointment: typeSource('Appointment'),
  // The visit is its appointment: it goes out with every export likewise.
  Encounter: typeSource('Encounter'),
  // History entries are only ever added: their creation time is their change time.
  DocumentReference: typeSource(
    'DocumentReference',
    (since) => sql`created_at > ${since}::timestamptz`,
  ),
  // A note changes when it gets an addendum or is marked entered in error.
  Composition: typeSource(
    'Composition',
    (since) => sql`(signed_at > ${since}::timestamptz or error_at > ${since}::timestamptz
      or id in (select d.note_id from clinical_note_addendum d where d.signed_at > ${since}::timestamptz))`,
  ),
  // A prescription changes when it is stopped; it completes by the clock (its end).
  MedicationRequest: typeSource(
    'MedicationRequest',
    (since) => sql`(created_at > ${since}::timestamptz or stopped_at > ${since}::timestamptz
      or (ends_at > ${since}::timestamptz and ends_at <= now()))`,
  ),
  Practitioner: typeSource('Practitioner', updatedSince),
  PractitionerRole: typeSource('PractitionerRole', updatedSince),
};

import { sql } from 'drizzle-orm';
import type { DocumentReference } from '@medplum/fhirtypes';
import { CODE_SYSTEMS } from '@portal/reference-data';
import { instantText } from '../../repositories/appointments';
import {
  concept,
  idPagedRows,
  instantOf,
  patientReference,
  practitionerReference,
  type RowKey,
  type RowWindow,
} from './common';

/** A medical history row as {@link historyRowsQuery} selects it. */
export interface HistoryRow {
  readonly k: RowKey;
  readonly patient_id: string;
  readonly date: string;
  readonly time: string;
  readonly detail: string | null;
  readonly author_id: string | null;
  readonly author_first_name: string | null;
  readonly author_last_name: string | null;
  readonly recorded_at: string | null;
  readonly created_at: string;
}

const historyColumns = sql`p.patient_id, t.date::text as date, t.time::text as time, t.detail,
  e.employee_id as author_id, e.first_name as author_first_name, e.last_name as author_last_name,
  ${instantText(sql`t.recorded_at`)} as recorded_at, ${instantText(sql`t.created_at`)} as created_at`;

/** One keyset page of medical history rows (keyset: the row id); `where` on its own columns. */
export function historyRowsQuery(window: RowWindow) {
  return idPagedRows(
    sql`medical_history`,
    historyColumns,
    window,
    sql`join patient p on p.id = t.patient_id left join employee e on e.id = t.recorded_by`,
  );
}

/** A history entry's resource id: its row id (entries have no other stable id). */
export const historyId = (rowKey: RowKey) => `mh-${rowKey}`;

/**
 * A medical history entry as a DocumentReference (a clinical note): the entry is free text a
 * clinician wrote about a date, with no class, location or period an Encounter would need, and
 * it is not known to be a visit at all. The text travels as a text/plain attachment, the date
 * and time it is about as the context's period, its author as the Practitioner who wrote it.
 */
export function toDocumentReference(row: HistoryRow): DocumentReference {
  const about = instantOf(row.date, row.time);
  return {
    resourceType: 'DocumentReference',
    id: historyId(row.k),
    status: 'current',
    type: concept(CODE_SYSTEMS.loinc, '11506-3', 'Progress note'),
    category: [
      {
        coding: [
          {
            system: 'http://hl7.org/fhir/us/core/CodeSystem/us-core-documentreference-category',
            code: 'clinical-note',
            display: 'Clinical Note',
          },
        ],
      },
    ],
    subject: patientReference(row.patient_id),
    date: row.recorded_at ?? row.created_at,
    ...(row.author_id
      ? {
          author: [
            practitionerReference(row.author_id, row.author_first_name, row.author_last_name),
          ],
        }
      : {}),
    description: 'Medical history entry',
    content: [
      {
        attachment: {
          contentType: 'text/plain; charset=utf-8',
          data: Buffer.from(row.detail ?? '', 'utf8').toString('base64'),
          title: 'Medical history entry',
        },
      },
    ],
    context: { period: { start: about, end: about } },
  };
}

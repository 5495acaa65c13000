import { sql } from 'drizzle-orm';
import type { Composition, CompositionSection } from '@medplum/fhirtypes';
import { CODE_SYSTEMS } from '@portal/reference-data';
import { instantText, staffJson } from '../../repositories/appointments';
import {
  concept,
  idPagedRows,
  patientReference,
  practitionerReference,
  type RowKey,
  type RowWindow,
} from './common';
import { encounterReference } from './encounter';

/** A staff member as the note's JSON gives them. */
interface Staff {
  readonly employee_id: string;
  readonly first_name: string;
  readonly last_name: string;
}

/** A signed note as {@link noteRowsQuery} selects it. */
export interface NoteRow {
  readonly k: RowKey;
  readonly note_id: string;
  readonly patient_id: string;
  readonly appointment_id: string | null;
  readonly text: string;
  readonly status: 'current' | 'entered-in-error';
  readonly signed_by: Staff | null;
  readonly signed_at: string;
  readonly content_hash: string;
  readonly addenda: readonly {
    readonly text: string;
    readonly signed_by: Staff | null;
    readonly signed_at: string;
  }[];
}

const noteColumns = sql`t.note_id::text as note_id, p.patient_id,
  (select a.appointment_id::text from appointment a where a.id = t.appointment_id) as appointment_id,
  t.text, t.status, ${staffJson(sql`t.signed_by`)} as signed_by,
  ${instantText(sql`t.signed_at`)} as signed_at, t.content_hash,
  coalesce((select json_agg(json_build_object('text', d.text,
      'signed_by', ${staffJson(sql`d.signed_by`)}, 'signed_at', ${instantText(sql`d.signed_at`)})
    order by d.id) from clinical_note_addendum d where d.note_id = t.id), '[]'::json) as addenda`;

/** One keyset page of signed notes (keyset: the row id); `where` on clinical_note's columns. */
export function noteRowsQuery(window: RowWindow) {
  return idPagedRows(
    sql`clinical_note`,
    noteColumns,
    window,
    sql`join patient p on p.id = t.patient_id`,
  );
}

/** Text as the XHTML of a narrative: escaped, its lines kept. */
function narrative(text: string): { status: 'additional'; div: string } {
  const escaped = text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .split('\n')
    .join('<br/>');
  return {
    status: 'additional',
    div: `<div xmlns="http://www.w3.org/1999/xhtml"><p>${escaped}</p></div>`,
  };
}

const author = (staff: Staff | null) =>
  staff
    ? practitionerReference(staff.employee_id, staff.first_name, staff.last_name)
    : { display: 'Unknown author' };

/**
 * A signed note as a Composition (a progress note): final, or entered-in-error once marked so;
 * its text the first section's narrative, each addendum a section of its own with its author;
 * the signature a legal attester at the time signed, the note's id its identifier; a note
 * written for an appointment names that visit's Encounter.
 */
export function toComposition(row: NoteRow): Composition {
  const sections: CompositionSection[] = [
    { title: 'Note', author: [author(row.signed_by)], text: narrative(row.text) },
    ...row.addenda.map((addendum) => ({
      title: `Addendum ${addendum.signed_at}`,
      author: [author(addendum.signed_by)],
      text: narrative(addendum.text),
    })),
  ];
  return {
    resourceType: 'Composition',
    id: row.note_id,
    meta: { lastUpdated: row.addenda.at(-1)?.signed_at ?? row.signed_at },
    identifier: { system: 'urn:ietf:rfc:3986', value: `urn:uuid:${row.note_id}` },
    status: row.status === 'entered-in-error' ? 'entered-in-error' : 'final',
    type: concept(CODE_SYSTEMS.loinc, '11506-3', 'Progress note'),
    subject: patientReference(row.patient_id),
    ...(row.appointment_id ? { encounter: encounterReference(row.appointment_id) } : {}),
    date: row.signed_at,
    author: [author(row.signed_by)],
    title: 'Clinical note',
    attester: [
      {
        mode: 'legal',
        time: row.signed_at,
        ...(row.signed_by
          ? {
              party: practitionerReference(
                row.signed_by.employee_id,
                row.signed_by.first_name,
                row.signed_by.last_name,
              ),
            }
          : {}),
      },
    ],
    section: sections,
  };
}

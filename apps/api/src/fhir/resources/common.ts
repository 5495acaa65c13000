import { type SQL, sql } from 'drizzle-orm';
import type {
  CodeableConcept,
  Coding,
  ContactPoint,
  HumanName,
  Patient,
  Practitioner,
  Reference,
} from '@medplum/fhirtypes';
import { CODE_SYSTEMS } from '@portal/reference-data';
import { pageIdsQuery } from '../../repositories/page-queries';

/**
 * What every row query takes: the rows after the keyset position `after` (0: from the start),
 * at most `limit` + 1 of them (the extra one tells that another page follows), optionally only
 * those matching `where`. `where` is a condition on the table's own columns, unqualified (it is
 * evaluated on the bare table inside the page query); each row carries its keyset position as
 * `k`, to be given back as `after` for the next batch.
 */
export interface RowWindow {
  readonly after: number;
  readonly limit: number;
  readonly where?: SQL | undefined;
}

/** A row's keyset position, as both drivers return a bigint. */
export type RowKey = string | number;

/**
 * The rows of a table with an `id` column, one keyset page of them ({@link pageIdsQuery}: the
 * same bounded plans as the API's lists), each with the `columns` selected from alias `t` and
 * the tables `joins` adds (left joins, so that no row is lost).
 */
export function idPagedRows(table: SQL, columns: SQL, window: RowWindow, joins?: SQL): SQL {
  return sql`select t.id as k, ${columns}
    from ${table} t join (${pageIdsQuery(table, window.where, window.after, window.limit)}) page on page.id = t.id
    ${joins ?? sql``}
    order by t.id`;
}

/** A reference to a patient by their portal id. */
export const patientReference = (patientId: string, display?: string): Reference<Patient> => ({
  reference: `Patient/${patientId}`,
  ...(display ? { display } : {}),
});

/** A reference to a staff member's Practitioner resource. */
export const practitionerReference = (
  employeeId: string,
  firstName?: string | null,
  lastName?: string | null,
): Reference<Practitioner> => {
  const display = [firstName, lastName].filter(Boolean).join(' ');
  return { reference: `Practitioner/${employeeId}`, ...(display ? { display } : {}) };
};

/** A single coding as a CodeableConcept, with its display as text. */
export const concept = (system: string, code: string, display?: string): CodeableConcept => ({
  coding: [{ system, code, ...(display ? { display } : {}) }],
  ...(display ? { text: display } : {}),
});

/** A coding of one of HL7's terminology code systems. */
export const hl7 = (codeSystem: string, code: string, display?: string): CodeableConcept =>
  concept(`http://terminology.hl7.org/CodeSystem/${codeSystem}`, code, display);

/** A date and a time of day read as UTC (the API's dates are UTC, docs/api.md) as an instant. */
export function instantOf(date: string, time: string): string {
  const hms = time.length === 5 ? `${time}:00` : time.slice(0, 8);
  return `${date}T${hms}Z`;
}

/** An instant `minutes` after another (both ISO 8601, UTC). */
export function addMinutes(instant: string, minutes: number): string {
  return new Date(Date.parse(instant) + minutes * 60_000).toISOString().replace('.000Z', 'Z');
}

/** The portal's own coding of a catalogue entry. */
export const portalCoding = (
  system: keyof typeof CODE_SYSTEMS,
  code: string,
  display?: string,
): Coding => ({ system: CODE_SYSTEMS[system], code, ...(display ? { display } : {}) });

/** A person's names as the portal records them: the official name, one given and one family name. */
export const officialName = (person: {
  readonly first_name: string;
  readonly last_name: string;
}): HumanName[] => [
  {
    use: 'official',
    family: person.last_name,
    given: [person.first_name],
    text: `${person.first_name} ${person.last_name}`,
  },
];

/** A person's phone and email, each marked with how it is used (`email: undefined`: unmarked). */
export const phoneAndEmail = (
  person: { readonly phone_number: string; readonly email: string },
  use: { readonly phone: ContactPoint['use']; readonly email?: ContactPoint['use'] },
): ContactPoint[] => [
  { system: 'phone', value: person.phone_number, use: use.phone },
  { system: 'email', value: person.email, ...(use.email ? { use: use.email } : {}) },
];

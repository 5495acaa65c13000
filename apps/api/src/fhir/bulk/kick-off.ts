import {
  EXPORT_TYPES,
  type ExportType,
  isExportType,
  PATIENT_EXPORT_TYPES,
} from './resource-types';
import { refusal } from './outcome';

/** What a kick-off asks for, checked. */
export interface ExportRequest {
  readonly types: readonly ExportType[];
  readonly since: Date | null;
}

/** The NDJSON spellings Bulk Data clients send for `_outputFormat`. */
const NDJSON_FORMATS = ['application/fhir+ndjson', 'application/ndjson', 'ndjson'];

/** A FHIR instant: a date and time to the second (fraction optional) with its zone. */
const INSTANT =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d{1,9})?(Z|[+-]((0\d|1[0-3]):[0-5]\d|14:00))$/;

const KNOWN_PARAMETERS = new Set(['_type', '_since', '_outputFormat']);

const invalid = (parameter: string, detail: string) => refusal(400, detail, parameter);

/** One query parameter as a single string (a repeated `_type` is joined, as its list is). */
function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  const values = [value].flat();
  if (!values.every((v) => typeof v === 'string')) throw invalid(name, `${name} is not valid`);
  if (name !== '_type' && values.length > 1) throw invalid(name, `${name} is given more than once`);
  return values.join(',');
}

/**
 * Reads a kick-off's parameters (Bulk Data Access v2): `_type` (a comma-separated list, each
 * type exportable at this level and granted by the token's scope), `_since` (an instant),
 * `_outputFormat` (NDJSON only); any other parameter is refused unless the client asked for
 * lenient handling (`Prefer: handling=lenient`), as the specification allows.
 */
export function readExportRequest(
  query: Record<string, unknown>,
  level: 'system' | 'patient',
  granted: readonly ExportType[],
  lenient: boolean,
): ExportRequest {
  const unknown = Object.keys(query).filter((name) => !KNOWN_PARAMETERS.has(name));
  if (unknown.length && !lenient)
    throw invalid(
      unknown[0]!.slice(0, 40),
      `${unknown[0]!.slice(0, 40)} is not supported (supported: _type, _since, _outputFormat)`,
    );
  const format = single(query, '_outputFormat');
  if (format !== undefined && !NDJSON_FORMATS.includes(format))
    throw invalid('_outputFormat', '_outputFormat must be application/fhir+ndjson');
  const since = single(query, '_since');
  let sinceDate: Date | null = null;
  if (since !== undefined) {
    if (!INSTANT.test(since) || Number.isNaN(Date.parse(since)))
      throw invalid('_since', '_since must be a FHIR instant, e.g. 2026-01-31T08:00:00Z');
    sinceDate = new Date(since);
  }
  const levelTypes: readonly string[] = level === 'patient' ? PATIENT_EXPORT_TYPES : EXPORT_TYPES;
  const typeList = single(query, '_type');
  let types: ExportType[];
  if (typeList === undefined) {
    types = levelTypes.filter((t): t is ExportType => granted.includes(t as ExportType));
  } else {
    const names = [...new Set(typeList.split(',').map((t) => t.trim()))];
    if (names.some((n) => n === '')) throw invalid('_type', '_type holds an empty type name');
    for (const name of names) {
      if (!isExportType(name) || !levelTypes.includes(name))
        throw invalid('_type', `_type: ${name.slice(0, 40)} is not a type this export can hold`);
      if (!granted.includes(name))
        throw refusal(403, `_type: ${name} is not granted by the token's scope`, '_type');
    }
    types = names as ExportType[];
  }
  if (types.length === 0)
    throw refusal(403, "The token's scope grants none of these types", '_type');
  return { types, since: sinceDate };
}

/** Whether a Prefer header asks for the asynchronous pattern, and for lenient handling. */
export function readPrefer(header: string | string[] | undefined): {
  async: boolean;
  lenient: boolean;
} {
  const tokens = [header ?? []]
    .flat()
    .flatMap((h) => h.split(/[,;]/))
    .map((t) => t.trim().toLowerCase().replace(/\s+/g, ''));
  return { async: tokens.includes('respond-async'), lenient: tokens.includes('handling=lenient') };
}

import { DEFAULT_API_BASE, FHIR_BASE } from '@portal/contract';

/** Turns the build's API-base setting into a base URL; blank or absent means the portal's own `/api`. */
export function resolveApiBase(setting: unknown): string {
  const trimmed = typeof setting === 'string' ? setting.trim() : '';
  // A trailing slash would double up with the endpoints' leading one.
  return trimmed ? trimmed.replace(/\/+$/, '') : DEFAULT_API_BASE;
}

/** The API base of this build, read once from `VITE_API_BASE` (default `/api`). */
export const API_BASE: string = resolveApiBase(import.meta.env['VITE_API_BASE']);

/**
 * The FHIR R4 base beside an API base: the FHIR interface sits on the API's origin, so
 * `/api` gives `/fhir/R4` and `https://host/api` gives `https://host/fhir/R4`.
 */
export function fhirBaseOf(apiBase: string): string {
  return `${apiBase.replace(/\/api$/, '')}${FHIR_BASE}`;
}

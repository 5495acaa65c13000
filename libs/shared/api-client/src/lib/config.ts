import { DEFAULT_API_BASE } from '@portal/contract';

/** Turns the build's API-base setting into a base URL; blank or absent means the portal's own `/api`. */
export function resolveApiBase(setting: unknown): string {
  const trimmed = typeof setting === 'string' ? setting.trim() : '';
  // A trailing slash would double up with the endpoints' leading one.
  return trimmed ? trimmed.replace(/\/+$/, '') : DEFAULT_API_BASE;
}

/** The API base of this build, read once from `VITE_API_BASE` (default `/api`). */
export const API_BASE: string = resolveApiBase(import.meta.env['VITE_API_BASE']);

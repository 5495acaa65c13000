import { EXPORT_TYPES, type ExportType, isExportType } from '../bulk/resource-types';

/**
 * The read scopes of SMART Backend Services, v1 (`.read`) and v2 (`.rs`) spellings, for all
 * types (`*`) or one. Writes are never granted to a backend.
 */
const SYSTEM_READ = /^system\/(\*|[A-Z][A-Za-z]{1,63})\.(read|rs)$/;

/** The scopes this server grants, for the SMART configuration. */
export const SCOPES_SUPPORTED = [
  'system/*.read',
  'system/*.rs',
  ...EXPORT_TYPES.map((type) => `system/${type}.read`),
];

/** A requested scope string read: the types it grants, or why it cannot be granted. */
export type ScopeGrant =
  | { readonly ok: true; readonly scope: string; readonly types: readonly ExportType[] }
  | { readonly ok: false; readonly reason: string };

/** Reads a space-separated scope request; every scope in it must be a system read scope. */
export function grantScopes(requested: string | undefined): ScopeGrant {
  const scopes = (requested ?? '').split(' ').filter(Boolean);
  if (scopes.length === 0) return { ok: false, reason: 'scope is required, e.g. system/*.read' };
  if (scopes.length > 20) return { ok: false, reason: 'scope names too many scopes' };
  const types = new Set<ExportType>();
  for (const scope of scopes) {
    const match = SYSTEM_READ.exec(scope);
    if (!match) {
      return {
        ok: false,
        reason: `scope ${scope.slice(0, 80)} is not granted: only system/*.read or system/<Type>.read`,
      };
    }
    const type = match[1]!;
    if (type === '*') for (const t of EXPORT_TYPES) types.add(t);
    else if (isExportType(type)) types.add(type);
    else return { ok: false, reason: `scope ${scope} names a type this server does not export` };
  }
  return { ok: true, scope: scopes.join(' '), types: [...types] };
}

/** The types an access token's scope grants (a scope the token was issued with, so valid). */
export function typesOfScope(scope: string): readonly ExportType[] {
  const grant = grantScopes(scope);
  return grant.ok ? grant.types : [];
}

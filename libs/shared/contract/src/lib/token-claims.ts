import { isLocale, isRole, type Locale, type Role } from '@portal/reference-data';

/** What the signed token carries; clients decode it to read the role and the expiry. */
export interface TokenClaims {
  /** The account's id. */
  readonly sub: string;
  /** The session's id, which logout and HR's deactivation revoke. */
  readonly sid: string;
  readonly role: Role;
  /** A patient's record id. */
  readonly patient_id?: string;
  /** A staff member's employee id. */
  readonly employee_id?: string;
  /** A staff member's position ('P002'), which decides their clinical actions. */
  readonly position_id?: string;
  /** The person's name from their record, for the top bar ("Malee Srisuk"). */
  readonly name?: string;
  /** The language chosen on the account ('en', 'th'), shown after a login on any browser. */
  readonly locale?: Locale;
  /** Issued at, in seconds since the epoch. */
  readonly iat: number;
  /** Expires at, in seconds since the epoch. */
  readonly exp: number;
}

function isText(value: unknown): value is string {
  return typeof value === 'string';
}

function isSeconds(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * Reads a token's payload as {@link TokenClaims}, keeping only the known claims; null when one
 * is missing or of the wrong type. The server applies it to verified tokens and every app to
 * the stored one before its first paint, which is why it is plain code rather than a zod
 * schema: zod would be a fifth of the landing page's JavaScript (docs/architecture.md).
 */
export function parseTokenClaims(payload: unknown): TokenClaims | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { sub, sid, role, patient_id, employee_id, position_id, name, locale, iat, exp } =
    payload as Record<string, unknown>;
  if (!isText(sub) || !isText(sid) || !isRole(role) || !isSeconds(iat) || !isSeconds(exp))
    return null;
  if (patient_id !== undefined && !isText(patient_id)) return null;
  if (employee_id !== undefined && !isText(employee_id)) return null;
  if (position_id !== undefined && !isText(position_id)) return null;
  if (name !== undefined && !isText(name)) return null;
  if (locale !== undefined && !isLocale(locale)) return null;
  return {
    sub,
    sid,
    role,
    ...(patient_id === undefined ? {} : { patient_id }),
    ...(employee_id === undefined ? {} : { employee_id }),
    ...(position_id === undefined ? {} : { position_id }),
    ...(name === undefined ? {} : { name }),
    ...(locale === undefined ? {} : { locale }),
    iat,
    exp,
  };
}

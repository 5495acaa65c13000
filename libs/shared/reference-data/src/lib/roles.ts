/** The three kinds of signed-in user, spelled as the API and the stored session spell them. */
export const ROLES = ['patient', 'HR', 'medical_personnel'] as const;

/** A signed-in user's role. */
export type Role = (typeof ROLES)[number];

/** Labels shown in the register form's role choice, in the spec's order. */
export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  patient: 'Patient',
  HR: 'HR',
  medical_personnel: 'Medical Personnel',
};

/** The role the register form starts with. */
export const DEFAULT_ROLE: Role = 'patient';

/** Narrows an arbitrary value (say, from storage) to a known role. */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

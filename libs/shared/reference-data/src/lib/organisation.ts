import type { Role } from './roles';

/** A hospital department. */
export interface Department {
  readonly id: string;
  /** Its English name; in another language, see `localName`. */
  readonly name: string;
}

/** A job position; `portalRole` is the role its holder may register as, or null for none. */
export interface Position {
  readonly id: string;
  /** Its English name; in another language, see `localName`. */
  readonly name: string;
  readonly departmentId: string;
  readonly portalRole: Extract<Role, 'HR' | 'medical_personnel'> | null;
}

/** Departments of the hospital. */
export const DEPARTMENTS = [
  { id: 'D001', name: 'Medicine' },
  { id: 'D002', name: 'Nursing' },
  { id: 'D003', name: 'Pharmacy' },
  { id: 'D004', name: 'Radiology' },
  { id: 'D005', name: 'Laboratory' },
  { id: 'D006', name: 'Rehabilitation' },
  { id: 'D007', name: 'Patient Services' },
  { id: 'D008', name: 'Finance' },
  { id: 'D009', name: 'Information Technology' },
  { id: 'D010', name: 'Human Resources' },
] as const satisfies readonly Department[];

/**
 * Positions. P001 Doctor, P002 Nurse and P011 HR are the three the spec's add form offers;
 * only those grant a portal role (clinical positions → medical personnel, HR → HR).
 */
export const POSITIONS = [
  {
    id: 'P001',
    name: 'Doctor',
    departmentId: 'D001',
    portalRole: 'medical_personnel',
  },
  {
    id: 'P002',
    name: 'Nurse',
    departmentId: 'D002',
    portalRole: 'medical_personnel',
  },
  { id: 'P003', name: 'Pharmacist', departmentId: 'D003', portalRole: null },
  {
    id: 'P004',
    name: 'Radiographer',
    departmentId: 'D004',
    portalRole: null,
  },
  {
    id: 'P005',
    name: 'Laboratory Technician',
    departmentId: 'D005',
    portalRole: null,
  },
  {
    id: 'P006',
    name: 'Physiotherapist',
    departmentId: 'D006',
    portalRole: null,
  },
  {
    id: 'P007',
    name: 'Receptionist',
    departmentId: 'D007',
    portalRole: null,
  },
  { id: 'P008', name: 'Accountant', departmentId: 'D008', portalRole: null },
  {
    id: 'P009',
    name: 'IT Specialist',
    departmentId: 'D009',
    portalRole: null,
  },
  { id: 'P010', name: 'Porter', departmentId: 'D007', portalRole: null },
  { id: 'P011', name: 'HR', departmentId: 'D010', portalRole: 'HR' },
] as const satisfies readonly Position[];

/** A position id from the list above. */
export type PositionId = (typeof POSITIONS)[number]['id'];

/** Every position id (for enums). */
export const POSITION_IDS = POSITIONS.map((p) => p.id) as [PositionId, ...PositionId[]];

/** The positions the spec's add-employee form offers, in its order. */
export const ADD_FORM_POSITION_IDS = [
  'P001',
  'P002',
  'P011',
] as const satisfies readonly PositionId[];

/**
 * The spec's edit-employee form sends `doctor`, `nurse` or `HR` instead of a position id;
 * both readings stand, so this maps the edit form's values onto position ids.
 */
export const EDIT_FORM_POSITIONS = [
  { value: 'doctor', label: 'Doctor', positionId: 'P001' },
  { value: 'nurse', label: 'Nurse', positionId: 'P002' },
  { value: 'HR', label: 'HR', positionId: 'P011' },
] as const satisfies readonly { value: string; label: string; positionId: PositionId }[];

/** The position with this id, or undefined. */
export function findPosition(id: string): Position | undefined {
  return POSITIONS.find((p) => p.id === id);
}

/** The department with this id, or undefined. */
export function findDepartment(id: string): Department | undefined {
  return DEPARTMENTS.find((d) => d.id === id);
}

/**
 * Resolves what an employee form sent as a position: a position id (`P002`) or one of the edit
 * form's words (`nurse`, any case). Returns the position id, or undefined when it names none.
 */
export function resolvePositionId(value: string): PositionId | undefined {
  const trimmed = value.trim();
  const byId = POSITIONS.find((p) => p.id === trimmed.toUpperCase());
  if (byId) return byId.id;
  const lower = trimmed.toLowerCase();
  return EDIT_FORM_POSITIONS.find((p) => p.value.toLowerCase() === lower)?.positionId;
}

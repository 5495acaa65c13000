import {
  ADD_FORM_POSITION_IDS,
  EDIT_FORM_POSITIONS,
  findDepartment,
  findPosition,
  POSITIONS,
  type Position,
} from '@portal/reference-data';
import type { SelectOption } from '@portal/form-widgets';

/** "P002 Nurse (Nursing)": the position's id and name, as the spec's add form, and its department. */
export function positionLabel(position: Position): string {
  const department = findDepartment(position.departmentId)?.name;
  return department
    ? `${position.id} ${position.name} (${department})`
    : `${position.id} ${position.name}`;
}

const addFormFirst = new Set<string>(ADD_FORM_POSITION_IDS);

/**
 * The add form's positions, by id: the spec's P001 Doctor, P002 Nurse and P011 HR first, then
 * every other position of the reference data, each with its department.
 */
export const ADD_POSITION_OPTIONS: readonly SelectOption[] = [
  ...ADD_FORM_POSITION_IDS.map((id) => findPosition(id)!),
  ...POSITIONS.filter((p) => !addFormFirst.has(p.id)),
].map((position) => ({ value: position.id, label: positionLabel(position) }));

const editWords = new Map<string, string>(EDIT_FORM_POSITIONS.map((p) => [p.positionId, p.value]));

/**
 * The edit form's positions: every position of the reference data (a porter is set here like a
 * doctor). The spec's three come first and keep the values its edit form sends (doctor, nurse,
 * HR), which the API still reads; the others are sent by id (P010), which it reads too.
 */
export const EDIT_POSITION_OPTIONS: readonly SelectOption[] = [
  ...EDIT_FORM_POSITIONS.map(({ value, label }) => ({ value, label })),
  ...POSITIONS.filter((p) => !editWords.has(p.id)).map((p) => ({ value: p.id, label: p.name })),
];

/** The edit form's value for a stored position id: its word (P002 → nurse), else the id itself. */
export function editValueOfPosition(positionId: string | null): string {
  if (!positionId) return '';
  return editWords.get(positionId) ?? positionId;
}

/**
 * The option showing a stored position the edit form does not offer (one the reference data
 * no longer lists), so the form shows it as it is; null for every listed position, or none.
 */
export function otherPositionOption(positionId: string | null): SelectOption | null {
  if (!positionId || EDIT_POSITION_OPTIONS.some((o) => o.value === editValueOfPosition(positionId)))
    return null;
  return { value: positionId, label: `${positionId} (current)` };
}

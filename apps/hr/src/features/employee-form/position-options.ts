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

/** The edit form's positions as the spec's edit form sends them: doctor, nurse, HR. */
export const EDIT_POSITION_OPTIONS: readonly SelectOption[] = EDIT_FORM_POSITIONS.map(
  ({ value, label }) => ({ value, label }),
);

/** The edit form's value for a stored position id: its word (P002 → nurse), else the id itself. */
export function editValueOfPosition(positionId: string | null): string {
  if (!positionId) return '';
  return EDIT_FORM_POSITIONS.find((p) => p.positionId === positionId)?.value ?? positionId;
}

/**
 * The option showing a stored position the edit form does not offer (a pharmacist, say), so the
 * form shows it as it is; null for the three it offers, or none.
 */
export function otherPositionOption(positionId: string | null): SelectOption | null {
  if (!positionId || EDIT_FORM_POSITIONS.some((p) => p.positionId === positionId)) return null;
  const position = findPosition(positionId);
  return { value: positionId, label: position ? `${position.name} (current)` : positionId };
}

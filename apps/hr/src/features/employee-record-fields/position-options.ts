import { t } from '@portal/i18n';
import {
  ADD_FORM_POSITION_IDS,
  EDIT_FORM_POSITIONS,
  findDepartment,
  findPosition,
  localName,
  POSITIONS,
  type Position,
} from '@portal/reference-data';
import type { SelectOption } from '@portal/form-widgets';

/**
 * "P002 Nurse (Nursing)": the position's id and name, as the spec's add form, and its
 * department, in the language shown.
 */
export function positionLabel(position: Position, locale: string): string {
  const department = findDepartment(position.departmentId);
  const name = localName(position, locale);
  return department
    ? t('hr.employeeFields.positionOption', {
        positionId: position.id,
        position: name,
        department: localName(department, locale),
      })
    : `${position.id} ${name}`;
}

const addFormFirst = new Set<string>(ADD_FORM_POSITION_IDS);

/** The add form's positions in order: the spec's P001, P002 and P011, then every other one. */
const ADD_POSITIONS: readonly Position[] = [
  ...ADD_FORM_POSITION_IDS.map((id) => findPosition(id)!),
  ...POSITIONS.filter((p) => !addFormFirst.has(p.id)),
];

/**
 * The add form's positions, by id: the spec's P001 Doctor, P002 Nurse and P011 HR first, then
 * every other position of the reference data, each with its department, in the language shown.
 */
export function addPositionOptions(locale: string): SelectOption[] {
  return ADD_POSITIONS.map((position) => ({
    value: position.id,
    label: positionLabel(position, locale),
  }));
}

const editWords = new Map<string, string>(EDIT_FORM_POSITIONS.map((p) => [p.positionId, p.value]));

/**
 * The edit form's positions' values and positions: every position of the reference data (a
 * porter is set here like a doctor). The spec's three come first and keep the values its edit
 * form sends (doctor, nurse, HR), which the API still reads; the others are sent by id (P010),
 * which it reads too.
 */
const EDIT_POSITIONS: readonly { value: string; position: Position }[] = [
  ...EDIT_FORM_POSITIONS.map(({ value, positionId }) => ({
    value,
    position: findPosition(positionId)!,
  })),
  ...POSITIONS.filter((p) => !editWords.has(p.id)).map((p) => ({ value: p.id, position: p })),
];

/** The edit form's positions, named in the language shown (Doctor, Nurse, HR, then the others). */
export function editPositionOptions(locale: string): SelectOption[] {
  return EDIT_POSITIONS.map(({ value, position }) => ({
    value,
    label: localName(position, locale),
  }));
}

/** The edit form's value for a stored position id: its word (P002 → nurse), else the id itself. */
export function editValueOfPosition(positionId: string | null): string {
  if (!positionId) return '';
  return editWords.get(positionId) ?? positionId;
}

/**
 * The option showing a stored position the edit form does not offer (one the reference data
 * no longer lists), so the form shows it as it is; null for every listed position, or none.
 * Built when shown (its label is in the language shown then).
 */
export function otherPositionOption(positionId: string | null): SelectOption | null {
  if (!positionId || EDIT_POSITIONS.some((o) => o.value === editValueOfPosition(positionId)))
    return null;
  return { value: positionId, label: t('hr.employeeFields.currentPosition', { positionId }) };
}

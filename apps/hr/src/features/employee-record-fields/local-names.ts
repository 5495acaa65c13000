import { DEPARTMENTS, findPosition, localName } from '@portal/reference-data';

/**
 * A position's name in the language shown: the reference data's name for the stored id, else
 * the name the API sent (a position the reference data no longer lists), else null.
 */
export function positionName(
  positionId: string | null,
  sentName: string | null,
  locale: string,
): string | null {
  const position = positionId ? findPosition(positionId) : undefined;
  return position ? localName(position, locale) : sentName;
}

/** A department's name (as the API sends it, in English) in the language shown. */
export function departmentName(sentName: string | null, locale: string): string | null {
  const department = DEPARTMENTS.find((d) => d.name === sentName);
  return department ? localName(department, locale) : sentName;
}

/** Where a field of a form can be found: its visible label and the id of its focusable element. */
export interface RegisteredField {
  readonly label: string;
  readonly id: string;
}

/**
 * The fields each form shows, by value path, kept apart from react-hook-form's internals so that
 * server errors can be placed only on fields that exist on screen (anything else must go to the
 * page's notice) and the error summary can name and link them. Keyed by the form's control.
 */
const registry = new WeakMap<object, Map<string, RegisteredField>>();

/** Records a field of a form; returns the function that forgets it (an effect's cleanup). */
export function registerField(control: object, name: string, field: RegisteredField): () => void {
  let fields = registry.get(control);
  if (!fields) {
    fields = new Map();
    registry.set(control, fields);
  }
  fields.set(name, field);
  const own = fields;
  return () => {
    if (own.get(name)?.id === field.id) own.delete(name);
  };
}

/**
 * The field that shows errors at `path`: the field of that name, or, for an error on a part of
 * a value (a list item, `patient_chronic_disease.1`), the first field inside it, or, for a list's
 * own error (`….root`), the field of the list.
 */
export function findField(control: object, path: string): RegisteredField | undefined {
  const fields = registry.get(control);
  if (!fields) return undefined;
  const exact = fields.get(path);
  if (exact) return exact;
  for (const [name, field] of fields) if (name.startsWith(`${path}.`)) return field;
  if (path.endsWith('.root')) return fields.get(path.slice(0, -'.root'.length));
  return undefined;
}

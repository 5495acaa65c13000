import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { FieldError } from '@portal/contract';
import { translateEnglish } from '@portal/i18n';
import { findField } from './field-registry';

/** Options of applyServerErrors. */
export interface ApplyServerErrorsOptions {
  /** Renames the API's field paths where a form names its values differently. */
  fieldMap?: Readonly<Record<string, string>>;
}

/**
 * Shows the field errors of an API problem (`errors: [{field, message}]`, dotted paths such
 * as `patient.age` or `resignation_date`) on the form's fields, focusing the first, and returns
 * the messages that belong to no field on screen (`body`, `cursor`, a field the form lacks), for
 * the page's error notice. It changes no value: the form keeps what was typed. (A field shows
 * its message in the language shown: FieldErrorText.)
 */
export function applyServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, 'setError' | 'control'>,
  fieldErrors: readonly FieldError[] | undefined,
  options: ApplyServerErrorsOptions = {},
): string[] {
  const unplaced: string[] = [];
  let focused = false;
  for (const { field, message } of fieldErrors ?? []) {
    const path = options.fieldMap?.[field] ?? field;
    const target = findField(form.control, path);
    if (!target) {
      // Its words in the language shown (a server that answered in English is read back).
      const words = translateEnglish(message);
      unplaced.push(field && field !== 'body' ? `${field}: ${words}` : words);
      continue;
    }
    form.setError(path as Path<T>, { type: 'server', message });
    // Focus by the registered element rather than react-hook-form's ref: an error on a list
    // item has no ref of its own, but its picker has an element.
    if (!focused) document.getElementById(target.id)?.focus();
    focused = true;
  }
  return unplaced;
}

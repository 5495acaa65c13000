import { useId } from 'react';
import { type FieldErrors, useFormContext, useFormState } from 'react-hook-form';
import { translateEnglish } from '@portal/i18n';
import { useT } from '@portal/ui';
import { findField } from './field-registry';

/** One error of the form: where it is and what it says. */
interface ErrorEntry {
  readonly path: string;
  readonly message: string;
}

/** Every error message in react-hook-form's nested errors, with its dotted path. */
export function flattenErrors(errors: FieldErrors, prefix = ''): ErrorEntry[] {
  const entries: ErrorEntry[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref' || key === 'types' || !value || typeof value !== 'object') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    const { message } = value as { message?: unknown };
    if (typeof message === 'string' && message) entries.push({ path, message });
    entries.push(...flattenErrors(value as FieldErrors, path));
  }
  return entries;
}

/** Props of FormErrorSummary. */
export interface FormErrorSummaryProps {
  /** The heading (by default "Please check these fields" in the language shown). */
  title?: string;
}

/**
 * After a submit that failed validation, a list of what is wrong, each item naming its field
 * and linking to it, so that a keyboard or screen-reader user can go straight to each one.
 * Shows nothing before the first submit or once everything is fixed.
 */
export function FormErrorSummary({ title }: FormErrorSummaryProps) {
  const t = useT();
  const titleId = useId();
  const form = useFormContext();
  const { errors, submitCount } = useFormState({ control: form.control });
  const entries = flattenErrors(errors);
  if (submitCount === 0 || entries.length === 0) return null;
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-md border-2 border-danger-700 bg-danger-50 p-4 text-danger-800"
    >
      <h2 id={titleId} className="text-base font-bold">
        {title ?? t('common.form.errorSummaryTitle')}
      </h2>
      <ul className="mt-2 flex list-disc flex-col gap-1 pl-5">
        {entries.map(({ path, message }) => {
          const field = findField(form.control, path);
          const shown = translateEnglish(message);
          const text = field ? `${field.label}: ${shown}` : shown;
          return (
            <li key={path}>
              {field ? (
                <a
                  href={`#${field.id}`}
                  className="font-medium underline underline-offset-2"
                  onClick={(event) => {
                    event.preventDefault();
                    document.getElementById(field.id)?.focus();
                  }}
                >
                  {text}
                </a>
              ) : (
                text
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

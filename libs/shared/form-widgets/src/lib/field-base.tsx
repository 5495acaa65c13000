import { type ReactNode, useEffect, useId } from 'react';
import { type FieldErrors, get, useFormContext, useFormState } from 'react-hook-form';
import { translateEnglish } from '@portal/i18n';
import { Msg, useLocale } from '@portal/ui';
import { registerField } from './field-registry';

/** What every field takes. */
export interface FieldProps {
  /** Path of the value in the form; dotted for nested values (`patient.first_name`). */
  name: string;
  /** The visible label (also the field's accessible name). */
  label: string;
  /** Marks the label and sets `required`; the schema is what actually refuses a blank value. */
  required?: boolean;
  placeholder?: string;
  /** Help shown under the label and read with the field. */
  hint?: string;
  autoComplete?: string;
  disabled?: boolean;
}

/** Classes of every text-like input and select: 44 px tall, 3:1 border, red when invalid. */
const inputClasses =
  'block min-h-11 w-full rounded-md border border-muted bg-surface px-3 py-2 text-base text-ink placeholder:text-muted aria-invalid:border-2 aria-invalid:border-danger-700 disabled:cursor-not-allowed disabled:border-line disabled:bg-canvas disabled:text-muted';
/** Classes of every text-like input and select (see inputClasses). */
export const INPUT_CLASS = inputClasses;

/** The message of the first error found at one of `names` (a list's own error sits in `root`). */
export function errorMessageAt(errors: FieldErrors, names: readonly string[]): string | undefined {
  for (const name of names) {
    const error: { message?: unknown; root?: { message?: unknown } } | undefined = get(
      errors,
      name,
    );
    if (typeof error?.message === 'string' && error.message) return error.message;
    if (typeof error?.root?.message === 'string' && error.root.message) return error.root.message;
  }
  return undefined;
}

/**
 * The wiring every field shares: the form from context, ids for the control, hint and error,
 * the current error message (looked up at `name`, then at `alsoShowErrorsOf`), and the field's
 * entry in the registry used by server errors and the error summary.
 */
export function useFieldBase(
  name: string,
  label: string,
  hint: string | undefined,
  alsoShowErrorsOf: readonly string[] = [],
) {
  const id = useId();
  const form = useFormContext();
  if (!form) throw new Error(`Field "${label}" must sit inside PortalForm or a FormProvider`);
  const names = [name, ...alsoShowErrorsOf];
  const { errors } = useFormState({ control: form.control, name: names });
  const message = errorMessageAt(errors, names);
  const { control } = form;
  useEffect(() => registerField(control, name, { label, id }), [control, name, label, id]);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = message ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { form, id, hintId, errorId, message, describedBy };
}

/** A field's label, with a visual mark when required (the control itself says "required"). */
export function FieldLabel({
  htmlFor,
  required,
  children,
}: {
  htmlFor: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <label htmlFor={htmlFor} className="text-sm font-semibold text-ink">
      {children}
      {required ? <RequiredMark /> : null}
    </label>
  );
}

/** The asterisk after a required field's label; hidden from screen readers, which say "required". */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-1 text-danger-700">
      *
    </span>
  );
}

/** Explains the asterisk; put it once above a form that has required fields. */
export function RequiredFieldsNote({ className = '' }: { className?: string }) {
  return (
    <p className={`text-sm text-muted ${className}`}>
      <Msg id="common.form.requiredNote" components={{ 0: <span className="text-danger-700" /> }} />
    </p>
  );
}

/**
 * The hint under a label. A hint given in English that a catalogue has (a field's default hint
 * from hints.ts, say) is shown in the language shown now.
 */
export function FieldHint({ id, children }: { id: string | undefined; children: ReactNode }) {
  useLocale(); // shown again in the other language when the switch changes it
  if (!id) return null;
  return (
    <p id={id} className="text-sm text-muted">
      {typeof children === 'string' ? translateEnglish(children) : children}
    </p>
  );
}

/**
 * The error under a field, referenced by the field's aria-describedby. The message is the
 * contract's rule's (or the server's) English words, shown in the language shown now.
 */
export function FieldErrorText({
  id,
  message,
}: {
  id: string | undefined;
  message: string | undefined;
}) {
  useLocale(); // shown again in the other language when the switch changes it
  if (!id || !message) return null;
  return (
    <p id={id} className="text-sm font-medium text-danger-700">
      {translateEnglish(message)}
    </p>
  );
}

/** Label, hint, control and error stacked, as every single-control field lays them out. */
export function FieldFrame({
  id,
  label,
  required,
  hint,
  hintId,
  errorId,
  message,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  hintId?: string;
  errorId?: string;
  message?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <FieldHint id={hintId}>{hint}</FieldHint>
      {children}
      <FieldErrorText id={errorId} message={message} />
    </div>
  );
}

import { translateEnglish } from '@portal/i18n';
import type { ReactNode } from 'react';
import { Spinner } from '../button/spinner';
import { useLocale } from '../i18n/use-t';

/** A text the contract wrote in English (MESSAGES) in the language shown; markup as it is. */
function shown(content: ReactNode): ReactNode {
  return typeof content === 'string' ? translateEnglish(content) : content;
}

/** A long wait in progress: a spinner and the visible text, e.g. LOADING_PROFILE_MESSAGE. */
export function LoadingState({ label }: { label: string }) {
  useLocale();
  return (
    <div role="status" className="flex items-center justify-center gap-3 px-4 py-10 text-muted">
      <Spinner className="size-6 text-brand-700" />
      <span className="text-sm font-medium">{translateEnglish(label)}</span>
    </div>
  );
}

/** Nothing to show yet, e.g. NO_PATIENT_DATA_MESSAGE. */
export function EmptyState({ children }: { children: ReactNode }) {
  useLocale();
  return (
    <div className="rounded-lg border border-dashed border-line bg-surface px-4 py-10 text-center text-sm text-muted">
      {shown(children)}
    </div>
  );
}

/** Props of {@link ErrorState}. */
export interface ErrorStateProps {
  children: ReactNode;
  /**
   * `block` (the default) stands in for a whole panel that could not load; `inline` is one line
   * of red text inside a card, a list or a form, e.g. a save that failed beside its fields.
   */
  variant?: 'block' | 'inline';
  /** So a form or field can name this message (aria-describedby / aria-errormessage). */
  id?: string;
  /** Layout only, e.g. a grid span. */
  className?: string;
}

/**
 * Something failed, e.g. "Error: Could not load profile"; announced at once (role="alert").
 * The one error display of the apps: a panel that could not load, or (`variant="inline"`) a
 * line inside a card or form. A submit's outcome is SubmitErrorNotice (form-widgets) instead.
 */
export function ErrorState({ children, variant, id, className = '' }: ErrorStateProps) {
  useLocale();
  // A block frames the line an inline error is (no map: this is in every app's start-up chunk).
  /* eslint-disable lingui/no-unlocalized-strings -- a class list, not words */
  const frame =
    variant === 'inline'
      ? ''
      : 'rounded-lg border border-danger-700 bg-danger-50 px-4 py-6 text-center ';
  /* eslint-enable lingui/no-unlocalized-strings */
  return (
    <div
      role="alert"
      id={id}
      className={`${frame}text-sm font-medium text-danger-800 ${className}`}
    >
      {shown(children)}
    </div>
  );
}

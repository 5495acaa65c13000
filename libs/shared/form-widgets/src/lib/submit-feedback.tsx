import { type Ref, useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { FieldError } from '@portal/contract';
import { translateEnglish } from '@portal/i18n';
import { Notice, useLocale } from '@portal/ui';
import { applyServerErrors } from './server-errors';

/** What a form says after a submit: its success value, its failure, or nothing yet. */
export type SubmitFeedback<S> =
  | { kind: 'success'; value: S }
  | { kind: 'error'; detail: string; otherMessages: readonly string[] }
  | null;

/** The parts of an API failure a form uses (an ApiError from @portal/api-client fits). */
export interface SubmitFailure {
  readonly detail: string;
  readonly fieldErrors?: readonly FieldError[];
}

/**
 * A form's after-submit feedback. A success is announced and focus moves to its notice; a
 * failure marks the fields the server names (focus goes to the first of them) or, when it
 * names none, moves focus to the error notice. Nothing is cleared on failure. A failure of no
 * form (`form` null: a step that has no fields of its own) is the notice alone.
 */
export function useSubmitFeedback<S>() {
  const [feedback, setFeedback] = useState<SubmitFeedback<S>>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const noticeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (focusRequest) noticeRef.current?.focus();
  }, [focusRequest]);

  const succeed = useCallback((value: S) => {
    setFeedback({ kind: 'success', value });
    setFocusRequest((n) => n + 1);
  }, []);

  const fail = useCallback(
    <T extends FieldValues>(
      form: UseFormReturn<T, unknown, unknown> | null,
      failure: SubmitFailure,
    ) => {
      const fieldErrors = form ? (failure.fieldErrors ?? []) : [];
      const otherMessages = form ? applyServerErrors(form, fieldErrors) : [];
      setFeedback({ kind: 'error', detail: failure.detail, otherMessages });
      if (fieldErrors.length === 0 || otherMessages.length === fieldErrors.length)
        setFocusRequest((n) => n + 1);
    },
    [],
  );

  const clear = useCallback(() => setFeedback(null), []);

  return { feedback, noticeRef, succeed, fail, clear };
}

/**
 * The red notice of a failed submit: the server's words and what no field could show, in the
 * language shown (a server that answered in English is read back by the contract catalogue).
 */
export function SubmitErrorNotice({
  feedback,
  noticeRef,
  title,
}: {
  feedback: SubmitFeedback<unknown>;
  noticeRef: Ref<HTMLDivElement>;
  title: string;
}) {
  useLocale(); // shown again in the other language when the switch changes it
  if (feedback?.kind !== 'error') return null;
  return (
    <Notice ref={noticeRef} tone="error" title={title} tabIndex={-1}>
      <p>{translateEnglish(feedback.detail)}</p>
      {feedback.otherMessages.length > 0 && (
        <ul className="mt-1 list-disc pl-5">
          {feedback.otherMessages.map((message) => (
            <li key={message}>{translateEnglish(message)}</li>
          ))}
        </ul>
      )}
    </Notice>
  );
}

import { useEffect, useEffectEvent, useRef } from 'react';
import { type FieldValues, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button, Dialog } from '@portal/ui';
import { PortalForm } from './portal-form';
import { type SubmitFailure, SubmitErrorNotice, useSubmitFeedback } from './submit-feedback';
import { TextAreaField } from './text-area-field';
import { type SchemaSource, usePortalForm } from './use-portal-form';

/** A request whose one field is the reason for it. */
type ReasonSchema = z.ZodType<{ reason: string }, FieldValues>;

/** Props of {@link ReasonDialog}. */
export interface ReasonDialogProps<S extends ReasonSchema> {
  /** The call's request schema (the contract's): its rule for the reason is shown beside it. */
  readonly schema: SchemaSource<S>;
  readonly title: string;
  readonly description: string;
  /** The form's accessible name (the title, unless it needs the record named). */
  readonly formLabel?: string;
  readonly reasonLabel: string;
  readonly maxLength: number;
  /** The notice's title when the call is refused. */
  readonly failedTitle: string;
  /** The way out that changes nothing ("Keep the note"). */
  readonly keepLabel: string;
  /** The action ("Stop", "Refuse access"): shown as the dangerous one. */
  readonly submitLabel: string;
  readonly role?: 'dialog' | 'alertdialog';
  /** Whether the call is under way (both buttons wait). */
  readonly busy: boolean;
  /** Sends the request; a refusal is thrown, and read by `toFailure`. */
  readonly submit: (values: z.output<S>) => Promise<unknown>;
  /** The refusal as the form shows it (the API client's `toApiError`). */
  readonly toFailure: (error: unknown) => SubmitFailure;
  /** After the call succeeded. */
  readonly onDone: () => void;
  /** Closed without the action. */
  readonly onClose: () => void;
  /** A reason typed before (a draft kept while the dialog was closed). */
  readonly initialReason?: string;
  /** The reason as it is typed, for a draft kept outside the dialog. */
  readonly onReasonChange?: (reason: string) => void;
}

/**
 * A dialog that asks why before an action that stays on the record (stopping a prescription,
 * marking a note entered in error, refusing access): the reason required by the call's own
 * schema, the focus on it as the dialog opens, a refusal shown in the dialog with what was typed
 * kept, "keep" and the action side by side (stacked on a phone).
 */
export function ReasonDialog<S extends ReasonSchema>(props: ReasonDialogProps<S>) {
  const form = usePortalForm(props.schema, {
    defaultValues: { reason: props.initialReason ?? '' } as never,
  });
  const { feedback, noticeRef, fail, clear } = useSubmitFeedback();
  const reasonRef = useRef<HTMLElement | null>(null);
  const reason = useWatch({ control: form.control, name: 'reason' as never }) as unknown;
  const report = useEffectEvent((text: string) => props.onReasonChange?.(text));
  useEffect(() => {
    if (typeof reason === 'string') report(reason);
  }, [reason]);
  return (
    <Dialog
      open
      role={props.role}
      title={props.title}
      description={props.description}
      onClose={props.onClose}
      initialFocusRef={reasonRef}
    >
      <PortalForm
        form={form}
        aria-label={props.formLabel ?? props.title}
        onSubmit={async (values) => {
          clear();
          try {
            await props.submit(values);
            props.onDone();
          } catch (error) {
            fail(form, props.toFailure(error));
          }
        }}
      >
        <SubmitErrorNotice feedback={feedback} noticeRef={noticeRef} title={props.failedTitle} />
        <div
          ref={(element) => {
            reasonRef.current = element?.querySelector('textarea') ?? null;
          }}
        >
          <TextAreaField
            name="reason"
            label={props.reasonLabel}
            required
            rows={3}
            maxLength={props.maxLength}
          />
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={props.busy} onClick={props.onClose}>
            {props.keepLabel}
          </Button>
          <Button type="submit" variant="danger" busy={props.busy}>
            {props.submitLabel}
          </Button>
        </div>
      </PortalForm>
    </Dialog>
  );
}

import { type ReactNode, type Ref, useState } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { toApiError } from '@portal/api-client';
import {
  FormActions,
  PortalForm,
  RequiredFieldsNote,
  type SchemaSource,
  SubmitErrorNotice,
  usePortalForm,
  useSubmitFeedback,
} from '@portal/form-widgets';
import { PageHeading } from '@portal/ui';
import { LeaveGuard } from '../leave-guard';

/** What an add page configures: its words, rules, empty form, call and what a success shows. */
export interface AddRecordPageProps<S extends z.ZodType<FieldValues, FieldValues>, Answer, Added> {
  heading: string;
  description: string;
  /** The contract's request schema, or its loader (see usePortalForm). */
  schema: SchemaSource<S>;
  /** The empty form: what the page opens with and what Reset and a success leave behind. */
  empty: DefaultValues<z.input<S>>;
  /** The page's add mutation. */
  save: { mutateAsync: (values: z.output<S>) => Promise<Answer>; isPending: boolean };
  /** The added record as the notice shows it (the answer with the person's name, say). */
  added: (answer: Answer, values: z.output<S>) => Added;
  /** What the success shows; `dismiss` forgets it, `noticeRef` takes the focus. */
  notice: (added: Added, at: { noticeRef: Ref<HTMLDivElement>; dismiss: () => void }) => ReactNode;
  /** The spec's internal failure message, logged to the console (the person sees the server's). */
  failureMessage: string;
  /** The refusal's title: "The patient was not added". */
  errorTitle: string;
  /** The record's fields. */
  children: ReactNode;
}

/**
 * An add page (Add Patient, Add Employee): the form with its rules, a refusal that keeps what
 * was typed and marks the fields at fault, and after a success a cleared form and the page's
 * notice (the activation code to hand over).
 */
export function AddRecordPage<S extends z.ZodType<FieldValues, FieldValues>, Answer, Added>(
  props: AddRecordPageProps<S, Answer, Added>,
) {
  const form = usePortalForm(props.schema, { defaultValues: props.empty });
  const { feedback, noticeRef, succeed, fail, clear } = useSubmitFeedback<Added>();
  // The last code issued stays on screen until dismissed or replaced by the next one, whatever
  // happens to the form meanwhile (typing, Reset, a refused submit).
  const [issued, setIssued] = useState<Added | null>(null);
  const shown = feedback?.kind === 'success' ? feedback.value : issued;
  const dismiss = () => {
    setIssued(null);
    if (feedback?.kind === 'success') clear();
  };

  return (
    <div className="flex flex-col gap-6">
      <LeaveGuard dirty={form.formState.isDirty} />
      <PageHeading description={props.description}>{props.heading}</PageHeading>
      {shown !== null && props.notice(shown, { noticeRef, dismiss })}
      <SubmitErrorNotice feedback={feedback} noticeRef={noticeRef} title={props.errorTitle} />
      <PortalForm
        form={form}
        aria-label={props.heading}
        onSubmit={async (values) => {
          clear();
          try {
            const answer = await props.save.mutateAsync(values);
            form.reset(props.empty);
            const added = props.added(answer, values);
            setIssued(added);
            succeed(added);
          } catch (error) {
            console.error(props.failureMessage);
            fail(form, toApiError(error));
          }
        }}
      >
        <RequiredFieldsNote />
        {props.children}
        <FormActions submitLabel="Done" busy={props.save.isPending} onReset={clear} />
      </PortalForm>
    </div>
  );
}

import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, type Ref, useState } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { type ApiError, toApiError } from '@portal/api-client';
import {
  FormActions,
  PortalForm,
  RequiredFieldsNote,
  type SchemaSource,
  SubmitErrorNotice,
  usePortalForm,
  useSubmitFeedback,
} from '@portal/form-widgets';
import { ActivationCodeNotice, loadLaterTexts, PageHeading, useIdle, useT } from '@portal/ui';
import { LeaveGuard } from '../leave-guard';
import { type AddRecordWords, idFieldOf } from './record-kind';

/** Add Patient's words (AddRecordWords). */
export const ADD_PATIENT_WORDS: AddRecordWords = {
  kind: 'patient',
  title: 'common.patientAdd.title',
  added: 'common.patientAdd.added',
  notAdded: 'common.patientAdd.notAdded',
};

/** Add Employee's words. */
export const ADD_EMPLOYEE_WORDS: AddRecordWords = {
  kind: 'employee',
  title: 'common.employeeAdd.title',
  added: 'common.employeeAdd.added',
  notAdded: 'common.employeeAdd.notAdded',
};

/**
 * What an add call answers: the record's id (under its kind's id field, `patient_id`) and the
 * activation code to hand over, if the record was given one.
 */
export interface AddAnswer extends Partial<Record<'patient_id' | 'employee_id', string>> {
  activation_code: string | null;
  activation_code_expires_at: string | null;
}

/** The added record as the page keeps it: the answer and what `person` read from the form. */
type AddedRecord<Answer, Person> = Answer & Person & { name: string };

/** What an add page configures: its words, rules, empty form, call and what a success shows. */
export interface AddRecordPageProps<
  S extends z.ZodType<FieldValues, FieldValues>,
  Answer extends AddAnswer,
  Person extends { name: string },
> {
  /**
   * Names the page and its notices, and by its kind the answer's id field (`patient_id`):
   * ADD_PATIENT_WORDS or ADD_EMPLOYEE_WORDS.
   */
  words: AddRecordWords;
  description: string;
  /** The contract's request schema, or its loader (see usePortalForm). */
  schema: SchemaSource<S>;
  /** The empty form: what the page opens with and what Reset and a success leave behind. */
  empty: DefaultValues<z.input<S>>;
  /** The page's add mutation. */
  save: { mutateAsync: (values: z.output<S>) => Promise<Answer>; isPending: boolean };
  /** The added person as the form named them (their name; more for `More`). */
  person: (values: z.output<S>) => Person;
  /** What the person registers as, for the handout (`Patient`). */
  handoutRole: (added: AddedRecord<Answer, Person>) => string;
  /** What the success says besides the code; `noticeRef` takes the focus when there is none. */
  More?: ComponentType<{ added: AddedRecord<Answer, Person>; noticeRef: Ref<HTMLDivElement> }>;
  /** The spec's internal failure message, logged to the console in English whatever the language
   * shown (it is for developers; the person sees the server's problem, in their language). */
  failureMessage: string;
  /** The next free id's query (`nextPatientIdQueryOptions`), offered beside the id field. */
  nextId: () => UseQueryOptions<string, ApiError, string, QueryKey>;
  /** The record's fields, given the next free id to offer beside the id field. */
  fields: (idSuggestion: string | undefined) => ReactNode;
}

/**
 * An add page (Add Patient, Add Employee): the form with its rules, a refusal that keeps what
 * was typed and marks the fields at fault, and after a success a cleared form and the page's
 * notice (the activation code to hand over).
 */
export function AddRecordPage<
  S extends z.ZodType<FieldValues, FieldValues>,
  Answer extends AddAnswer,
  Person extends { name: string },
>(props: AddRecordPageProps<S, Answer, Person>) {
  type Added = AddedRecord<Answer, Person>;
  const texts = props.words;
  const idField = idFieldOf(texts.kind);
  const t = useT();
  const { More } = props;
  // Asked once the page is shown (the API layer is not part of the first visit); an add
  // brings the next one.
  const nextId = useQuery({ ...props.nextId(), enabled: useIdle() });
  const form = usePortalForm(props.schema, { defaultValues: props.empty });
  const { feedback, noticeRef, succeed, fail, clear } = useSubmitFeedback<Added>();
  // The last code issued stays on screen until dismissed or replaced by the next one, whatever
  // happens to the form meanwhile (typing, Reset, a refused submit).
  const [issued, setIssued] = useState<Added | null>(null);
  const shown = feedback?.kind === 'success' ? feedback.value : issued;
  // The handout's person and code, when the record was given one.
  const code =
    shown?.activation_code && shown.activation_code_expires_at
      ? {
          code: shown.activation_code,
          expiresAt: shown.activation_code_expires_at,
          id: shown[idField] ?? '',
          name: shown.name,
          role: props.handoutRole(shown),
        }
      : null;
  const dismiss = () => {
    setIssued(null);
    if (feedback?.kind === 'success') clear();
  };

  return (
    <div className="flex flex-col gap-6">
      <LeaveGuard dirty={form.formState.isDirty} />
      <PageHeading description={props.description}>{t(texts.title)}</PageHeading>
      {code && (
        <ActivationCodeNotice
          ref={noticeRef}
          code={code.code}
          expiresAt={code.expiresAt}
          personLabel={`${code.name} (${code.id})`}
          title={t(texts.added, { id: code.id })}
          handout={{ name: code.name, id: code.id, role: code.role }}
          onDismiss={dismiss}
        />
      )}
      {shown !== null && More && <More added={shown} noticeRef={noticeRef} />}
      <SubmitErrorNotice feedback={feedback} noticeRef={noticeRef} title={t(texts.notAdded)} />
      <PortalForm
        form={form}
        aria-label={t(texts.title)}
        onSubmit={async (values) => {
          clear();
          try {
            // The success's words (the activation code's, the `later` pack) with the answer.
            const [answer] = await Promise.all([props.save.mutateAsync(values), loadLaterTexts()]);
            form.reset(props.empty);
            const added: Added = { ...answer, ...props.person(values) };
            setIssued(added);
            succeed(added);
          } catch (error) {
            console.error(props.failureMessage);
            fail(form, toApiError(error));
          }
        }}
      >
        <RequiredFieldsNote />
        {props.fields(nextId.data)}
        <FormActions
          submitLabel={t('common.recordEditor.done')}
          busy={props.save.isPending}
          onReset={clear}
        />
      </PortalForm>
    </div>
  );
}

import { type FetchQueryOptions, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { type ApiError, toApiError } from '@portal/api-client';
import { EMPLOYEE_ID_PLACEHOLDER_MESSAGE, PATIENT_ID_PLACEHOLDER_MESSAGE } from '@portal/contract';
import {
  FormActions,
  PortalForm,
  type SchemaSource,
  SubmitErrorNotice,
  usePortalForm,
  useSubmitFeedback,
} from '@portal/form-widgets';
import { translateEnglish } from '@portal/i18n';
import { PageHeading, useT } from '@portal/ui';
import { LeaveGuard, type useDiscardQuestion } from '../leave-guard';
import { type ReissueCodeMutation, NewActivationCodePanel } from '../new-activation-code-panel';
import { usePrefilledId } from '../prefilled-id';
import { RecordLookup, type RecordLookupProps } from '../record-lookup';
import { type SaveOutcome, SaveOutcomeNotice } from '../save-outcome-notice';
import { type EditRecordWords, idFieldOf } from './record-kind';

/** Edit Patient's words (EditRecordWords). */
export const EDIT_PATIENT_WORDS: EditRecordWords = {
  kind: 'patient',
  word: 'common.patientEdit.word',
  title: 'common.patientEdit.title',
  article: 'a',
  heading: 'common.patientEdit.heading',
  description: 'common.patientEdit.description',
  notUpdated: 'common.patientEdit.notUpdated',
  idLabel: 'common.patientEdit.idLabel',
  idPlaceholder: PATIENT_ID_PLACEHOLDER_MESSAGE,
  loadFirst: 'common.patientEdit.loadFirst',
};

/** Edit Employee's words. */
export const EDIT_EMPLOYEE_WORDS: EditRecordWords = {
  kind: 'employee',
  word: 'common.employeeEdit.word',
  title: 'common.employeeEdit.title',
  article: 'an',
  heading: 'common.employeeEdit.heading',
  description: 'common.employeeEdit.description',
  notUpdated: 'common.employeeEdit.notUpdated',
  idLabel: 'common.employeeEdit.idLabel',
  idPlaceholder: EMPLOYEE_ID_PLACEHOLDER_MESSAGE,
  loadFirst: 'common.employeeEdit.loadFirst',
};

/** The form's rules: the inputs' values are checked as a whole and sent as `Changes`. */
type FormSchema = z.ZodType<FieldValues, FieldValues>;

/** A save that sent something: the outcome, with whatever else the page says of it. */
export type UpdatedOutcome = Extract<SaveOutcome, { kind: 'updated' }>;

/** What an edit page configures; `Values` is the form as its inputs hold it. */
export interface EditRecordPageProps<
  Found,
  Values,
  Changes,
  Saved extends UpdatedOutcome,
  Key extends QueryKey = QueryKey,
> {
  /**
   * Names the page and, by its kind, its id field and the address's `?patient_id=` that loads
   * a record at once: EDIT_PATIENT_WORDS or EDIT_EMPLOYEE_WORDS.
   */
  words: EditRecordWords;
  /** The lookup's rule (see RecordLookup). */
  lookupSchema: RecordLookupProps['schema'];
  /** The form's rules, or their loader (see usePortalForm). */
  schema: SchemaSource<FormSchema>;
  /** The empty form: before a record is loaded, after a save and after Reset. */
  empty: Values;
  /** The record's query (the same query options its hook reads). */
  query: (id: string) => FetchQueryOptions<Found, ApiError, Found, Key>;
  idOf: (found: Found) => string;
  /** A loaded record as the form's values. */
  valuesOf: (found: Found) => Values;
  /** What to send: only what differs from the loaded values, or null when nothing does. */
  changesBetween: (loaded: Values, current: Values) => Changes | null;
  /** Sends the changes; the outcome names how many fields changed. */
  save: (found: Found, changes: Changes) => Promise<Saved>;
  /** Whether the save is under way. */
  busy: boolean;
  /** The spec's internal failure message, logged to the console in English whatever the language
   * shown (it is for developers; the person sees the server's problem, in their language). */
  failureMessage: string;
  /** The page's reissue mutation and, for a record that may have a new code, its person. */
  newCode: {
    reissue: ReissueCodeMutation & { reset: () => void };
    personOf: (found: Found) => { id: string; name: string; registered: boolean } | null;
  };
  /**
   * Asks before a lookup replaces a record with unsaved changes (none: replaced at once): the
   * question, and `useDiscardQuestion` itself, passed in so that a page that never asks does
   * not download it.
   */
  discard?: { question: (found: Found | null) => string; use: typeof useDiscardQuestion };
  /** Shown under the lookup while a record is loaded (above its new-code panel). */
  status?: (found: Found) => ReactNode;
  /** Added to the save's notice; `id` is the record the save concerned. */
  savedNote?: (
    outcome: Saved | Extract<SaveOutcome, { kind: 'unchanged' }>,
    id: string,
  ) => ReactNode;
  /** The record's fields (disabled until a record is loaded). */
  fields: (found: Found | null) => ReactNode;
}

/** A page that does not ask before replacing a record. */
const noQuestion: typeof useDiscardQuestion = () => ({
  ask: () => Promise.resolve(true),
  dialog: null,
});

/**
 * An edit page (Edit Patient, Edit Employee): find a record by id and the form fills itself;
 * change what is wrong and only that is sent. Leaving, or loading another record, with unsaved
 * changes asks first.
 */
export function EditRecordPage<
  Found,
  Values,
  Changes,
  Saved extends UpdatedOutcome,
  Key extends QueryKey = QueryKey,
>(props: EditRecordPageProps<Found, Values, Changes, Saved, Key>) {
  // An unchanged save names its record too, for what its notice adds (the way back to a chart).
  type Outcome = Saved | { kind: 'unchanged'; id: string };
  const texts = props.words;
  const { article, idPlaceholder } = texts;
  const idField = idFieldOf(texts.kind);
  const t = useT();
  const initialId = usePrefilledId(texts.kind);
  const queryClient = useQueryClient();
  // The form holds strings (and blank selects) that the schema's input type does not name.
  const asInput = (values: Values) => values as unknown as DefaultValues<FieldValues>;
  const [loaded, setLoaded] = useState<{ found: Found; values: Values } | null>(null);
  const [lookupReset, setLookupReset] = useState(0);
  const form = usePortalForm(props.schema, { defaultValues: asInput(props.empty) });
  const { feedback, noticeRef, succeed, fail, clear } = useSubmitFeedback<Outcome>();
  const { reissue } = props.newCode;
  // The same hook on every render: a page passes `discard` always or never.
  const useDiscard = props.discard?.use ?? noQuestion;
  const discard = useDiscard(form.formState.isDirty, {
    question: props.discard?.question(loaded?.found ?? null) ?? '',
    proceedLabel: t('common.recordEdit.loadWithoutSaving'),
  });

  const forget = () => {
    reissue.reset();
    setLoaded(null);
    form.reset(asInput(props.empty));
  };
  const resetAll = () => {
    forget();
    setLookupReset((n) => n + 1);
  };

  const saved = feedback?.kind === 'success' ? feedback.value : null;
  const person = loaded ? props.newCode.personOf(loaded.found) : null;

  return (
    <div className="flex flex-col gap-6">
      <LeaveGuard dirty={form.formState.isDirty} />
      {discard.dialog}
      <PageHeading description={t(texts.description)}>{t(texts.heading)}</PageHeading>
      {saved && (
        <SaveOutcomeNotice noun={t(texts.title)} outcome={saved} noticeRef={noticeRef}>
          {props.savedNote?.(saved, saved.id)}
        </SaveOutcomeNotice>
      )}
      <SubmitErrorNotice feedback={feedback} noticeRef={noticeRef} title={t(texts.notUpdated)} />

      <RecordLookup
        noun={{ article, word: t(texts.word) }}
        field={{
          name: idField,
          label: t(texts.idLabel),
          placeholder: translateEnglish(idPlaceholder),
        }}
        schema={props.lookupSchema}
        initialId={initialId}
        resetKey={lookupReset}
        confirmReplace={discard.ask}
        onStart={() => {
          clear();
          forget();
        }}
        onLoad={async (id) => {
          const found = await queryClient.fetchQuery(props.query(id));
          const values = props.valuesOf(found);
          setLoaded({ found, values });
          form.reset(asInput(values));
        }}
      />

      {loaded && props.status?.(loaded.found)}
      {person && (
        <NewActivationCodePanel
          person={{ id: person.id, name: person.name }}
          registered={person.registered}
          reissue={reissue}
        />
      )}

      <PortalForm
        form={form}
        aria-label={t(texts.heading)}
        onSubmit={async () => {
          if (!loaded) return;
          clear();
          // The inputs hold `Values` (see asInput), not the schema's input type.
          const current: unknown = form.getValues();
          const changes = props.changesBetween(loaded.values, current as Values);
          if (!changes) {
            succeed({ kind: 'unchanged', id: props.idOf(loaded.found) });
            return;
          }
          try {
            succeed(await props.save(loaded.found, changes));
            resetAll();
          } catch (error) {
            console.error(props.failureMessage);
            fail(form, toApiError(error));
          }
        }}
      >
        {/* Outside the faded fieldset: an instruction keeps its full contrast (4.5:1). */}
        {!loaded && <p className="text-sm text-muted">{t(texts.loadFirst)}</p>}
        <fieldset disabled={!loaded} className="flex flex-col gap-4 disabled:opacity-70">
          {props.fields(loaded?.found ?? null)}
          <FormActions
            submitLabel={t('common.recordEditor.done')}
            busy={props.busy}
            onReset={() => {
              resetAll();
              clear();
            }}
          />
        </fieldset>
      </PortalForm>
    </div>
  );
}

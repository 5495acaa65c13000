import {
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import {
  RECORD_KINDS,
  type RECORD_KIND_ANSWERS,
  type RECORD_KIND_REQUESTS,
  type RecordKind,
} from '@portal/contract';
import type { Page, PageParams } from './page';
import { pagedQueryOptions } from './paged-query';
import { normalizeCriteria, type RecordCriteria, recordKindKeys } from './query-keys';
import { type Answers, parseAnswer, parsePage, type RequestOptions, send } from './request';

/*
 * The calls patients and employees make alike, built once from the contract's description of
 * each kind (`RECORD_KINDS`: the endpoints and the id field; `RECORD_KIND_ANSWERS`: what each
 * answers) and the kind's query keys. Each call's file declares its kind's call, query options
 * and hook from these builders (`getPatient`, `patientQueryOptions`, `usePatient`), marked pure
 * so that a page keeps only what it uses.
 */

type KindAnswers<K extends RecordKind> = (typeof RECORD_KIND_ANSWERS)[K];
type KindRequests<K extends RecordKind> = (typeof RECORD_KIND_REQUESTS)[K];

/** What a kind's call answers (`RecordAnswer<'patient', 'record'>` is a `PatientRecord`). */
export type RecordAnswer<K extends RecordKind, A extends keyof KindAnswers<K>> = z.output<
  KindAnswers<K>[A]
>;

/** What a kind's call sends (`RecordRequest<'patient', 'add'>` is an `AddPatientRequest`). */
export type RecordRequest<K extends RecordKind, R extends keyof KindRequests<K>> = z.input<
  KindRequests<K>[R]
>;

/** A kind's answer schema, picked from the answer module when the call's answer arrives. */
function answerOf<K extends RecordKind, A extends keyof KindAnswers<K>>(kind: K, answer: A) {
  return (answers: Answers) =>
    answers.RECORD_KIND_ANSWERS[kind][answer] as z.ZodType<RecordAnswer<K, A>>;
}

/** GET one record by its id (`GET /patient/{patient_id}`). */
export function recordGetter<K extends RecordKind>(kind: K) {
  const { get, id } = RECORD_KINDS[kind];
  return async (
    recordId: string,
    options: RequestOptions = {},
  ): Promise<RecordAnswer<K, 'record'>> => {
    const response = await send(get, { ...options, params: { [id]: recordId.trim() } });
    return parseAnswer(answerOf(kind, 'record'), response);
  };
}

/** One record's query, keyed by its (trimmed) id; idle until there is an id to ask for. */
export function recordQuery<K extends RecordKind, T>(
  kind: K,
  get: (recordId: string, options: RequestOptions) => Promise<T>,
) {
  return (recordId: string) => {
    const id = recordId.trim();
    return queryOptions({
      queryKey: recordKindKeys(kind).detail(id),
      queryFn: ({ signal }) => get(id, { signal }),
      enabled: id !== '',
    });
  };
}

/** One record's hook; `enabled: false` keeps it idle. */
export function recordHook<T>(
  optionsOf: (recordId: string) => ReturnType<ReturnType<typeof recordQuery<RecordKind, T>>>,
) {
  return function useRecord(recordId: string, { enabled = true }: { enabled?: boolean } = {}) {
    const options = optionsOf(recordId);
    return useQuery({ ...options, enabled: enabled && options.enabled });
  };
}

/** A page of the records matching a search's criteria (`POST /patient/search-patient`). */
export function recordSearcher<K extends RecordKind>(kind: K) {
  const { search } = RECORD_KINDS[kind];
  return async (
    criteria: RecordRequest<K, 'search'>,
    page: PageParams = {},
    options: RequestOptions = {},
  ): Promise<Page<RecordAnswer<K, 'record'>>> => {
    const response = await send(search, { ...options, data: criteria, page });
    const records = answerOf(kind, 'records') as (
      answers: Answers,
    ) => z.ZodType<RecordAnswer<K, 'record'>[]>;
    return parsePage(records, response);
  };
}

/** A search as an infinite query keyed by its trimmed criteria (`key`: the kind's search key). */
export function recordSearchQuery<K extends RecordKind, T>(
  kind: K,
  searchPage: (
    criteria: RecordRequest<K, 'search'>,
    page: PageParams,
    options: RequestOptions,
  ) => Promise<Page<T>>,
  key: (criteria: RecordCriteria<K>, limit?: number) => readonly unknown[] = (criteria, limit) =>
    recordKindKeys(kind).search(criteria, limit),
) {
  return (criteria: RecordRequest<K, 'search'>, { limit }: { limit?: number } = {}) => {
    const normalized = normalizeCriteria(kind, criteria as Partial<RecordCriteria<K>>);
    return pagedQueryOptions(key(normalized, limit), limit, (page, options) =>
      searchPage(normalized as RecordRequest<K, 'search'>, page, options),
    );
  };
}

/** A search's hook, paged; pass `enabled: false` until the form is submitted. */
export function recordSearchHook<C, T>(
  optionsOf: (
    criteria: C,
    page: { limit?: number },
  ) => ReturnType<typeof pagedQueryOptions<T, readonly unknown[]>>,
) {
  return function useRecordSearch(
    criteria: C,
    { limit, enabled = true }: { limit?: number; enabled?: boolean } = {},
  ) {
    return useInfiniteQuery({ ...optionsOf(criteria, { limit }), enabled });
  };
}

/** Adds a record (`POST /patient/add-patient`): its id and the activation code to hand over. */
export function recordAdder<K extends RecordKind>(kind: K) {
  const { add } = RECORD_KINDS[kind];
  return async (
    body: RecordRequest<K, 'add'>,
    options: RequestOptions = {},
  ): Promise<RecordAnswer<K, 'added'>> =>
    parseAnswer(answerOf(kind, 'added'), await send(add, { ...options, data: body }));
}

/** Changes what is sent of a record (`PUT /patient/update-patient`); answers the record. */
export function recordUpdater<K extends RecordKind>(kind: K) {
  const { update } = RECORD_KINDS[kind];
  return async (
    body: RecordRequest<K, 'update'>,
    options: RequestOptions = {},
  ): Promise<RecordAnswer<K, 'updated'>> =>
    parseAnswer(answerOf(kind, 'updated'), await send(update, { ...options, data: body }));
}

/** An add or update form's mutation; every list, search and record of the kind is refetched after it. */
export function recordWriteHook<B, T>(kind: RecordKind, write: (body: B) => Promise<T>) {
  return function useRecordWrite() {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: (body: B) => write(body),
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: recordKindKeys(kind).all() });
      },
    });
  };
}

/** A new activation code for a record (`POST /patient/{patient_id}/activation-code`). */
export function codeReissuer(kind: RecordKind) {
  const { reissueCode, id } = RECORD_KINDS[kind];
  return async (recordId: string, options: RequestOptions = {}) =>
    parseAnswer(
      (answers) => answers.activationCodeResponseSchema,
      await send(reissueCode, { ...options, params: { [id]: recordId.trim() } }),
    );
}

/** Reissues a code; no cached data shows codes, so nothing is refetched. */
export function codeReissueHook<T>(reissue: (recordId: string) => Promise<T>) {
  return function useReissueCode() {
    return useMutation({ mutationFn: (recordId: string) => reissue(recordId) });
  };
}

/** The id the kind's add form suggests (`GET /patient/next-id`: `P038`). */
export function nextIdGetter(kind: RecordKind) {
  const { nextId, id } = RECORD_KINDS[kind];
  return async (options: RequestOptions = {}): Promise<string> => {
    const answer = await parseAnswer(answerOf(kind, 'nextId'), await send(nextId, options));
    return (answer as Record<string, string>)[id]!;
  };
}

/**
 * The query of the id an add form suggests, under its kind's own keys, so adding a record (which
 * invalidates them) brings the next suggestion. Always asked afresh when the form opens.
 */
export function nextIdQuery(kind: RecordKind, get: (options: RequestOptions) => Promise<string>) {
  // A plain key, as before: the pages take any add form's suggestion query.
  const queryKey: readonly unknown[] = recordKindKeys(kind).nextId();
  return () =>
    queryOptions({
      queryKey,
      queryFn: ({ signal }) => get({ signal }),
      staleTime: 0,
    });
}

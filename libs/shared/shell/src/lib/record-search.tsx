import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { DefaultValues } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import {
  NO_PATIENT_DATA_MESSAGE,
  NO_RESULT_MESSAGE,
  SEARCH_FAILED_MESSAGE,
} from '@portal/contract';
import { type ApiError, type Page, toApiError } from '@portal/api-client';
import {
  FormActions,
  PortalForm,
  type SchemaSource,
  TextField,
  usePortalForm,
} from '@portal/form-widgets';
import { t as translate, translateEnglish } from '@portal/i18n';
import {
  Button,
  EmptyState,
  ErrorState,
  LoadingState,
  Notice,
  PageHeading,
  useT,
} from '@portal/ui';

/** A paged list as the api-client's list and search hooks give it. */
type PagedQuery<T> = UseInfiniteQueryResult<InfiniteData<Page<T>>, ApiError>;

/** The three search criteria of both record types: the id's start, first and last name. */
type Criteria = Record<string, string>;

/** What a search page of one kind of record needs to say and do. */
export interface RecordSearchProps<T, C extends Criteria> {
  /** The page's heading (in the language shown, as every text the page passes). */
  title: string;
  /** The record in words: singular and plural ('patient', 'patients'). */
  noun: { one: string; many: string };
  /** The full list, loaded on open (e.g. usePatientList()). */
  list: PagedQuery<T>;
  /** The search hook (e.g. usePatientSearch); called on every render, enabled once submitted. */
  useSearch: (criteria: C, options: { enabled: boolean }) => PagedQuery<T>;
  /**
   * The contract's rule of the criteria, or a loader of it declared once at module level
   * (`() => import('@portal/contract/schemas').then((c) => c.searchPatientRequestSchema)`), so
   * that the page's own code names no schema module (the form fetches it when idle, as the add
   * forms do).
   */
  schema: SchemaSource<z.ZodType<C, C>>;
  /** The criteria fields, in order; the first is the id (matched by its start). */
  fields: readonly { name: keyof C & string; label: string; placeholder?: string }[];
  emptyCriteria: C;
  /** The text when the full list cannot load. */
  loadFailedMessage: string;
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /**
   * Renders the records shown (every page loaded so far) as one element, a table, instead of
   * a list of `renderItem`s.
   */
  renderItems?: (items: T[]) => ReactNode;
  /** Shown under the heading, before the search form (the HR page's waiting approvals). */
  aside?: ReactNode;
  /**
   * Controls of the full list (sort and filters), shown above it; the list given in `list`
   * already follows them. Hidden while a search's results replace the list.
   */
  listControls?: ReactNode;
}

/**
 * The criteria of a search in words, e.g. "ID starting “P00”, last name “sri”", in the
 * language shown (the fields' labels are).
 */
function describeCriteria(
  criteria: Criteria,
  fields: readonly { name: string; label: string }[],
): string {
  return fields
    .filter((f) => criteria[f.name])
    .map((f) =>
      f === fields[0]
        ? translate('common.search.idStarting', { value: criteria[f.name] ?? '' })
        : translate('common.search.criterion', {
            field: f.label.toLowerCase(),
            value: criteria[f.name] ?? '',
          }),
    )
    .join(', ');
}

/** One page after another of records, with the count and a way to load the next page. */
function PagedResults<T>({
  query,
  noun,
  itemKey,
  renderItem,
  renderItems,
}: Pick<RecordSearchProps<T, Criteria>, 'noun' | 'itemKey' | 'renderItem' | 'renderItems'> & {
  query: PagedQuery<T>;
}) {
  const pages = query.data?.pages ?? [];
  const items = pages.flatMap((p) => p.items);
  const total = pages[0]?.total ?? items.length;
  const more = pages[0]?.more === true;
  const t = useT();
  // The spec words an empty list this way for patients and employees alike.
  if (items.length === 0)
    return <EmptyState>{translateEnglish(NO_PATIENT_DATA_MESSAGE)}</EmptyState>;
  const counted = {
    shown: String(items.length),
    noun: total === 1 && !more ? noun.one : noun.many,
  };
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted" aria-live="polite">
        {more
          ? t('common.search.showingMore', { ...counted, total: total.toLocaleString('en') })
          : t('common.search.showing', { ...counted, total: String(total) })}
      </p>
      {renderItems ? (
        renderItems(items)
      ) : (
        <ul className="flex flex-col gap-3">
          {items.map((item) => (
            <li key={itemKey(item)}>{renderItem(item)}</li>
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <div>
          <Button
            variant="secondary"
            busy={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {t('common.search.loadMore', { noun: noun.many })}
          </Button>
        </div>
      )}
    </div>
  );
}

/** Where a search page keeps its criteria in the history entry's state. */
const CRITERIA_STATE_KEY = 'searchCriteria';

/**
 * The search's criteria (null: the full list), kept in the history entry as well: Back from a
 * record opened in the results returns to the same results (cached), where the scroll position
 * can be restored (NavigationScroll), rather than to the full list. The address stays the
 * spec's: the criteria (names) are not put in it, nor in any server log.
 */
function useSearchCriteria<C extends Criteria>(): [C | null, (criteria: C | null) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const saved = (location.state as Record<string, unknown> | null)?.[CRITERIA_STATE_KEY];
  const [criteria, setCriteria] = useState<C | null>(() => (saved as C | undefined) ?? null);
  const set = (next: C | null) => {
    setCriteria(next);
    const state = { ...(location.state as object | null), [CRITERIA_STATE_KEY]: next };
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state },
    );
  };
  return [criteria, set];
}

/**
 * A search page (the spec's 'Search pages'): the full list loads on open, a page at a time; a
 * non-empty search result replaces it, an empty one keeps it (and says "No match for …"), a failed search
 * shows 'No result'. The form clears after a search, as every form does; the criteria stay
 * visible above the results.
 */
export function RecordSearch<T, C extends Criteria>(props: RecordSearchProps<T, C>) {
  const { list, noun } = props;
  const t = useT();
  const [criteria, setCriteria] = useSearchCriteria<C>();
  const search = props.useSearch(criteria ?? props.emptyCriteria, { enabled: criteria !== null });
  const form = usePortalForm(props.schema, {
    defaultValues: props.emptyCriteria as DefaultValues<C>,
  });
  const searching = criteria !== null && search.isFetching && !search.isFetchingNextPage;

  const found = search.data?.pages.some((p) => p.items.length > 0) ?? false;
  const showSearch = criteria !== null && search.isSuccess && found;
  const emptySearch = criteria !== null && search.isSuccess && !found;
  const failedSearch = criteria !== null && search.isError;
  const shared = {
    noun,
    itemKey: props.itemKey,
    renderItem: props.renderItem,
    renderItems: props.renderItems,
  };

  // As after every form's submit, focus goes to what the search did (its results line, or the
  // notice of no match or of a failure) once it is known, so that it is heard where it is.
  const outcome = useRef<HTMLElement | null>(null);
  const focusOutcome = useRef(false);
  const setOutcome = (element: HTMLElement | null) => {
    outcome.current = element;
  };
  useEffect(() => {
    if (!focusOutcome.current || searching) return;
    if (!showSearch && !emptySearch && !failedSearch) return;
    focusOutcome.current = false;
    outcome.current?.focus();
  }, [searching, showSearch, emptySearch, failedSearch]);

  let results: ReactNode;
  if (failedSearch) results = <ErrorState>{translateEnglish(NO_RESULT_MESSAGE)}</ErrorState>;
  else if (showSearch) results = <PagedResults query={search} {...shared} />;
  else if (list.isPending)
    results = <LoadingState label={t('common.search.loading', { noun: noun.many })} />;
  else if (list.isError) results = <ErrorState>{props.loadFailedMessage}</ErrorState>;
  else results = <PagedResults query={list} {...shared} />;

  return (
    <div className="flex flex-col gap-6">
      <PageHeading description={t('common.search.description')}>{props.title}</PageHeading>
      {props.aside}
      <PortalForm
        form={form}
        role="search"
        aria-label={t('common.search.form', { noun: noun.many })}
        onSubmit={(values) => {
          focusOutcome.current = true;
          setCriteria({ ...values });
          form.reset(props.emptyCriteria);
        }}
      >
        <div className="grid gap-4 sm:grid-cols-3">
          {props.fields.map((field) => (
            <TextField
              key={field.name}
              name={field.name}
              label={field.label}
              placeholder={field.placeholder}
              autoComplete="off"
            />
          ))}
        </div>
        <FormActions
          submitLabel={t('common.search.submit')}
          busy={searching}
          onReset={() => {
            focusOutcome.current = false;
            setCriteria(null);
          }}
        />
      </PortalForm>
      {showSearch && (
        <p ref={setOutcome} tabIndex={-1} className="text-sm text-muted">
          {t('common.search.resultsFor', {
            criteria: describeCriteria(criteria, props.fields),
          })}
        </p>
      )}
      {emptySearch && (
        <Notice ref={setOutcome} tone="info">
          {t('common.search.noMatch', { criteria: describeCriteria(criteria, props.fields) })}
        </Notice>
      )}
      {failedSearch && (
        <Notice ref={setOutcome} tone="error" title={translateEnglish(SEARCH_FAILED_MESSAGE)}>
          {toApiError(search.error).detail}
        </Notice>
      )}
      {!showSearch && !failedSearch && props.listControls}
      <section
        aria-label={noun.many.charAt(0).toUpperCase() + noun.many.slice(1)}
        aria-busy={list.isPending || searching}
      >
        {results}
      </section>
    </div>
  );
}

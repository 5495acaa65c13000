import { useEffect, useId, useRef, useState } from 'react';
import type { CatalogueItem, SubstanceItem, SubstanceKind } from '@portal/contract';
import { useCatalogueSearch } from '@portal/api-client';
import { catalogueEntryName } from '@portal/reference-data';
import { useLocale, useT } from '@portal/ui';

/** How long typing pauses before the catalogue is asked (ms). */
const TYPING_PAUSE_MS = 200;

/** An entry's name as a clinician reads it: Thai where it exists, a drug in English. */
export function entryLabel(item: CatalogueItem | SubstanceItem, locale: string): string {
  return catalogueEntryName(item, locale, 'clinician');
}

/** Props of {@link CatalogueCombobox}. */
export interface CatalogueComboboxProps {
  readonly catalogue: 'conditions' | 'substances';
  /** Of the substances, only this kind (a prescription's drug: `drug`). */
  readonly kind?: SubstanceKind;
  readonly label: string;
  readonly chosen: CatalogueItem | null;
  readonly onChoose: (item: CatalogueItem | null) => void;
  readonly invalid?: string | undefined;
  /** Takes the focus when it appears (it appears at a click on Add). */
  readonly focusOnMount?: boolean;
}

/**
 * A search-as-you-type picker over a catalogue (WAI-ARIA's combobox with a list box): the
 * clinician types a code's start or words, the entries come best first, arrows move, Enter or
 * a click chooses, Escape closes. Each option shows the name and, small, its main code.
 */
export function CatalogueCombobox(props: CatalogueComboboxProps) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const listId = `${id}-list`;
  const [typed, setTyped] = useState(props.chosen ? entryLabel(props.chosen, locale) : '');
  const [asked, setAsked] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const focusOnMount = props.focusOnMount;
  useEffect(() => {
    if (focusOnMount) inputRef.current?.focus();
  }, [focusOnMount]);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(typed), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const search = useCatalogueSearch(props.catalogue, asked, props.kind);
  const items = open && asked.trim().length >= 2 ? (search.data ?? []) : [];
  const choose = (item: CatalogueItem) => {
    props.onChoose(item);
    setTyped(entryLabel(item, locale));
    setOpen(false);
    setActive(-1);
  };
  const status =
    !open || asked.trim().length < 2
      ? t('clinical.chart.searchHint')
      : search.isFetching
        ? t('clinical.chart.searching')
        : items.length === 0
          ? t('clinical.chart.noMatch')
          : t('clinical.chart.matches', { count: items.length });
  return (
    <div className="relative flex flex-col gap-1">
      <label htmlFor={`${id}-input`} className="font-semibold">
        {props.label}
      </label>
      <input
        id={`${id}-input`}
        role="combobox"
        type="text"
        autoComplete="off"
        ref={inputRef}
        aria-autocomplete="list"
        aria-expanded={items.length > 0}
        aria-controls={listId}
        aria-describedby={`${id}-status${props.invalid ? ` ${id}-error` : ''}`}
        aria-invalid={props.invalid ? true : undefined}
        aria-activedescendant={active >= 0 && items[active] ? `${id}-option-${active}` : undefined}
        value={typed}
        className="min-h-11 rounded-lg border border-line bg-surface px-3 py-2 text-ink"
        onChange={(event) => {
          setTyped(event.target.value);
          setOpen(true);
          setActive(-1);
          if (props.chosen) props.onChoose(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
            setActive((index) => Math.min(index + 1, items.length - 1));
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive((index) => Math.max(index - 1, 0));
          } else if (event.key === 'Enter' && active >= 0 && items[active]) {
            event.preventDefault();
            choose(items[active]);
          } else if (event.key === 'Escape') {
            setOpen(false);
            setActive(-1);
          }
        }}
      />
      <p id={`${id}-status`} className="text-sm text-muted" aria-live="polite">
        {status}
      </p>
      {props.invalid && (
        <p id={`${id}-error`} className="text-sm font-semibold text-danger-700">
          {props.invalid}
        </p>
      )}
      <div
        id={listId}
        role="listbox"
        aria-label={props.label}
        hidden={items.length === 0}
        className="z-10 max-h-72 overflow-y-auto rounded-lg border border-line bg-surface shadow-lg"
      >
        {items.map((item, index) => (
          <div
            key={item.id}
            tabIndex={-1}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            className={`cursor-pointer px-3 py-2 [overflow-wrap:anywhere] ${index === active ? 'bg-brand-50' : ''}`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(item)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') choose(item);
            }}
          >
            {entryLabel(item, locale)}{' '}
            {item.codes[0] && (
              <span className="font-mono text-xs text-muted">{item.codes[0].code}</span>
            )}
          </div>
        ))}
      </div>
    </div>
  );
}

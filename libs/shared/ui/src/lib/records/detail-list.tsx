import { EMPTY_VALUE_MESSAGE } from '@portal/contract';
import { type MessageId, t } from '@portal/i18n';

/** A value as a record shows it: the spec's '-' when it is empty. */
export function shownValue(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === ''
    ? EMPTY_VALUE_MESSAGE
    : String(value);
}

const CHOICES: Readonly<Record<string, MessageId>> = {
  female: 'common.records.choiceFemale',
  male: 'common.records.choiceMale',
  yes: 'common.records.choiceYes',
  no: 'common.records.choiceNo',
};

/**
 * A stored choice ('female', 'yes') as a record shows it ('Female', 'Yes'), in the language
 * shown now (call it while rendering); another value is shown capitalised.
 */
export function capitalised(value: string | null): string | null {
  if (!value) return value;
  const id = Object.hasOwn(CHOICES, value) ? CHOICES[value] : undefined;
  return id ? t(id) : value.charAt(0).toUpperCase() + value.slice(1);
}

/** Props of DetailList. */
export interface DetailListProps {
  /** Label and value pairs, in the order to show them. */
  readonly items: readonly (readonly [label: string, value: string])[];
}

/**
 * A record's fields as a description list: label beside value from small screens up, label
 * above value on a phone; long values (an address, a treatment) wrap and keep their line breaks.
 * MyInfo's record view, the search results and the clinician's chart show fields this way.
 */
export function DetailList({ items }: DetailListProps) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-[max-content_1fr]">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-muted">{label}</dt>
          <dd className="whitespace-pre-line text-ink [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

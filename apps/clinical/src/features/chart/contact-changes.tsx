import { type ContactField, localDayTime } from '@portal/contract';
import { useContactChanges } from '@portal/api-client';
import type { MessageId } from '@portal/i18n';
import { Button, Card, ErrorState, useFormat, useT } from '@portal/ui';

/** Each contact field in the chart's words. */
const FIELD_WORDS: Record<ContactField, MessageId> = {
  phone_number: 'clinical.chart.contactPhone',
  email: 'clinical.chart.contactEmail',
  address: 'clinical.chart.contactAddress',
};

/**
 * Who changed the patient's phone number, email or address, and when, newest first (GET
 * /patient/{id}/contact-changes): the patient themselves from MyInfo, or a staff member by name.
 * The values are the record's, above.
 */
export function ContactChanges({ patientId }: { patientId: string }) {
  const t = useT();
  const format = useFormat();
  const changes = useContactChanges(patientId, { limit: 10 });
  const items = changes.data?.pages.flatMap((page) => page.items) ?? [];
  let body;
  if (changes.isPending)
    body = <p className="text-sm text-muted">{t('clinical.chart.contactLoading')}</p>;
  else if (changes.isError)
    body = <ErrorState variant="inline">{t('clinical.chart.contactFailed')}</ErrorState>;
  else if (items.length === 0)
    body = <p className="text-sm text-muted">{t('clinical.chart.contactNone')}</p>;
  else
    body = (
      <ul className="flex flex-col gap-1 text-sm">
        {items.map((change) => (
          <li key={`${change.changed_at}-${change.fields.join()}`}>
            {t('clinical.chart.contactChange', {
              when: format.dayTime(localDayTime(new Date(change.changed_at))),
              who: change.name ?? t('clinical.chart.contactByPatient'),
              fields: change.fields.map((field) => t(FIELD_WORDS[field])).join(', '),
            })}
          </li>
        ))}
      </ul>
    );
  return (
    <Card title={t('clinical.chart.contactTitle')}>
      {body}
      {changes.hasNextPage && (
        <Button
          variant="secondary"
          className="mt-3"
          busy={changes.isFetchingNextPage}
          onClick={() => void changes.fetchNextPage()}
        >
          {t('clinical.chart.contactMore')}
        </Button>
      )}
    </Card>
  );
}

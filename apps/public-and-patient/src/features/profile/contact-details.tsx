import { lazy, Suspense, useState } from 'react';
import type { MyContact } from '@portal/contract';
import { requirePack } from '@portal/i18n';
import { Button, Card, Notice, useT } from '@portal/ui';

// The form, its rules and the form kit's texts load when the patient opens it.
const ContactDialog = lazy(() =>
  import('./contact-dialog').then(async (m) => {
    await requirePack(m.DIALOG_TEXTS);
    return { default: m.ContactDialog };
  }),
);

/**
 * The patient's phone number, email and address as the record holds them, and a button to
 * change them (ContactDialog); the chart keeps who changed what.
 */
export function ContactDetails({ contact }: { contact: MyContact }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);
  const rows: [string, string][] = [
    [t('public.contact.phone'), contact.phone_number],
    [t('public.contact.email'), contact.email],
    [t('public.contact.address'), contact.address || '-'],
  ];
  return (
    <Card title={t('public.contact.title')}>
      {saved && (
        <Notice tone="success" title={t('public.contact.savedTitle')} className="mb-4">
          <p>{t('public.contact.saved')}</p>
        </Notice>
      )}
      <dl className="grid gap-2 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-muted">{label}</dt>
            <dd className="whitespace-pre-line text-ink [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
      <Button
        variant="secondary"
        className="mt-4"
        onClick={() => {
          setSaved(false);
          setOpen(true);
        }}
      >
        {t('public.contact.change')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ContactDialog
            contact={contact}
            onClose={() => setOpen(false)}
            onSaved={() => {
              setOpen(false);
              setSaved(true);
            }}
          />
        </Suspense>
      )}
    </Card>
  );
}

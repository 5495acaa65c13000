import { useEffect, useEffectEvent, useRef } from 'react';
import { createPortal } from 'react-dom';
import { hospitalToday, type Medication, personName } from '@portal/contract';
import { usePatient } from '@portal/api-client';
import { translateEnglish } from '@portal/i18n';
import { shownValue, useDoseLine, useFormat, useT } from '@portal/ui';

/** Props of {@link PrescriptionSheet}. */
export interface PrescriptionSheetProps {
  readonly patientId: string;
  readonly medication: Medication;
  /** The browser has printed it (or its print dialog closed): the sheet goes. */
  readonly onPrinted: () => void;
}

/**
 * The printed prescription of one medication: the hospital, the patient's name, ID and date of
 * birth, the date, the prescriber, the drug (its English generic name and code), the dose, the
 * quantity and the patient's instructions, and a line for the prescriber's signature. It is a
 * child of <body>, hidden on screen, and the browser's print dialog opens as it appears; while
 * it is there, printing prints the sheet alone (the `data-print-handout` rules in styles.css,
 * as the activation code's handout). It goes when the printing is over (`afterprint`).
 */
export function PrescriptionSheet({ patientId, medication: m, onPrinted }: PrescriptionSheetProps) {
  const t = useT();
  const format = useFormat();
  const doseLine = useDoseLine();
  // The chart has read the record already: no request.
  const record = usePatient(patientId);
  const p = record.data?.patient;
  const ready = Boolean(p);
  const printed = useRef(false);
  const done = useEffectEvent(() => onPrinted());
  useEffect(() => {
    const after = () => done();
    window.addEventListener('afterprint', after);
    return () => window.removeEventListener('afterprint', after);
  }, []);
  useEffect(() => {
    // Once, when the patient's details are there to print.
    if (!ready || printed.current) return;
    printed.current = true;
    window.print();
  }, [ready]);
  if (!p) return null;
  const rows: [string, string][] = [
    [t('clinical.medications.sheetPatient'), `${p.first_name} ${p.last_name}`],
    [t('clinical.medications.sheetPatientId'), p.patient_id],
    [
      t('clinical.medications.sheetDateOfBirth'),
      translateEnglish(shownValue(p.date_of_birth ? format.day(p.date_of_birth) : null)),
    ],
    [t('clinical.medications.sheetDate'), format.day(hospitalToday(new Date(m.created_at)))],
    [t('clinical.medications.sheetPrescriber'), personName(m.prescribed_by)],
  ];
  return createPortal(
    <section
      data-print-handout=""
      aria-label={t('clinical.medications.sheetTitle')}
      className="p-8 text-black"
    >
      <p className="text-sm font-semibold tracking-wide uppercase">
        {t('common.brand.hospitalName')}
      </p>
      <h1 className="mt-2 text-2xl font-bold">{t('clinical.medications.sheetTitle')}</h1>
      <dl className="mt-6 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-lg">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <dl className="mt-6 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 border-t border-black pt-4 text-lg">
        <dt className="font-semibold">{t('clinical.medications.sheetDrug')}</dt>
        <dd className="font-bold">
          {m.name}
          {m.codes[0] && (
            <span className="ml-2 font-mono text-sm font-normal">{m.codes[0].code}</span>
          )}
        </dd>
        <dt className="font-semibold">{t('clinical.medications.sheetDose')}</dt>
        <dd>{doseLine(m)}</dd>
        <dt className="font-semibold">{t('clinical.medications.sheetQuantity')}</dt>
        <dd>{format.number(m.quantity)}</dd>
        <dt className="font-semibold">{t('clinical.medications.sheetInstructions')}</dt>
        <dd className="whitespace-pre-line">{m.instructions}</dd>
      </dl>
      <p className="mt-16 w-72 border-t border-black pt-1 text-sm">
        {t('clinical.medications.sheetSignature')}
      </p>
    </section>,
    document.body,
  );
}

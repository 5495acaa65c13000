import { lazy, Suspense, useState } from 'react';
import { hospitalToday, type Medication, personName } from '@portal/contract';
import { usePatientMedications } from '@portal/api-client';
import { useMayPerform } from '@portal/auth';
import { LeaveGuard } from '@portal/shell';
import { Button, Card, ErrorState, LoadingState, useDoseLine, useFormat, useT } from '@portal/ui';
import {
  EMPTY_PRESCRIPTION,
  type PrescriptionDraft,
  prescriptionTyped,
} from './prescription-draft';
import { PrescriptionSheet } from './prescription-sheet';

// The form (react-hook-form, the catalogue's picker, the rules) loads when a doctor first
// prescribes; the stop dialog when one is first stopped.
const PrescribeForm = lazy(() =>
  import('./prescribe-form').then((m) => ({ default: m.PrescribeForm })),
);
const StopMedicationDialog = lazy(() =>
  import('./stop-medication-dialog').then((m) => ({ default: m.StopMedicationDialog })),
);

/** An instant's day on the hospital's clock, as the language shown writes it. */
function useDayOf(): (iso: string) => string {
  const format = useFormat();
  return (iso) => format.day(hospitalToday(new Date(iso)));
}

/** One prescription: what, how, how long, by whom, and what a clinician must see beside it. */
function MedicationItem({
  medication: m,
  actions,
}: {
  medication: Medication;
  actions?: React.ReactNode;
}) {
  const t = useT();
  const format = useFormat();
  const doseLine = useDoseLine();
  const dayOf = useDayOf();
  return (
    <li className="flex flex-col gap-1 rounded-lg border border-line px-3 py-2">
      {/* The English generic name, the main code small beside it, as the lists show entries. */}
      <span className="font-semibold [overflow-wrap:anywhere]">
        {m.name}{' '}
        {m.codes[0] && (
          <span className="font-mono text-xs font-normal text-muted">{m.codes[0].code}</span>
        )}
      </span>
      <span>{doseLine(m)}</span>
      <span className="text-sm">
        {t('clinical.medications.quantity', { quantity: format.number(m.quantity) })}
      </span>
      <span className="text-sm whitespace-pre-line [overflow-wrap:anywhere]">
        {t('clinical.medications.instructions', { instructions: m.instructions })}
      </span>
      {m.allergy_conflicts.map((conflict) => (
        <p
          key={`${conflict.allergy_id ?? ''}-${conflict.substance_id}`}
          className="rounded-lg border-2 border-danger-700 bg-danger-50 px-3 py-2 font-bold text-danger-800"
        >
          {t('clinical.medications.allergyConflict', { allergy: conflict.name })}
        </p>
      ))}
      {m.override_reason && (
        <p className="rounded-lg border border-warning-800 bg-warning-50 px-3 py-1 text-sm text-ink [overflow-wrap:anywhere]">
          {t('clinical.medications.overridden', { reason: m.override_reason })}
        </p>
      )}
      <span className="text-xs text-muted">
        {t('clinical.medications.prescribedBy', {
          name: personName(m.prescribed_by),
          date: dayOf(m.created_at),
        })}
        {m.status === 'active' &&
          ` · ${t('clinical.medications.until', { date: dayOf(m.ends_at) })}`}
      </span>
      {m.status === 'stopped' && m.stopped && (
        <span className="text-sm [overflow-wrap:anywhere]">
          {t('clinical.medications.stoppedBy', {
            name: personName(m.stopped.by),
            date: dayOf(m.stopped.at),
            reason: m.stopped.reason,
          })}
        </span>
      )}
      {m.status === 'completed' && (
        <span className="text-sm">
          {t('clinical.medications.completedOn', { date: dayOf(m.ends_at) })}
        </span>
      )}
      {actions}
    </li>
  );
}

/**
 * The chart's medications: the active prescriptions, each with its dose, instructions, who
 * prescribed it and when, an override's reason, and loudly any allergy it now meets; the stopped
 * and completed ones behind a disclosure. A Doctor (`prescribe`) prescribes from the drug
 * catalogue and stops one with a reason; anyone who reads the chart prints a prescription (a
 * sheet of its own: `PrescriptionSheet`).
 */
export function MedicationsSection({
  patientId,
  prescribingFirst = false,
}: {
  patientId: string;
  /** The visit view's: the form starts open (for those who may prescribe), without the focus. */
  prescribingFirst?: boolean;
}) {
  const t = useT();
  const may = useMayPerform();
  const medications = usePatientMedications(patientId);
  const [prescribing, setPrescribing] = useState(prescribingFirst);
  // What is typed in the form, kept while it is closed; leaving the page with it asks first.
  const [draft, setDraft] = useState<PrescriptionDraft>(EMPTY_PRESCRIPTION);
  const [stopping, setStopping] = useState<Medication | null>(null);
  const [printing, setPrinting] = useState<Medication | null>(null);
  const all = medications.data ?? [];
  const active = all.filter((m) => m.status === 'active');
  const past = all.filter((m) => m.status !== 'active');
  const mayPrescribe = may('prescribe');
  return (
    <Card title={t('clinical.medications.title')}>
      <LeaveGuard dirty={prescriptionTyped(draft)} />
      {medications.isPending ? (
        <LoadingState label={t('clinical.medications.loading')} />
      ) : medications.isError ? (
        <ErrorState>{t('clinical.medications.failed')}</ErrorState>
      ) : (
        <div className="flex flex-col gap-4">
          {active.length > 0 ? (
            <ul className="flex flex-col gap-2">
              {active.map((m) => (
                <MedicationItem
                  key={m.id}
                  medication={m}
                  actions={
                    <div className="flex flex-wrap gap-2 print:hidden">
                      <Button
                        variant="secondary"
                        aria-label={t('clinical.medications.printLabel', { name: m.name })}
                        onClick={() => setPrinting(m)}
                      >
                        {t('clinical.medications.print')}
                      </Button>
                      {mayPrescribe && (
                        <Button
                          variant="ghost"
                          aria-label={t('clinical.medications.stopLabel', { name: m.name })}
                          onClick={() => setStopping(m)}
                        >
                          {t('clinical.medications.stop')}
                        </Button>
                      )}
                    </div>
                  }
                />
              ))}
            </ul>
          ) : (
            <p className="text-muted">{t('clinical.medications.none')}</p>
          )}
          {past.length > 0 && (
            <details className="rounded-lg border border-line px-3 py-2">
              <summary className="cursor-pointer font-semibold">
                {t('clinical.medications.past', { count: past.length })}
              </summary>
              <ul className="mt-2 flex flex-col gap-2 text-muted">
                {past.map((m) => (
                  <MedicationItem key={m.id} medication={m} />
                ))}
              </ul>
            </details>
          )}
          {mayPrescribe &&
            (prescribing ? (
              <Suspense fallback={<LoadingState label={t('clinical.medications.formLoading')} />}>
                <PrescribeForm
                  patientId={patientId}
                  draft={draft}
                  onDraftChange={setDraft}
                  onClose={() => setPrescribing(false)}
                  focusOnOpen={!prescribingFirst}
                />
              </Suspense>
            ) : (
              <div className="print:hidden">
                <Button onClick={() => setPrescribing(true)}>
                  {t('clinical.medications.prescribe')}
                </Button>
              </div>
            ))}
        </div>
      )}
      {stopping && (
        <Suspense fallback={null}>
          <StopMedicationDialog
            patientId={patientId}
            medication={stopping}
            onClose={() => setStopping(null)}
          />
        </Suspense>
      )}
      {printing && (
        <PrescriptionSheet
          patientId={patientId}
          medication={printing}
          onPrinted={() => setPrinting(null)}
        />
      )}
    </Card>
  );
}

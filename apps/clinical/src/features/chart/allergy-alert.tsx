import {
  ALLERGY_SEVERITY_LABELS,
  allergySeverityRank,
  NO_DRUG_ALLERGIES_MESSAGE,
  type PatientRecord,
} from '@portal/contract';
import { usePatientAllergies } from '@portal/api-client';
import { translateEnglish } from '@portal/i18n';
import { catalogueEntryName, drugName } from '@portal/reference-data';
import { useLocale, useT } from '@portal/ui';
import { AllergyStateLine } from './clinical-lists';

/**
 * Allergies first and loud: an alert naming each active one (the allergy list's, by name and
 * class, food or drug; then the record's drugs the list does not name), the severe ones first,
 * each with its severity and reaction when known; or the spec's quiet line when there are none,
 * with a line beside it when nobody has asked the patient yet.
 */
export function AllergyAlert({
  patientId,
  allergies,
}: {
  patientId: string;
  allergies: PatientRecord['patient_drug_allergy'];
}) {
  const t = useT();
  const locale = useLocale();
  const list = usePatientAllergies(patientId);
  const active = (list.data?.allergies ?? []).filter(
    (a) => a.clinical_status === 'active' && a.verification_status !== 'entered-in-error',
  );
  const named = new Set(active.map((a) => a.seed_code));
  const items = [
    ...active.map((a) => ({
      key: a.id,
      name: catalogueEntryName(a, locale, 'clinician'),
      code: a.codes[0]?.code ?? null,
      severity: a.severity,
      reaction: a.reaction,
    })),
    ...allergies
      .filter((a) => !named.has(a.drug_id))
      .map((a) => ({
        key: a.drug_id,
        name: drugName(a.drug_id) ?? a.drug_id,
        code: a.drug_id,
        severity: a.severity ?? null,
        reaction: a.reaction ?? null,
      })),
  ];
  if (items.length === 0)
    return (
      <div className="flex flex-col gap-1">
        <p className="text-sm font-medium text-muted">
          {translateEnglish(NO_DRUG_ALLERGIES_MESSAGE)}
        </p>
        {list.data && <AllergyStateLine list={list.data} />}
      </div>
    );
  // A stable sort: equal severities keep the record's order.
  const ordered = [...items].sort(
    (a, b) => allergySeverityRank(a.severity) - allergySeverityRank(b.severity),
  );
  return (
    <div
      role="alert"
      className="rounded-lg border-2 border-danger-700 bg-danger-50 p-4 text-danger-800"
    >
      <p className="text-lg font-bold">{t('clinical.chart.drugAllergies')}</p>
      <ul className="mt-2 flex flex-col gap-2">
        {ordered.map(({ key, name, code, severity, reaction }) => (
          <li
            key={key}
            className="rounded-lg border border-danger-700 bg-surface px-3 py-2 [overflow-wrap:anywhere]"
          >
            <span className="font-semibold">
              {name} {code && <span className="font-mono text-sm">({code})</span>}
            </span>
            {severity && (
              <span
                className={`ml-2 inline-block rounded-full px-2 text-xs font-bold whitespace-nowrap uppercase ${severity === 'severe' ? 'bg-danger-700 text-white' : 'border border-danger-700'}`}
              >
                {translateEnglish(ALLERGY_SEVERITY_LABELS[severity])}
              </span>
            )}
            {reaction && (
              <span className="block text-sm text-ink">
                {t('clinical.chart.reaction', { reaction })}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

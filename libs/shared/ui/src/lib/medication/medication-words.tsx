import type { DoseUnit, Medication, MedicationFrequency, MedicationRoute } from '@portal/contract';
import type { MessageId } from '@portal/i18n';
import { drugNameFor } from '@portal/reference-data';
import { useFormat, useLocale, useT } from '../i18n/use-t';

/*
 * A prescription's words, in the language shown: its unit, route and frequency (the contract's
 * lists, `prescriptions.ts`) and the dose line the chart, the printed prescription and MyInfo
 * show. Their texts are `common.medication.*` (the `medicationWords` pack, which the chart's
 * visit pack and MyInfo's medications pack carry).
 */

/** Each dose unit's word. */
export const DOSE_UNIT_WORDS: Readonly<Record<DoseUnit, MessageId>> = {
  mg: 'common.medication.unit.mg',
  g: 'common.medication.unit.g',
  mcg: 'common.medication.unit.mcg',
  mL: 'common.medication.unit.mL',
  unit: 'common.medication.unit.unit',
  tablet: 'common.medication.unit.tablet',
  capsule: 'common.medication.unit.capsule',
  drop: 'common.medication.unit.drop',
  puff: 'common.medication.unit.puff',
  sachet: 'common.medication.unit.sachet',
  patch: 'common.medication.unit.patch',
};

/** Each route's words. */
export const MEDICATION_ROUTE_WORDS: Readonly<Record<MedicationRoute, MessageId>> = {
  oral: 'common.medication.route.oral',
  sublingual: 'common.medication.route.sublingual',
  topical: 'common.medication.route.topical',
  inhaled: 'common.medication.route.inhaled',
  nasal: 'common.medication.route.nasal',
  ophthalmic: 'common.medication.route.ophthalmic',
  otic: 'common.medication.route.otic',
  rectal: 'common.medication.route.rectal',
  vaginal: 'common.medication.route.vaginal',
  transdermal: 'common.medication.route.transdermal',
  intravenous: 'common.medication.route.intravenous',
  intramuscular: 'common.medication.route.intramuscular',
  subcutaneous: 'common.medication.route.subcutaneous',
};

/** Each frequency's words. */
export const MEDICATION_FREQUENCY_WORDS: Readonly<Record<MedicationFrequency, MessageId>> = {
  once_daily: 'common.medication.frequency.onceDaily',
  twice_daily: 'common.medication.frequency.twiceDaily',
  three_times_daily: 'common.medication.frequency.threeTimesDaily',
  four_times_daily: 'common.medication.frequency.fourTimesDaily',
  every_4_hours: 'common.medication.frequency.every4Hours',
  every_6_hours: 'common.medication.frequency.every6Hours',
  every_8_hours: 'common.medication.frequency.every8Hours',
  every_12_hours: 'common.medication.frequency.every12Hours',
  at_bedtime: 'common.medication.frequency.atBedtime',
  once: 'common.medication.frequency.once',
  as_needed: 'common.medication.frequency.asNeeded',
};

type Dosed = Pick<Medication, 'dose' | 'unit' | 'route' | 'frequency' | 'duration_days'>;

/** "500 mg, By mouth, three times daily, for 7 days", in the language shown. */
export function useDoseLine(): (medication: Dosed) => string {
  const t = useT();
  const format = useFormat();
  return (m) =>
    t('common.medication.doseLine', {
      dose: format.number(m.dose),
      unit: t(DOSE_UNIT_WORDS[m.unit]),
      route: t(MEDICATION_ROUTE_WORDS[m.route]),
      frequency: t(MEDICATION_FREQUENCY_WORDS[m.frequency]),
      days: m.duration_days,
    });
}

/**
 * A drug's name for a patient, by the one rule of reference-data's `drugNameFor`: its English
 * generic name, with the Thai name beside it when the page is in Thai ("amoxicillin
 * (อะม็อกซีซิลลิน)").
 */
export function useDrugNameForPatient(): (drug: Pick<Medication, 'name' | 'name_th'>) => string {
  const locale = useLocale();
  return (drug) => drugNameFor('patient', drug.name, locale === 'th' ? drug.name_th : null);
}

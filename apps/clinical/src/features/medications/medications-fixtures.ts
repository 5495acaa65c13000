import type { Medication } from '@portal/contract';
import { DOCTOR } from '../chart/chart-fixtures';

/*
 * The chart's medications of the tests and stories (plain values, as chart-fixtures.ts): P037
 * takes amoxicillin (prescribed past her recorded allergy, with the reason) and paracetamol;
 * ibuprofen was stopped and a course of cetirizine is over.
 */

const RXNORM = 'http://www.nlm.nih.gov/research/umls/rxnorm';

/** A prescription as the API answers it; what is not given is a week of 500 mg by mouth. */
export function medication(n: number, values: Partial<Medication>): Medication {
  return {
    id: `20000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    drug_id: 'rxn:161',
    name: 'paracetamol',
    name_th: 'พาราเซตามอล',
    codes: [{ system: RXNORM, code: '161', display: 'acetaminophen' }],
    dose: 500,
    unit: 'mg',
    route: 'oral',
    frequency: 'three_times_daily',
    duration_days: 7,
    quantity: 21,
    instructions: 'One tablet after meals',
    status: 'active',
    stopped: null,
    override_reason: null,
    prescribed_by: { ...DOCTOR },
    created_at: '2026-12-01T03:00:00.000Z',
    ends_at: '2026-12-08T03:00:00.000Z',
    allergy_conflicts: [],
    ...values,
  };
}

export const MEDICATIONS: Medication[] = [
  medication(1, {
    drug_id: 'rxn:723',
    name: 'amoxicillin',
    name_th: 'อะม็อกซีซิลลิน',
    codes: [{ system: RXNORM, code: '723', display: 'amoxicillin' }],
    unit: 'capsule',
    dose: 1,
    quantity: 21,
    instructions: 'One capsule three times a day until finished',
    override_reason: 'Tolerated a full course last year under observation',
    allergy_conflicts: [{ allergy_id: null, substance_id: 'rxn:723', name: 'amoxicillin' }],
    created_at: '2026-12-02T03:00:00.000Z',
    ends_at: '2026-12-09T03:00:00.000Z',
  }),
  medication(2, {
    frequency: 'as_needed',
    instructions: 'One tablet when in pain, at most four a day',
  }),
  medication(3, {
    drug_id: 'rxn:5640',
    name: 'ibuprofen',
    name_th: 'ไอบูโพรเฟน',
    codes: [{ system: RXNORM, code: '5640', display: 'ibuprofen' }],
    dose: 400,
    status: 'stopped',
    stopped: { reason: 'Stomach pain', by: { ...DOCTOR }, at: '2026-11-20T03:00:00.000Z' },
    created_at: '2026-11-18T03:00:00.000Z',
    ends_at: '2026-11-25T03:00:00.000Z',
  }),
  medication(4, {
    drug_id: 'rxn:20610',
    name: 'cetirizine',
    name_th: 'เซทิริซีน',
    codes: [{ system: RXNORM, code: '20610', display: 'cetirizine' }],
    dose: 10,
    frequency: 'at_bedtime',
    duration_days: 5,
    quantity: 5,
    status: 'completed',
    created_at: '2026-10-01T03:00:00.000Z',
    ends_at: '2026-10-06T03:00:00.000Z',
  }),
];

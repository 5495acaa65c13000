import { describe, expect, it } from 'vitest';
import { CLINICAL_ACTIONS, actionNotAllowedMessage, mayPerform } from './clinical-permissions';

describe('the clinical actions by position', () => {
  it('gives only a Doctor diagnoses and prescriptions, both allergies, vitals, notes, bookings', () => {
    const allowed = (position: string | null) =>
      CLINICAL_ACTIONS.filter((action) => mayPerform(position, action));
    expect(allowed('P001')).toEqual([
      'read',
      'diagnose',
      'record_allergy',
      'prescribe',
      'record_vitals',
      'write_note',
      'book',
      'cancel',
      'set_status',
    ]);
    expect(allowed('P002')).toEqual([
      'read',
      'record_allergy',
      'record_vitals',
      'write_note',
      'book',
      'cancel',
      'set_status',
    ]);
    for (const other of ['P003', 'P011', '', null]) expect(allowed(other)).toEqual([]);
  });

  it('names the action a refusal is about', () => {
    expect(actionNotAllowedMessage('prescribe')).toBe('Your position may not prescribe');
  });
});

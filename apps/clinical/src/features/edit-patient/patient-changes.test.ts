import { describe, expect, it } from 'vitest';
import { makePatientRecord } from '@portal/testing';
import { changesBetween, changesLists, formValuesOf, mergePatchOf } from './patient-changes';

describe('changesBetween', () => {
  const loaded = formValuesOf(
    makePatientRecord({
      patient: { patient_id: 'P123' },
      patient_drug_allergy: [{ drug_id: 'R002', reaction: 'Hives', severity: 'severe' }],
    }),
  );
  const edited = (change: (values: typeof loaded) => void) => {
    const values = structuredClone(loaded);
    change(values);
    return values;
  };

  it('answers null when nothing differs', () => {
    expect(changesBetween(loaded, structuredClone(loaded))).toBeNull();
  });

  it('sends the id and only the fields that changed, trimmed', () => {
    const update = changesBetween(
      loaded,
      edited((v) => (v.patient.phone_number = ' 0800000001 ')),
    );
    expect(update).toEqual({ patient: { patient_id: 'P123', phone_number: '0800000001' } });
  });

  it('does not send a field that was emptied: the API would leave it as it is', () => {
    expect(
      changesBetween(
        loaded,
        edited((v) => (v.patient.address = '')),
      ),
    ).toBeNull();
  });

  it('sends a list only when it changed, and then the whole new list', () => {
    const update = changesBetween(
      loaded,
      edited((v) => v.patient_drug_allergy.push({ drug_id: 'R010', reaction: '', severity: '' })),
    );
    // The allergy left as it was keeps its reaction and severity.
    expect(update).toEqual({
      patient: { patient_id: 'P123' },
      patient_drug_allergy: [
        { drug_id: 'R002', reaction: 'Hives', severity: 'severe' },
        { drug_id: 'R010', reaction: '', severity: '' },
      ],
    });
    expect(update?.patient_chronic_disease).toBeUndefined();
  });

  it('sends the list when only a reaction or severity changed', () => {
    const update = changesBetween(
      loaded,
      edited((v) => (v.patient_drug_allergy[0]!.severity = 'mild')),
    );
    expect(update?.patient_drug_allergy).toEqual([
      { drug_id: 'R002', reaction: 'Hives', severity: 'mild' },
    ]);
  });

  it('sends an emptied list, since an empty list is a real answer (no allergies)', () => {
    const update = changesBetween(
      loaded,
      edited((v) => (v.patient_drug_allergy = [])),
    );
    expect(update?.patient_drug_allergy ?? null).toEqual(
      loaded.patient_drug_allergy.length ? [] : null,
    );
  });
});

describe('mergePatchOf', () => {
  it('sends the fields without the id (the path names it) and the lists as they are, empty too', () => {
    expect(
      mergePatchOf({
        patient: { patient_id: 'P123', phone_number: '0800000001' },
        patient_drug_allergy: [],
      }),
    ).toEqual({ patient: { phone_number: '0800000001' }, patient_drug_allergy: [] });
    expect(mergePatchOf({ patient: { patient_id: 'P123' }, patient_chronic_disease: [] })).toEqual({
      patient_chronic_disease: [],
    });
  });

  it('goes only for a changed list', () => {
    expect(changesLists({ patient: { patient_id: 'P1', first_name: 'A' } })).toBe(false);
    expect(changesLists({ patient: { patient_id: 'P1' }, patient_drug_allergy: [] })).toBe(true);
  });
});

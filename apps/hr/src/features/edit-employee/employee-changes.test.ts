import { describe, expect, it } from 'vitest';
import { makeEmployee } from '@portal/testing';
import { changedFieldCount, changesBetween, formValuesOf } from './employee-changes';

const nurse = makeEmployee({ employee_id: 'E002', position_id: 'P002', salary: 36500 }, 2);
const loaded = formValuesOf(nurse);

describe('formValuesOf', () => {
  it('holds the record as the inputs do: the position as the edit form names it, the salary as text', () => {
    expect(loaded).toMatchObject({
      employee_id: 'E002',
      position_id: 'nurse',
      salary: '36500',
      resignation_date: '',
      work_status: 'yes',
    });
  });

  it('keeps a position the edit form does not offer as its id', () => {
    expect(formValuesOf(makeEmployee({ position_id: 'P003' }, 12)).position_id).toBe('P003');
    expect(formValuesOf(makeEmployee({ position_id: null }, 12)).position_id).toBe('');
  });
});

describe('changesBetween', () => {
  it('is null when nothing changed, white space aside', () => {
    expect(changesBetween(loaded, { ...loaded, first_name: ` ${loaded.first_name} ` })).toBeNull();
  });

  it('sends the id and the changed fields only, the salary as a number', () => {
    const update = changesBetween(loaded, { ...loaded, salary: '52000', position_id: 'HR' });
    expect(update).toEqual({ employee_id: 'E002', position_id: 'HR', salary: 52000 });
    expect(changedFieldCount(update!)).toBe(2);
  });

  it('does not send a field that was emptied (the API would leave it as it is)', () => {
    expect(changesBetween(loaded, { ...loaded, phone_number: '' })).toBeNull();
  });

  it('sends a Resignation Date only with work status no', () => {
    expect(changesBetween(loaded, { ...loaded, resignation_date: '2026-10-31' })).toBeNull();
    expect(
      changesBetween(loaded, { ...loaded, work_status: 'no', resignation_date: '2026-10-31' }),
    ).toEqual({ employee_id: 'E002', work_status: 'no', resignation_date: '2026-10-31' });
  });
});

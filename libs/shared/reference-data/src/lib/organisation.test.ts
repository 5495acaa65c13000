import { describe, expect, it } from 'vitest';
import {
  ADD_FORM_POSITION_IDS,
  DEPARTMENTS,
  EDIT_FORM_POSITIONS,
  findDepartment,
  findPosition,
  POSITION_IDS,
  POSITIONS,
  resolvePositionId,
} from './organisation';
import { isRole } from './roles';

describe('DEPARTMENTS and POSITIONS', () => {
  it('have unique ids', () => {
    const departmentIds = DEPARTMENTS.map((d) => d.id);
    const positionIds = POSITIONS.map((p) => p.id);
    expect(new Set(departmentIds).size).toBe(departmentIds.length);
    expect(new Set(positionIds).size).toBe(positionIds.length);
  });

  it('use the D and P id formats', () => {
    for (const { id } of DEPARTMENTS) expect(id).toMatch(/^D\d{3}$/);
    for (const { id } of POSITIONS) expect(id).toMatch(/^P\d{3}$/);
  });

  it.each(POSITIONS.map((p) => [p.id, p.departmentId] as const))(
    'places %s in the existing department %s',
    (_id, departmentId) => {
      expect(DEPARTMENTS.map((d) => d.id)).toContain(departmentId);
      expect(findDepartment(departmentId)).toBeDefined();
    },
  );

  it.each<[string, string, string]>([
    ['P001', 'Doctor', 'medical_personnel'],
    ['P002', 'Nurse', 'medical_personnel'],
    ['P011', 'HR', 'HR'],
  ])('has %s %s, who registers as %s', (id, name, portalRole) => {
    expect(findPosition(id)).toMatchObject({ id, name, portalRole });
  });

  it('grants a portal role to P001, P002 and P011 only', () => {
    const withRole = POSITIONS.filter((p) => p.portalRole !== null).map((p) => p.id);
    expect(withRole).toEqual(['P001', 'P002', 'P011']);
    for (const { portalRole } of POSITIONS) {
      if (portalRole !== null) expect(isRole(portalRole)).toBe(true);
    }
  });

  it('puts HR in Human Resources and the doctor in Medicine', () => {
    expect(findDepartment(findPosition('P011')?.departmentId ?? '')?.name).toBe('Human Resources');
    expect(findDepartment(findPosition('P001')?.departmentId ?? '')?.name).toBe('Medicine');
  });

  it('lists every position id in POSITION_IDS, in order', () => {
    expect(POSITION_IDS).toEqual(POSITIONS.map((p) => p.id));
  });
});

describe('form positions', () => {
  it('offers Doctor, Nurse and HR on the add form, all existing positions', () => {
    expect(ADD_FORM_POSITION_IDS).toEqual(['P001', 'P002', 'P011']);
    for (const id of ADD_FORM_POSITION_IDS) expect(findPosition(id)?.portalRole).not.toBeNull();
  });

  it.each(EDIT_FORM_POSITIONS.map((p) => [p.value, p.positionId, p.label] as const))(
    'maps the edit form value %j to the existing position %s (%s)',
    (value, positionId, label) => {
      expect(findPosition(positionId)?.name).toBe(label);
      expect(resolvePositionId(value)).toBe(positionId);
    },
  );

  it('has the edit form values doctor, nurse and HR', () => {
    expect(EDIT_FORM_POSITIONS.map((p) => p.value)).toEqual(['doctor', 'nurse', 'HR']);
  });
});

describe('findPosition and findDepartment', () => {
  it('find by exact id', () => {
    expect(findPosition('P002')?.name).toBe('Nurse');
    expect(findDepartment('D010')?.name).toBe('Human Resources');
  });

  it('find nothing for an unknown or differently spelt id', () => {
    expect(findPosition('P999')).toBeUndefined();
    expect(findPosition('p001')).toBeUndefined();
    expect(findPosition('')).toBeUndefined();
    expect(findDepartment('D011')).toBeUndefined();
    expect(findDepartment('P001')).toBeUndefined();
  });
});

describe('resolvePositionId', () => {
  it.each<[string, string]>([
    ['P001', 'P001'],
    ['P005', 'P005'],
    ['P011', 'P011'],
    ['p002', 'P002'],
    ['  P010  ', 'P010'],
    ['doctor', 'P001'],
    ['Doctor', 'P001'],
    ['DOCTOR', 'P001'],
    [' nurse ', 'P002'],
    ['Nurse', 'P002'],
    ['HR', 'P011'],
    ['hr', 'P011'],
    ['hR', 'P011'],
  ])('resolves %j to %s', (input, expected) => {
    expect(resolvePositionId(input)).toBe(expected);
  });

  it.each(['', '   ', 'P000', 'P012', 'P0011', 'P01', 'surgeon', 'doctors', 'Pharmacist', 'D001'])(
    'resolves %j to nothing',
    (input) => {
      expect(resolvePositionId(input)).toBeUndefined();
    },
  );
});

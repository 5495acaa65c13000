import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLE, isRole, ROLE_LABELS, ROLES } from './roles';

describe('roles', () => {
  it('are patient, HR and medical_personnel, in the spec order', () => {
    expect(ROLES).toEqual(['patient', 'HR', 'medical_personnel']);
  });

  it('are labelled Patient, HR and Medical Personnel', () => {
    expect(ROLE_LABELS).toEqual({
      patient: 'Patient',
      HR: 'HR',
      medical_personnel: 'Medical Personnel',
    });
    expect(Object.keys(ROLE_LABELS)).toEqual([...ROLES]);
  });

  it('start the register form at patient', () => {
    expect(DEFAULT_ROLE).toBe('patient');
    expect(isRole(DEFAULT_ROLE)).toBe(true);
  });
});

describe('isRole', () => {
  it.each([...ROLES])('accepts %j', (role) => {
    expect(isRole(role)).toBe(true);
  });

  it.each<unknown>([
    'Patient',
    'hr',
    'Hr',
    'medical personnel',
    'Medical Personnel',
    'doctor',
    'admin',
    ' patient',
    '',
    'toString',
    undefined,
    null,
    0,
    true,
    ['patient'],
    { role: 'patient' },
  ])('refuses %j', (value) => {
    expect(isRole(value)).toBe(false);
  });
});

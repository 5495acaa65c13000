import { describe, expect, it } from 'vitest';
import {
  ACCESS_KIND_TEXT,
  ACCESS_KINDS,
  ACCESS_LOG_READ_ACTION,
  accessKindOf,
  describeAccess,
  describeAccessActor,
} from './access-log';

describe('accessKindOf', () => {
  it.each([
    ['patient.read', 'viewed'],
    ['patient.appointment.list', 'viewed-appointments'],
    ['patient.list', 'listed'],
    ['patient.search', 'listed'],
    ['patient.create', 'created'],
    ['patient.update', 'changed'],
    ['patient.appointment.create', 'appointment-added'],
    ['patient.history.create', 'history-added'],
    ['patient.activation-code.create', 'activation-code'],
    ['something.new', 'other'],
  ])('maps a successful %s to %s', (action, kind) => {
    expect(accessKindOf(action, 'success')).toBe(kind);
  });

  it('maps any denied attempt to refused and any failure to failed', () => {
    expect(accessKindOf('patient.read', 'denied')).toBe('refused');
    expect(accessKindOf('patient.update', 'failure')).toBe('failed');
  });

  it('names the audit action of reading the log', () => {
    expect(ACCESS_LOG_READ_ACTION).toBe('patient.access-log.read');
  });
});

describe('describeAccess', () => {
  it('has a sentence for every kind', () => {
    expect(Object.keys(ACCESS_KIND_TEXT).sort()).toEqual([...ACCESS_KINDS].sort());
    for (const kind of ACCESS_KINDS) expect(ACCESS_KIND_TEXT[kind]).toMatch(/^[a-z]/);
  });

  it('names staff with their role, the patient as You, and nobody else', () => {
    expect(
      describeAccess({
        kind: 'viewed',
        actor: 'staff',
        name: 'Anan Wongsa',
        role: 'medical_personnel',
      }),
    ).toEqual({ who: 'Anan Wongsa, medical personnel', what: 'viewed your record' });
    expect(describeAccessActor({ actor: 'staff', name: 'Ploy Chai', role: 'HR' })).toBe(
      'Ploy Chai, HR',
    );
    expect(describeAccessActor({ actor: 'staff', name: null, role: 'medical_personnel' })).toBe(
      'A staff member, medical personnel',
    );
    expect(describeAccessActor({ actor: 'you', name: null, role: null })).toBe('You');
    expect(describeAccessActor({ actor: 'patient', name: 'Hidden', role: 'patient' })).toBe(
      'Another patient',
    );
    expect(describeAccessActor({ actor: 'system', name: null, role: null })).toBe('The portal');
    expect(describeAccess({ kind: 'refused', actor: 'patient', name: null, role: null }).what).toBe(
      'tried to open your record — refused',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from './endpoints';
import { accessLogEntrySchema, accessLogSchema, upcomingAppointmentListSchema } from './my-record';
import { ROUTES } from './routes';

const ENTRY = {
  occurred_at: '2026-11-25T09:15:00.000Z',
  kind: 'viewed',
  actor: 'staff',
  name: 'Anan Wongsa',
  role: 'medical_personnel',
};

describe('the patient’s own lists', () => {
  it('are patient-only GET calls under /profile, and the log has a page of its own', () => {
    expect(ENDPOINTS.myAppointments).toEqual({
      method: 'GET',
      path: '/profile/appointments',
      access: ['patient'],
    });
    expect(ENDPOINTS.myAccessLog).toEqual({
      method: 'GET',
      path: '/profile/access-log',
      access: ['patient'],
    });
    expect(ROUTES.patientAccessLog).toBe('/patient-profile/access');
  });

  it('reads upcoming appointments as date, time and topic', () => {
    expect(
      upcomingAppointmentListSchema.parse([{ date: '2030-01-02', time: '09:00:00', topic: null }]),
    ).toHaveLength(1);
    expect(upcomingAppointmentListSchema.safeParse([{ date: '2030-01-02' }]).success).toBe(false);
  });

  it('reads an access-log entry', () => {
    expect(accessLogSchema.parse([ENTRY])).toEqual([ENTRY]);
    expect(
      accessLogEntrySchema.parse({ ...ENTRY, occurred_at: '2026-11-25T16:15:00+07:00' })
        .occurred_at,
    ).toBe('2026-11-25T16:15:00+07:00');
  });

  it.each([
    ['an unknown kind', { kind: 'peeked' }],
    ['an unknown actor', { actor: 'robot' }],
    ['an unknown role', { role: 'janitor' }],
    ['a time that is no instant', { occurred_at: 'yesterday' }],
    ['a missing name', { name: undefined }],
  ])('refuses %s', (_, change) => {
    expect(accessLogEntrySchema.safeParse({ ...ENTRY, ...change }).success).toBe(false);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appointmentsOverlap, minutesOfDay } from './appointment-rules';
import {
  type BookedTime,
  freeSlots,
  type FreeSlotQuery,
  isoWeekday,
  type LeaveDays,
  type ScheduleException,
  timeOfMinutes,
  wallClock,
  type WeeklySession,
  zonedInstant,
} from './clinic-hours-rules';
import { addDays } from './plain-rules';

/*
 * The slot arithmetic as properties: whatever the sessions, exceptions, leave and bookings, the
 * free slots are exactly the sessions' slots that none of them takes, each an instant whose wall
 * clock in the zone is its session's date and time (across UTC's date line and daylight saving).
 */

const ZONES = ['Asia/Bangkok', 'America/New_York', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'];
const FIRST_DAY = Date.parse('2026-01-01T00:00:00Z');
const dateArb = fc
  .integer({ min: 0, max: 400 })
  .map((n) => new Date(FIRST_DAY + n * 86_400_000).toISOString().slice(0, 10));
/** A time on the five-minute grid, as `HH:MM`. */
const minuteArb = (min: number, max: number) =>
  fc.integer({ min: min / 5, max: max / 5 }).map((n) => n * 5);

const sessionArb: fc.Arbitrary<WeeklySession> = fc
  .record({
    weekday: fc.integer({ min: 1, max: 7 }),
    start: minuteArb(0, 23 * 60),
    length: minuteArb(5, 8 * 60),
    slot_minutes: fc.constantFrom(5, 10, 15, 20, 30, 45, 60),
    department_id: fc.constantFrom('D001', 'D002', null),
  })
  .map(({ start, length, ...rest }) => ({
    ...rest,
    start: timeOfMinutes(start),
    end: timeOfMinutes(Math.min(start + length, 23 * 60 + 55)),
  }))
  .filter((s) => minutesOfDay(s.end) > minutesOfDay(s.start));

const queryArb = fc
  .record({
    sessions: fc.array(sessionArb, { maxLength: 6 }),
    from: dateArb,
    days: fc.integer({ min: 0, max: 13 }),
    zone: fc.constantFrom(...ZONES),
    exceptionAt: fc.array(
      fc.record({
        day: fc.integer({ min: 0, max: 13 }),
        hours: fc.option(fc.tuple(minuteArb(0, 23 * 60), minuteArb(5, 240)), { nil: undefined }),
      }),
      { maxLength: 3 },
    ),
    leaveAt: fc.array(
      fc.record({ day: fc.integer({ min: -3, max: 13 }), days: fc.integer({ min: 0, max: 3 }) }),
      { maxLength: 2 },
    ),
    bookedAt: fc.array(
      fc.record({
        day: fc.integer({ min: 0, max: 13 }),
        at: minuteArb(0, 23 * 60),
        length: minuteArb(5, 120),
      }),
      { maxLength: 6 },
    ),
  })
  .map((q): FreeSlotQuery & { zone: string } => ({
    sessions: q.sessions,
    from: q.from,
    to: addDays(q.from, q.days),
    zone: q.zone,
    exceptions: q.exceptionAt.map(({ day, hours }): ScheduleException =>
      hours
        ? {
            date: addDays(q.from, day),
            start: timeOfMinutes(hours[0]),
            end: timeOfMinutes(Math.min(hours[0] + hours[1], 23 * 60 + 55)),
          }
        : { date: addDays(q.from, day) },
    ),
    leave: q.leaveAt.map(({ day, days }): LeaveDays => ({
      from: addDays(q.from, day),
      to: addDays(q.from, day + days),
    })),
    booked: q.bookedAt.map(({ day, at, length }): BookedTime => ({
      date: addDays(q.from, day),
      time: timeOfMinutes(at),
      duration_minutes: length,
    })),
  }));

/** Whether a slot (date, minutes, length) is taken by an exception, a leave or a booking. */
function taken(q: FreeSlotQuery, date: string, at: number, minutes: number): boolean {
  const slot = { time: timeOfMinutes(at), duration_minutes: minutes };
  return (
    q.leave.some((l) => l.from <= date && date <= l.to) ||
    q.exceptions.some(
      (e) =>
        e.date === date &&
        (!e.start ||
          appointmentsOverlap(slot, {
            time: e.start,
            duration_minutes: minutesOfDay(e.end!) - minutesOfDay(e.start),
          })),
    ) ||
    q.booked.some((b) => b.date === date && appointmentsOverlap(slot, b))
  );
}

const RUNS = { numRuns: 200 };

describe('free slots', () => {
  it('are each a whole slot of a session of its weekday, on its grid, taken by nothing', () => {
    fc.assert(
      fc.property(queryArb, (q) => {
        for (const slot of freeSlots(q)) {
          expect(slot.date >= q.from && slot.date <= q.to).toBe(true);
          const at = minutesOfDay(slot.time);
          const session = q.sessions.some(
            (s) =>
              s.weekday === isoWeekday(slot.date) &&
              s.slot_minutes === slot.minutes &&
              at >= minutesOfDay(s.start) &&
              at + s.slot_minutes <= minutesOfDay(s.end) &&
              (at - minutesOfDay(s.start)) % s.slot_minutes === 0,
          );
          expect(session).toBe(true);
          expect(taken(q, slot.date, at, slot.minutes)).toBe(false);
        }
      }),
      RUNS,
    );
  });

  it('leave out no slot of a session that nothing takes (the zone permitting its time)', () => {
    fc.assert(
      fc.property(queryArb, (q) => {
        const starts = new Set(freeSlots(q).map((s) => `${s.date} ${s.time}`));
        for (let date = q.from; date <= q.to; date = addDays(date, 1)) {
          for (const s of q.sessions.filter((x) => x.weekday === isoWeekday(date))) {
            const end = minutesOfDay(s.end);
            for (let at = minutesOfDay(s.start); at + s.slot_minutes <= end; at += s.slot_minutes) {
              if (taken(q, date, at, s.slot_minutes)) continue;
              if (zonedInstant(date, at, q.zone) === null) continue;
              // Two sessions may offer the same start: one slot, of the first.
              expect(starts.has(`${date} ${timeOfMinutes(at)}`), `${date} ${at}`).toBe(true);
            }
          }
        }
      }),
      RUNS,
    );
  });

  it("start at the instant the zone's clock reads their date and time, and last their length", () => {
    fc.assert(
      fc.property(queryArb, (q) => {
        const slots = freeSlots(q);
        for (const slot of slots) {
          const start = Date.parse(slot.start);
          expect(slot.start).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/);
          expect(wallClock(start, q.zone)).toEqual({
            date: slot.date,
            minutes: minutesOfDay(slot.time),
          });
          expect(Date.parse(slot.end) - start).toBe(slot.minutes * 60_000);
        }
        // In start order, each start once.
        const starts = slots.map((s) => Date.parse(s.start));
        expect(starts).toEqual([...new Set(starts)].sort((a, b) => a - b));
      }),
      RUNS,
    );
  });

  it('only lose slots when a booking, a leave or an exception is added', () => {
    fc.assert(
      fc.property(
        queryArb,
        fc.record({ day: fc.integer({ min: 0, max: 13 }), at: minuteArb(0, 23 * 60) }),
        (q, extra) => {
          const before = freeSlots(q).map((s) => s.start);
          const date = addDays(q.from, extra.day);
          const variants: FreeSlotQuery[] = [
            {
              ...q,
              booked: [...q.booked, { date, time: timeOfMinutes(extra.at), duration_minutes: 15 }],
            },
            { ...q, leave: [...q.leave, { from: date, to: date }] },
            { ...q, exceptions: [...q.exceptions, { date }] },
          ];
          for (const variant of variants) {
            const after = freeSlots(variant).map((s) => s.start);
            expect(after.every((s) => before.includes(s))).toBe(true);
          }
          // A whole day off leaves nothing that day.
          expect(freeSlots(variants[1]!).some((s) => s.date === date)).toBe(false);
        },
      ),
      RUNS,
    );
  });

  it('keep to the window asked for and to one department', () => {
    fc.assert(
      fc.property(queryArb, fc.integer({ min: 0, max: 14 * 86_400_000 }), (q, offset) => {
        const notBefore = Date.parse(`${q.from}T00:00:00Z`) + offset;
        const notAfter = notBefore + 3 * 86_400_000;
        for (const slot of freeSlots({ ...q, notBefore, notAfter })) {
          expect(Date.parse(slot.start)).toBeGreaterThanOrEqual(notBefore);
          expect(Date.parse(slot.start)).toBeLessThanOrEqual(notAfter);
        }
        for (const slot of freeSlots({ ...q, departmentId: 'D002' }))
          expect(slot.department_id).toBe('D002');
      }),
      RUNS,
    );
  });
});

describe("the hospital's clock across UTC's date line", () => {
  it('puts a Bangkok session before 07:00 on the UTC day before, on its own hospital date', () => {
    const slots = freeSlots({
      sessions: [{ weekday: 1, start: '00:00', end: '01:00', slot_minutes: 30 }],
      exceptions: [],
      leave: [],
      booked: [],
      from: '2026-12-07',
      to: '2026-12-07',
    });
    expect(slots.map((s) => [s.start, s.date, s.time])).toEqual([
      ['2026-12-06T17:00:00.000Z', '2026-12-07', '00:00'],
      ['2026-12-06T17:30:00.000Z', '2026-12-07', '00:30'],
    ]);
  });

  it('skips a time the clock never reads (daylight saving begins) and takes a repeated one once', () => {
    // New York, 8 March 2026: 02:00 becomes 03:00.
    expect(zonedInstant('2026-03-08', 150, 'America/New_York')).toBeNull();
    const slots = freeSlots({
      sessions: [{ weekday: 7, start: '01:00', end: '04:00', slot_minutes: 30 }],
      exceptions: [],
      leave: [],
      booked: [],
      from: '2026-03-08',
      to: '2026-03-08',
      zone: 'America/New_York',
    });
    expect(slots.map((s) => s.time)).toEqual(['01:00', '01:30', '03:00', '03:30']);
    // 1 November 2026: 01:00–02:00 happens twice; its first is taken.
    expect(new Date(zonedInstant('2026-11-01', 90, 'America/New_York')!).toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
  });
});

/*
 * Clinic hours as plain values (no zod): a clinician's weekly sessions, dated exceptions and
 * leave, and the free slots they leave once booked appointments are taken out. The server
 * answers GET /slots and checks a patient's booking with {@link freeSlots}; the schemas built
 * on these values are in clinic-hours.ts.
 */
import { HOSPITAL_TIME_ZONE } from '@portal/reference-data';
import { appointmentsOverlap, minutesOfDay } from './appointment-rules';
import { addDays } from './plain-rules';

/** The shortest and longest slot a session may offer, in minutes. */
export const SLOT_MINUTES_MIN = 5;
export const SLOT_MINUTES_MAX = 240;

/** The most sessions a clinician's week may hold, and dated exceptions one schedule may list. */
export const SESSIONS_MAX = 42;
export const EXCEPTIONS_MAX = 366;

/** The longest range of dates one GET /slots may ask for, in days (both ends counted). */
export const SLOT_RANGE_MAX_DAYS = 62;

/** The longest leave one record may cover, in days (both ends counted). */
export const LEAVE_MAX_DAYS = 366;

/** The longest reason a patient may give for a booking, and a leave's note, in characters. */
export const BOOKING_REASON_MAX = 500;
export const LEAVE_NOTE_MAX = 200;

/** Why a session is refused: its end is not after its start (400 on `end`). */
export const SESSION_END_MESSAGE = 'The session must end after it starts';
/** Why a session is refused: another one of the same day overlaps it (400 on `start`). */
export const SESSION_OVERLAP_MESSAGE = 'Another session of the same day overlaps this one';
/** Why an exception with only one of its times is refused (400 on `end`). */
export const EXCEPTION_TIMES_MESSAGE = 'Give both a start and an end, or neither for the whole day';
/** Why a range is refused: it ends before it starts (400 on `to`). */
export const RANGE_ORDER_MESSAGE = 'The end date must not be before the start date';
/** Why a slot range is refused: it is too long (400 on `to`). */
export const SLOT_RANGE_MESSAGE = `Ask for at most ${SLOT_RANGE_MAX_DAYS} days of slots at once`;
/** Why a leave is refused: it is too long (400 on `to`). */
export const LEAVE_RANGE_MESSAGE = `One leave covers at most ${LEAVE_MAX_DAYS} days`;
/** Why a patient's booking is refused: the time is not a free slot (409 on `start`). */
export const SLOT_NOT_FREE_MESSAGE = 'This time is no longer free; choose another slot';
/** Why a booking is refused: it is further ahead than patients may book (400 on `start`). */
export function tooFarAheadMessage(days: number): string {
  return `Book at most ${days} days ahead`;
}
/** Why a booking is refused: the patient holds as many future bookings as allowed (409 on `start`). */
export function tooManyBookingsMessage(max: number): string {
  return `You already have ${max} upcoming appointments; cancel one before booking another`;
}

/** A day of the week, ISO 8601: 1 is Monday, 7 Sunday. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** One weekly session: on `weekday`, from `start` to `end`, in slots of `slot_minutes`. */
export interface WeeklySession {
  readonly weekday: number;
  readonly start: string;
  readonly end: string;
  readonly slot_minutes: number;
  readonly department_id?: string | null | undefined;
}

/** A dated exception: on `date`, no slot (the whole day) or none from `start` to `end`. */
export interface ScheduleException {
  readonly date: string;
  readonly start?: string | null | undefined;
  readonly end?: string | null | undefined;
}

/** Leave from `from` to `to`, whole hospital days, both counted. */
export interface LeaveDays {
  readonly from: string;
  readonly to: string;
}

/** A booked appointment of the clinician, on the hospital's clock. */
export interface BookedTime {
  readonly date: string;
  readonly time: string;
  readonly duration_minutes: number;
}

/** One free slot: its start and end as ISO instants, and the same on the hospital's clock. */
export interface FreeSlot {
  readonly start: string;
  readonly end: string;
  /** The hospital's date and `HH:MM` of the start. */
  readonly date: string;
  readonly time: string;
  readonly minutes: number;
  readonly department_id: string | null;
}

/** The ISO weekday (1 Monday … 7 Sunday) of a `YYYY-MM-DD` date. */
export function isoWeekday(date: string): Weekday {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return (day === 0 ? 7 : day) as Weekday;
}

/** `HH:MM` of minutes since midnight. */
export function timeOfMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

const zoneClocks = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `zone` at an instant: its date and minutes since midnight. */
export function wallClock(at: number, zone: string = HOSPITAL_TIME_ZONE) {
  let clock = zoneClocks.get(zone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    zoneClocks.set(zone, clock);
  }
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of clock.formatToParts(at)) part[type] = value;
  return {
    date: `${part.year}-${part.month}-${part.day}`,
    minutes: Number(part.hour) * 60 + Number(part.minute),
  };
}

/**
 * The instant (ms) at which `zone`'s clock reads `date` and `minutes`, or null for a time the
 * clock skips (a daylight-saving gap). A repeated time (the clock set back) is its first.
 */
export function zonedInstant(
  date: string,
  minutes: number,
  zone: string = HOSPITAL_TIME_ZONE,
): number | null {
  const asUtc = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  const offsetAt = (at: number) => {
    const wall = wallClock(at, zone);
    return Date.parse(`${wall.date}T00:00:00Z`) + wall.minutes * 60_000 - at;
  };
  // Offsets a day apart cover any change; the earlier candidate first, so a repeated time is its first.
  const candidates = [...new Set([offsetAt(asUtc - 86_400_000), offsetAt(asUtc + 86_400_000)])]
    .map((offset) => asUtc - offset)
    .sort((a, b) => a - b);
  for (const at of candidates) {
    const wall = wallClock(at, zone);
    if (wall.date === date && wall.minutes === minutes) return at;
  }
  return null;
}

/** What {@link freeSlots} takes: one clinician's hours and bookings, and the dates asked for. */
export interface FreeSlotQuery {
  readonly sessions: readonly WeeklySession[];
  readonly exceptions: readonly ScheduleException[];
  readonly leave: readonly LeaveDays[];
  readonly booked: readonly BookedTime[];
  /** The hospital dates asked for, both counted. */
  readonly from: string;
  readonly to: string;
  /** No slot starting before this instant (ms), nor after `notAfter`. */
  readonly notBefore?: number | undefined;
  readonly notAfter?: number | undefined;
  /** Only the sessions of this department. */
  readonly departmentId?: string | undefined;
  readonly zone?: string | undefined;
}

/**
 * The free slots of one clinician, by start: each session of a date's weekday cut into slots of
 * its length (a last piece shorter than that is no slot), less the whole day of a leave or of an
 * exception without times, less the slots an exception's times or a booked appointment overlap
 * (one that ends as the slot starts does not), on the hospital's clock; a slot's start and end
 * are instants. Two sessions offering the same start give one slot.
 */
export function freeSlots(query: FreeSlotQuery): FreeSlot[] {
  const zone = query.zone ?? HOSPITAL_TIME_ZONE;
  const slots = new Map<number, FreeSlot>();
  for (let date = query.from; date <= query.to; date = addDays(date, 1)) {
    if (query.leave.some((l) => l.from <= date && date <= l.to)) continue;
    const exceptions = query.exceptions.filter((e) => e.date === date);
    if (exceptions.some((e) => !e.start || !e.end)) continue;
    const weekday = isoWeekday(date);
    for (const session of query.sessions) {
      if (session.weekday !== weekday) continue;
      if (
        query.departmentId !== undefined &&
        (session.department_id ?? null) !== query.departmentId
      )
        continue;
      const end = minutesOfDay(session.end);
      for (
        let at = minutesOfDay(session.start);
        at + session.slot_minutes <= end;
        at += session.slot_minutes
      ) {
        const slot = { time: timeOfMinutes(at), duration_minutes: session.slot_minutes };
        const closed = exceptions.some((e) =>
          appointmentsOverlap(slot, {
            time: e.start!,
            duration_minutes: minutesOfDay(e.end!) - minutesOfDay(e.start!),
          }),
        );
        if (closed) continue;
        if (query.booked.some((b) => b.date === date && appointmentsOverlap(slot, b))) continue;
        const start = zonedInstant(date, at, zone);
        if (start === null || slots.has(start)) continue;
        if (query.notBefore !== undefined && start < query.notBefore) continue;
        if (query.notAfter !== undefined && start > query.notAfter) continue;
        const finish = start + session.slot_minutes * 60_000;
        slots.set(start, {
          start: new Date(start).toISOString(),
          end: new Date(finish).toISOString(),
          date,
          time: slot.time,
          minutes: session.slot_minutes,
          department_id: session.department_id ?? null,
        });
      }
    }
  }
  return [...slots.entries()].sort(([a], [b]) => a - b).map(([, slot]) => slot);
}

/** Whether two sessions of one weekday overlap (one ending as the other starts does not). */
export function sessionsOverlap(a: WeeklySession, b: WeeklySession): boolean {
  return (
    a.weekday === b.weekday &&
    minutesOfDay(a.start) < minutesOfDay(b.end) &&
    minutesOfDay(b.start) < minutesOfDay(a.end)
  );
}

/** The days from `from` to `to`, both counted (0 when `to` is before `from`). */
export function daysInRange(from: string, to: string): number {
  return Math.max(
    0,
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1,
  );
}

/**
 * Which meeting times are free: pure computation over the admin's availability, the occupied
 * ranges of live bookings and the current instant. Wall-clock hours are read in the business's
 * time zone with Luxon (docs/decisions/0080): no offset is ever written by hand, so a zone with
 * daylight saving time (or Brasília's own, should it come back) stays right.
 *
 * Bookable means: inside the day's hours (weekly, or the day's exception), starting at least the
 * minimum notice after now and no later than the horizon, its occupied range (the meeting with
 * its buffers) overlapping no live booking's nor the owner's own busy time, and the day under its cap. The database enforces
 * the overlap rule again (docs/decisions/0081); this module only decides what to offer.
 */
import { DateTime, Interval } from "luxon";
import { nationalHoliday } from "./holidays";

export const WEEKDAYS = ["1", "2", "3", "4", "5", "6", "7"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** Wall-clock ranges of a day, "HH:MM" to "HH:MM" (end after start). */
export type DayHours = Array<[string, string]>;
/** ISO weekday (1 Monday … 7 Sunday) → ranges; a missing or empty day is closed. */
export type WeeklyHours = Partial<Record<Weekday, DayHours>>;

export interface AvailabilityException {
  /** YYYY-MM-DD in the business's time zone. */
  day: string;
  kind: "closed" | "open";
  hours: DayHours | null;
}

export interface Availability {
  timeZone: string;
  weeklyHours: WeeklyHours;
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minNoticeHours: number;
  horizonDays: number;
  maxPerDay: number | null;
  exceptions: AvailabilityException[];
  /** Brazil's national holidays closed unless an exception opens them (the site's settings always say so). */
  closesNationalHolidays?: boolean;
}

/** A live booking as the computation needs it. */
export interface BusyRange {
  startsAt: Date;
  /** The occupied range: the meeting with its buffers. */
  occupiedStart: Date;
  occupiedEnd: Date;
  /** Busy in the owner's own calendar (docs/decisions/0144): blocks its time, is not a meeting of the day's cap. */
  external?: boolean;
}

export interface Slot {
  start: Date;
  end: Date;
}

export const DEFAULT_WEEKLY_HOURS: WeeklyHours = {
  "1": [["09:00", "18:00"]],
  "2": [["09:00", "18:00"]],
  "3": [["09:00", "18:00"]],
  "4": [["09:00", "18:00"]],
  "5": [["09:00", "18:00"]],
};

const HOUR_MINUTE = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** "09:30" → minutes since midnight, or null. "24:00" is accepted as the end of the day. */
export function minutesOf(value: string): number | null {
  if (value === "24:00") return 24 * 60;
  const match = HOUR_MINUTE.exec(value);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** A real calendar day ("2026-02-30" is not one). */
export function isDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  return DateTime.fromISO(value, { zone: "UTC" }).isValid;
}

/** The calendar day of an instant in a zone, YYYY-MM-DD. */
export function dayIn(at: Date, timeZone: string): string {
  return DateTime.fromJSDate(at, { zone: timeZone }).toISODate()!;
}

/** Days from `from` to `to`, both included (calendar arithmetic, no zone involved). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  let d = DateTime.fromISO(from, { zone: "UTC" });
  const last = DateTime.fromISO(to, { zone: "UTC" });
  while (d <= last && days.length < 400) {
    days.push(d.toISODate()!);
    d = d.plus({ days: 1 });
  }
  return days;
}

/** The instant of a wall-clock time on a day in a zone (a time skipped by DST moves forward). */
function wallClock(day: string, minutes: number, timeZone: string): DateTime {
  const [year, month, date] = day.split("-").map(Number);
  const midnight = DateTime.fromObject({ year, month, day: date }, { zone: timeZone });
  // Calendar arithmetic: "24:00" is the next day's midnight, whatever the day's length.
  if (minutes >= 24 * 60) return midnight.plus({ days: 1 });
  return DateTime.fromObject({ year, month, day: date, hour: Math.floor(minutes / 60), minute: minutes % 60 }, { zone: timeZone });
}

/** The hours a day is open: its exception's, else none on a national holiday (when closed), else its weekday's. */
export function hoursOf(availability: Availability, day: string): DayHours {
  const exception = availability.exceptions.find((e) => e.day === day);
  if (exception) return exception.kind === "closed" ? [] : (exception.hours ?? []);
  if (availability.closesNationalHolidays && nationalHoliday(day)) return [];
  const weekday = String(DateTime.fromISO(day, { zone: "UTC" }).weekday) as Weekday;
  return availability.weeklyHours[weekday] ?? [];
}

/** The occupied range of a meeting starting at `start` (its buffers included). */
export function occupiedRange(
  start: Date,
  availability: Pick<Availability, "durationMinutes" | "bufferBeforeMinutes" | "bufferAfterMinutes">,
) {
  const s = DateTime.fromJSDate(start);
  return {
    start: s.minus({ minutes: availability.bufferBeforeMinutes }).toJSDate(),
    end: s.plus({ minutes: availability.durationMinutes + availability.bufferAfterMinutes }).toJSDate(),
  };
}

/** The first and last instants a meeting may start at, seen from `now`. */
export function bookableWindow(availability: Availability, now: Date): { earliest: Date; latest: Date } {
  const n = DateTime.fromJSDate(now);
  return {
    earliest: n.plus({ hours: availability.minNoticeHours }).toJSDate(),
    latest: n.plus({ days: availability.horizonDays }).toJSDate(),
  };
}

/**
 * Free slots whose start falls on the days `from` … `to` (YYYY-MM-DD in the business's zone),
 * in time order.
 */
export function computeSlots(
  availability: Availability,
  busy: readonly BusyRange[],
  query: { from: string; to: string; now: Date },
): Slot[] {
  const zone = availability.timeZone;
  const { earliest, latest } = bookableWindow(availability, query.now);
  const firstDay = dayIn(earliest, zone) > query.from ? dayIn(earliest, zone) : query.from;
  const lastDay = dayIn(latest, zone) < query.to ? dayIn(latest, zone) : query.to;
  if (firstDay > lastDay) return [];

  const busyIntervals = busy.map((b) => Interval.fromDateTimes(b.occupiedStart, b.occupiedEnd));
  const perDay = new Map<string, number>();
  for (const b of busy) {
    if (b.external) continue;
    const day = dayIn(b.startsAt, zone);
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }

  const slots: Slot[] = [];
  for (const day of daysBetween(firstDay, lastDay)) {
    if (availability.maxPerDay !== null && (perDay.get(day) ?? 0) >= availability.maxPerDay) continue;
    for (const [from, to] of hoursOf(availability, day)) {
      const startMinutes = minutesOf(from);
      const endMinutes = minutesOf(to);
      if (startMinutes === null || endMinutes === null || endMinutes <= startMinutes) continue;
      const rangeEnd = wallClock(day, endMinutes, zone);
      for (let m = startMinutes; m + availability.durationMinutes <= endMinutes; m += availability.durationMinutes) {
        const start = wallClock(day, m, zone);
        const end = start.plus({ minutes: availability.durationMinutes });
        if (end > rangeEnd) break;
        // A wall-clock time that does not exist (DST gap) moved forward onto the next day's? Skip.
        if (start.toISODate() !== day) continue;
        const startDate = start.toJSDate();
        if (startDate < earliest || startDate > latest) continue;
        const occupied = occupiedRange(startDate, availability);
        const candidate = Interval.fromDateTimes(occupied.start, occupied.end);
        if (busyIntervals.some((b) => b.overlaps(candidate))) continue;
        slots.push({ start: startDate, end: end.toJSDate() });
      }
    }
  }
  // Ranges of a day may be given out of order; duplicates (overlapping ranges) once.
  const unique = new Map(slots.map((s) => [s.start.getTime(), s]));
  return [...unique.values()].sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** Whether `start` is one of the free slots right now (the booking's own check before writing). */
export function isFreeSlot(availability: Availability, busy: readonly BusyRange[], start: Date, now: Date): boolean {
  const day = dayIn(start, availability.timeZone);
  return computeSlots(availability, busy, { from: day, to: day, now }).some((s) => s.start.getTime() === start.getTime());
}

/** Days in Brasília time: the unit of the analytics rollups and of the visitor salt. */
const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo", year: "numeric", month: "2-digit", day: "2-digit" });
export const DAY_MS = 86_400_000;

let lastMinute = -1;
let lastDay = "";
/** "2026-11-25": the Brasília day of an instant (the unit of rollups and of the salt). */
export function dayOf(time: number | Date): string {
  // Once per minute of the clock: a burst of views asks for the same minute again and again.
  const minute = Math.floor(+time / 60_000);
  if (minute !== lastMinute) {
    lastDay = dayFormat.format(time);
    lastMinute = minute;
  }
  return lastDay;
}

/** The first instant of a Brasília day. Brazil keeps UTC−3 all year (no daylight saving since 2019). */
export function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00-03:00`);
}

export function addDays(day: string, days: number): string {
  return dayOf(dayStart(day).getTime() + days * DAY_MS + 12 * 3_600_000);
}

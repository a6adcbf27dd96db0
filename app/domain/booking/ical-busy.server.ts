/**
 * An iCalendar file read as busy time with ical.js (docs/decisions/0144): opaque, not cancelled
 * events, recurring ones expanded (EXDATE and RECURRENCE-ID exceptions honoured) only over a
 * bounded window, all-day events as whole days in the business's zone, times in their own zone
 * (the file's VTIMEZONE, else the IANA name of the TZID, else the business's zone when floating).
 * Pure: no I/O.
 */
import ICAL from "ical.js";
import { DateTime } from "luxon";

export type BusyInterval = [start: string, end: string];

/** Occurrences one recurring event may walk through before giving up (a daily event since 1990 is ~13 000). */
const MAX_STEPS_PER_EVENT = 50_000;
/** Busy intervals kept from one file. */
const MAX_INTERVALS = 5_000;

/** The properties a busy interval needs: everything else (titles, guests, notes) is dropped before storing. */
const KEPT_PROPERTIES = new Set([
  "uid",
  "dtstart",
  "dtend",
  "duration",
  "rrule",
  "rdate",
  "exdate",
  "recurrence-id",
  "transp",
  "status",
  "sequence",
  "dtstamp",
]);

type JcalProperty = [string, Record<string, unknown>, string, ...unknown[]];
type JcalComponent = [string, JcalProperty[], JcalComponent[]];

/** Parses the text; throws on something that is not an iCalendar file. */
function parseCalendar(text: string): ICAL.Component {
  const component = new ICAL.Component(ICAL.parse(text));
  if (component.name !== "vcalendar") throw new Error("não é um VCALENDAR");
  return component;
}

/**
 * The file reduced to what busy time needs (VTIMEZONEs and the events' time properties), so the
 * stored copy holds no title, guest or note. Throws when the text is not an iCalendar file.
 */
export function minimiseCalendar(text: string): string {
  const jcal = parseCalendar(text).toJSON() as [string, JcalProperty[], JcalComponent[]];
  const components = jcal[2].flatMap((c): JcalComponent[] => {
    if (c[0] === "vtimezone") return [c];
    if (c[0] === "vevent") return [["vevent", c[1].filter((p) => KEPT_PROPERTIES.has(p[0])), []]];
    return [];
  });
  return new ICAL.Component([
    "vcalendar",
    [
      ["version", {}, "text", "2.0"],
      ["prodid", {}, "text", "-//agenda//busy//PT-BR"],
    ],
    components,
  ]).toString();
}

/** The instant of an iCalendar time. */
function instantOf(time: ICAL.Time, businessZone: string, tzid?: string): DateTime {
  const wall = { year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute, second: time.second };
  const zone = time.zone;
  if (zone === ICAL.Timezone.utcTimezone || zone?.tzid === "UTC") return DateTime.fromObject(wall, { zone: "UTC" });
  // A VTIMEZONE of the file itself: its rules are the author's.
  if (zone && zone !== ICAL.Timezone.localTimezone && zone.component) return DateTime.fromMillis(time.toUnixTime() * 1000);
  // A TZID with no VTIMEZONE (many files rely on the IANA name); floating times are the owner's.
  const named = tzid ?? (time as unknown as { timezone?: string }).timezone;
  if (named && DateTime.local().setZone(named).isValid) return DateTime.fromObject(wall, { zone: named });
  return DateTime.fromObject(wall, { zone: businessZone });
}

/** The TZID parameter of a property (kept with the name even when the file has no VTIMEZONE for it). */
function tzidOf(component: ICAL.Component, property: string): string | undefined {
  const value = component.getFirstProperty(property)?.getParameter("tzid");
  return typeof value === "string" ? value : undefined;
}

function isFree(component: ICAL.Component): boolean {
  const transp = String(component.getFirstPropertyValue("transp") ?? "OPAQUE").toUpperCase();
  const status = String(component.getFirstPropertyValue("status") ?? "").toUpperCase();
  return transp === "TRANSPARENT" || status === "CANCELLED";
}

/** One occurrence's busy range, or null when it is free or empty. */
function rangeOf(start: ICAL.Time, end: ICAL.Time, businessZone: string, component: ICAL.Component): [DateTime, DateTime] | null {
  if (start.isDate) {
    // An all-day event is its days in the owner's zone: [first day 00:00, day after the last 00:00).
    const from = DateTime.fromObject({ year: start.year, month: start.month, day: start.day }, { zone: businessZone });
    const endDay = end.isDate ? DateTime.fromObject({ year: end.year, month: end.month, day: end.day }, { zone: businessZone }) : null;
    const to = endDay && endDay > from ? endDay : from.plus({ days: 1 });
    return [from, to];
  }
  const startZone = tzidOf(component, "dtstart");
  const from = instantOf(start, businessZone, startZone);
  // An end given by DURATION is in the start's zone.
  const to = instantOf(end, businessZone, component.hasProperty("dtend") ? tzidOf(component, "dtend") : startZone);
  return to > from ? [from, to] : null;
}

export interface ExpandOptions {
  from: Date;
  to: Date;
  businessZone: string;
}

/**
 * The busy intervals of a calendar overlapping [from, to), sorted and merged. Throws when the text
 * is not an iCalendar file.
 */
export function busyIntervals(text: string, options: ExpandOptions): BusyInterval[] {
  const calendar = parseCalendar(text);
  const windowFrom = DateTime.fromJSDate(options.from);
  const windowTo = DateTime.fromJSDate(options.to);
  const ranges: Array<[DateTime, DateTime]> = [];
  const keep = (range: [DateTime, DateTime] | null) => {
    if (range && range[1] > windowFrom && range[0] < windowTo) ranges.push(range);
  };

  // A recurring event's exceptions (RECURRENCE-ID) are events of the same UID.
  const masters = new Map<string, ICAL.Component>();
  const exceptions = new Map<string, ICAL.Component[]>();
  const standalone: ICAL.Component[] = [];
  for (const component of calendar.getAllSubcomponents("vevent")) {
    const uid = String(component.getFirstPropertyValue("uid") ?? "");
    if (component.hasProperty("recurrence-id")) {
      if (uid) exceptions.set(uid, [...(exceptions.get(uid) ?? []), component]);
      else standalone.push(component);
    } else if (uid && !masters.has(uid)) masters.set(uid, component);
    else standalone.push(component);
  }
  for (const [uid, list] of exceptions) {
    // An exception whose series is not in the file stands alone.
    if (!masters.has(uid)) standalone.push(...list);
  }

  for (const component of [...masters.values(), ...standalone]) {
    if (!component.hasProperty("dtstart")) continue;
    const uid = String(component.getFirstPropertyValue("uid") ?? "");
    const event = new ICAL.Event(component, { exceptions: masters.get(uid) === component ? (exceptions.get(uid) ?? []) : [] });
    if (!event.isRecurring()) {
      if (!isFree(component)) keep(rangeOf(event.startDate, event.endDate, options.businessZone, component));
      continue;
    }
    const iterator = event.iterator();
    for (let step = 0, next = iterator.next(); next && step < MAX_STEPS_PER_EVENT; step++, next = iterator.next()) {
      const details = event.getOccurrenceDetails(next);
      // Past the window by the occurrence's own time (an exception moved earlier is still caught by its series' step).
      if (instantOf(next, options.businessZone, tzidOf(component, "dtstart")) > windowTo.plus({ days: 2 })) break;
      if (isFree(details.item.component)) continue;
      keep(rangeOf(details.startDate, details.endDate, options.businessZone, details.item.component));
    }
  }

  ranges.sort((a, b) => a[0].toMillis() - b[0].toMillis());
  const merged: Array<[DateTime, DateTime]> = [];
  for (const r of ranges) {
    const last = merged.at(-1);
    if (last && r[0] <= last[1]) {
      if (r[1] > last[1]) last[1] = r[1];
    } else merged.push([r[0], r[1]]);
    if (merged.length >= MAX_INTERVALS) break;
  }
  return merged.map(([a, b]) => [a.toUTC().toISO()!, b.toUTC().toISO()!]);
}

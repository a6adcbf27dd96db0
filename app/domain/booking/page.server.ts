/**
 * What the booking pages show (/agendar and the reschedule page): the bookable days, the chosen
 * day's free times, and whether a chosen time is still free. One read per request; nothing cached
 * (a booking changes it).
 */
import { type BookingQuestion, placeText, readQuestions } from "~/lib/booking";
import { bookableDays, listSlots } from "./bookings.server";
import { loadAvailability } from "./settings.server";
import { dayIn, isDay } from "./slots";

/**
 * Pages with a booking's token in the address: kept by no one, and no Referer leaves for another site
 * (`same-origin`, not `no-referrer`: that would make the pages' own form posts send `Origin: null`).
 */
export const PRIVATE_HEADERS = { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" };

export interface PickerState {
  days: Array<{ day: string; first: string; count: number }>;
  selectedDay: string | null;
  slots: Array<{ start: string; end: string }>;
  chosen: { start: string; end: string } | null;
  /** A time was asked for that is not (or no longer) free. */
  unavailable: boolean;
  place: string;
  /** The admin's extra questions of the form (docs/decisions/0145). */
  questions: BookingQuestion[];
}

export async function pickerState(params: URLSearchParams, now = new Date()): Promise<PickerState> {
  const [{ days }, { settings }] = await Promise.all([bookableDays(now), loadAvailability()]);
  const asked = params.get("inicio");
  const askedDate = asked && !Number.isNaN(Date.parse(asked)) ? new Date(asked) : null;
  const dayParam = params.get("dia");
  let selectedDay = dayParam && isDay(dayParam) && days.some((d) => d.day === dayParam) ? dayParam : null;
  if (!selectedDay && askedDate) {
    const askedDay = days.find((d) => d.day === dayIn(askedDate, settings.timeZone));
    selectedDay = askedDay?.day ?? null;
  }
  selectedDay ??= days[0]?.day ?? null;
  const slots = selectedDay ? (await listSlots(selectedDay, selectedDay, now)).slots : [];
  const chosen = askedDate ? (slots.find((s) => s.start.getTime() === askedDate.getTime()) ?? null) : null;
  return {
    days: days.map((d) => ({ day: d.day, first: d.first.toISOString(), count: d.count })),
    selectedDay,
    slots: slots.map((s) => ({ start: s.start.toISOString(), end: s.end.toISOString() })),
    chosen: chosen ? { start: chosen.start.toISOString(), end: chosen.end.toISOString() } : null,
    unavailable: Boolean(asked) && !chosen,
    place: placeText(settings.placeKind, settings.placeDetail),
    questions: readQuestions(settings.questions),
  };
}

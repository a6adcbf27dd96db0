/**
 * The meeting as iCalendar (RFC 5545/5546), written with ical-generator (docs/decisions/0083):
 * the invitation in the e-mails (METHOD:REQUEST; a reschedule is the same UID with a higher
 * SEQUENCE; a cancellation METHOD:CANCEL), the visitor's download, and the admin's subscribed feed.
 * Times are UTC (`…Z`), so no client has to know our zone rules.
 */
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { env } from "~/config.server";
import { placeText } from "~/lib/booking";
import { SITE_NAME } from "~/lib/site";

export interface CalendarBooking {
  uid: string;
  sequence: number;
  status: string;
  startsAt: Date;
  endsAt: Date;
  name: string;
  email: string;
  company: string;
  phone?: string;
  message?: string | null;
  placeKind: string;
  placeDetail: string | null;
  createdAt?: Date;
  updatedAt?: Date;
}

export type InvitationMethod = "REQUEST" | "CANCEL" | "PUBLISH";

const PROD_ID = { company: SITE_NAME, product: "agenda", language: "PT-BR" };

export function meetingTitle(b: Pick<CalendarBooking, "company">): string {
  return `Consultoria gratuita ${SITE_NAME} · ${b.company}`;
}

/** The organizer's address: the commercial e-mail (SPEC §1 {email}). */
function organizer() {
  const address = /<([^>]+)>/.exec(env.CONTACT_EMAIL)?.[1] ?? env.CONTACT_EMAIL;
  return { name: SITE_NAME, email: address };
}

function addEvent(calendar: ReturnType<typeof ical>, b: CalendarBooking, options: { withAttendee: boolean; cancelled: boolean }) {
  const event = calendar.createEvent({
    id: b.uid,
    sequence: b.sequence,
    start: b.startsAt,
    end: b.endsAt,
    stamp: b.updatedAt ?? new Date(),
    created: b.createdAt ?? null,
    lastModified: b.updatedAt ?? null,
    summary: meetingTitle(b),
    description: [
      `Reunião de consultoria gratuita com ${b.name} (${b.company}).`,
      placeText(b.placeKind, b.placeDetail),
      b.message ? `Assunto: ${b.message}` : "",
    ]
      .filter(Boolean)
      .join("\n"),
    location: b.placeKind === "video" && b.placeDetail ? b.placeDetail : b.placeKind === "phone" ? "Ligação telefônica" : "Videochamada",
    organizer: organizer(),
    // A short-notice booking the team has not confirmed yet is tentative (docs/decisions/0145).
    status: options.cancelled ? ICalEventStatus.CANCELLED : b.status === "pending" ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
  });
  if (options.withAttendee) {
    event.createAttendee({
      name: b.name,
      email: b.email,
      role: ICalAttendeeRole.REQ,
      status: options.cancelled ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED,
    });
  }
  return event;
}

/** One meeting's invitation (or its cancellation) as an .ics file. */
export function bookingIcs(b: CalendarBooking, method: InvitationMethod): string {
  const calendar = ical({ prodId: PROD_ID, name: SITE_NAME });
  calendar.method(
    method === "CANCEL" ? ICalCalendarMethod.CANCEL : method === "REQUEST" ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.PUBLISH,
  );
  addEvent(calendar, b, { withAttendee: true, cancelled: method === "CANCEL" || b.status === "cancelled" });
  return calendar.toString();
}

/** The admin's subscribed calendar: upcoming and recent meetings (cancelled ones marked so). */
export function feedIcs(bookings: readonly CalendarBooking[]): string {
  const calendar = ical({ prodId: PROD_ID, name: `Reuniões ${SITE_NAME}`, ttl: 15 * 60 });
  for (const b of bookings) addEvent(calendar, b, { withAttendee: true, cancelled: b.status === "cancelled" });
  return calendar.toString();
}

export const ICS_CONTENT_TYPE = "text/calendar; charset=utf-8";

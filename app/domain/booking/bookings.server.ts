/**
 * Booking a meeting, and changing it: one transaction each, with its e-mails queued in the
 * outbox and one audit row. The slot must be one the computation offers right now (./slots.ts);
 * the database's exclusion constraint refuses an overlap whatever happens in between
 * (docs/decisions/0081), answered 409 'Horário indisponível', never a 5xx.
 */
import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, gte, lt, ne, sql } from "drizzle-orm";
import { db, type Executor } from "~/db/client.server";
import { rowsOf } from "~/db/driver.server";
import { bookings, leads } from "~/db/schema";
import { attributionFor } from "~/domain/analytics/attribution.server";
import { recordAudit } from "~/domain/audit.server";
import type { SubmitContext } from "~/domain/lead-submissions.server";
import { insertLead } from "~/domain/leads/capture.server";
import { fieldErrors, INVALID_INPUT_MESSAGE } from "~/infra/http.server";
import { storeOnce, submissionKey } from "~/infra/idempotency.server";
import { hitNetworkLimit, retryText } from "~/infra/rate-limit.server";
import {
  ANSWER_MAX,
  type BookingAnswer,
  bookingMessages,
  changeClosed,
  needsConfirmation,
  questionField,
  readQuestions,
} from "~/lib/booking";
import { first } from "~/lib/first";
import { HONEYPOT_FIELD } from "~/lib/lead-fields";
import type { PipelineType } from "~/lib/pipeline";
import { bookingSchema, type BookingInput } from "~/lib/schemas/booking";
import { calendarBusy } from "./busy-calendar.server";
import {
  queueCancelled,
  queueConfirmation,
  queuePending,
  queuePendingReschedule,
  queueTeamMovedPending,
  queueRescheduled,
  type MailBooking,
} from "./emails.server";
import { issueBookingLink } from "./links.server";
import { loadAvailability, readSettings } from "./settings.server";
import { type Availability, type BusyRange, computeSlots, dayIn, isFreeSlot, occupiedRange, type Slot } from "./slots";

export type Booking = typeof bookings.$inferSelect;

/** Per address: 10 bookings (or attempts) in 10 minutes, like the lead forms (times RATE_LIMIT_FACTOR). */
export const BOOKING_RATE_LIMIT = 10;
const BOOKING_RATE_WINDOW_SECONDS = 10 * 60;
/** A booking continues a consultation request or a chat contact of the same address made this recently. */
const LINK_WINDOW_DAYS = 30;

/** Why a booking was refused: status, message, field errors. */
export class BookingRejection {
  constructor(
    readonly status: number,
    readonly message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {}
}

/** A visitor's change after the cut-off (docs/decisions/0145): refused; the page offers WhatsApp and e-mail. */
async function checkVisitorCutoff(executor: Executor, b: Booking, now: Date): Promise<void> {
  if (b.startsAt <= now) throw new BookingRejection(409, bookingMessages.tooLate);
  const { changeCutoffHours } = await readSettings(executor);
  if (changeClosed(b.startsAt, changeCutoffHours, now)) throw new BookingRejection(409, bookingMessages.changeClosed(changeCutoffHours));
}

const unavailable = () => new BookingRejection(409, bookingMessages.unavailable, { start: bookingMessages.unavailableDetail });

/** `[a,b)` as PostgreSQL reads a tstzrange. */
const rangeText = (start: Date, end: Date) => `[${start.toISOString()},${end.toISOString()})`;

function isExclusionViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (e.code === "23P01") return true;
  }
  return false;
}

/** Live bookings, and the owner's own calendar's busy time (docs/decisions/0144), touching the days around [from, to]. */
async function busyAround(executor: Executor, from: Date, to: Date, exceptId?: number): Promise<BusyRange[]> {
  return [...(await bookingsAround(executor, from, to, exceptId)), ...(await calendarBusy(executor, from, to))];
}

/** Live bookings whose occupied range touches the days around [from, to]. */
async function bookingsAround(executor: Executor, from: Date, to: Date, exceptId?: number): Promise<BusyRange[]> {
  const rows = rowsOf<{ starts_at: string | Date; lo: string | Date; hi: string | Date }>(
    await executor.execute(sql`
      select starts_at, lower(occupied) as lo, upper(occupied) as hi from bookings
       where status <> 'cancelled'
         and occupied && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz, '[)')
         ${exceptId ? sql`and id <> ${exceptId}` : sql``}`),
  );
  return rows.map((r) => ({ startsAt: new Date(r.starts_at), occupiedStart: new Date(r.lo), occupiedEnd: new Date(r.hi) }));
}

const DAY_MS = 86_400_000;
const dayBounds = (from: string, to: string) => ({
  from: new Date(Date.parse(`${from}T00:00:00Z`) - 2 * DAY_MS),
  to: new Date(Date.parse(`${to}T00:00:00Z`) + 3 * DAY_MS),
});

/** The free slots on the days `from` … `to` (Brasília days). */
export async function listSlots(
  from: string,
  to: string,
  now = new Date(),
): Promise<{ timeZone: string; slots: Slot[]; availability: Availability }> {
  const { availability } = await loadAvailability();
  const bounds = dayBounds(from, to);
  const busy = await busyAround(db(), bounds.from, bounds.to);
  return { timeZone: availability.timeZone, slots: computeSlots(availability, busy, { from, to, now }), availability };
}

/** The bookable days from today to the horizon, with their first free slot (the page's day list). */
export async function bookableDays(
  now = new Date(),
): Promise<{ days: Array<{ day: string; first: Date; count: number }>; timeZone: string }> {
  const { availability } = await loadAvailability();
  const from = dayIn(now, availability.timeZone);
  const to = dayIn(new Date(now.getTime() + availability.horizonDays * DAY_MS), availability.timeZone);
  const bounds = dayBounds(from, to);
  const busy = await busyAround(db(), bounds.from, bounds.to);
  const slots = computeSlots(availability, busy, { from, to, now });
  const days = new Map<string, { day: string; first: Date; count: number }>();
  for (const s of slots) {
    const day = dayIn(s.start, availability.timeZone);
    const entry = days.get(day);
    if (entry) entry.count++;
    else days.set(day, { day, first: s.start, count: 1 });
  }
  return { days: [...days.values()], timeZone: availability.timeZone };
}

/** Is `start` bookable now (for a booking other than `exceptId`)? Checked inside the writing transaction. */
async function checkSlot(executor: Executor, availability: Availability, start: Date, now: Date, exceptId?: number): Promise<void> {
  const day = dayIn(start, availability.timeZone);
  const bounds = dayBounds(day, day);
  const busy = await busyAround(executor, bounds.from, bounds.to, exceptId);
  if (!isFreeSlot(availability, busy, start, now)) throw unavailable();
  if (availability.maxPerDay !== null) {
    // A cap is not an overlap: bookings of one day take turns here, so two cannot both be the last.
    await executor.execute(sql`select pg_advisory_xact_lock(hashtext(${`booking-day:${day}`}))`);
    const again = await bookingsAround(executor, bounds.from, bounds.to, exceptId);
    if (again.filter((b) => dayIn(b.startsAt, availability.timeZone) === day).length >= availability.maxPerDay) throw unavailable();
  }
}

/** The consultation request, else the chat contact, this address left shortly before (docs/decisions/0082). */
async function earlierLead(executor: Executor, email: string, now: Date) {
  const since = new Date(now.getTime() - LINK_WINDOW_DAYS * DAY_MS);
  const address = email.trim().toLowerCase();
  const earlier = (kind: PipelineType) =>
    executor
      .select({ id: leads.id, kind: leads.kind, number: leads.number, stage: leads.stage })
      .from(leads)
      .where(and(eq(leads.kind, kind), sql`lower(trim(${leads.email})) = ${address}`, gte(leads.createdAt, since)))
      .orderBy(desc(leads.number))
      .limit(1)
      .then((rows) => rows[0]);
  return (await earlier("consultas")) ?? (await earlier("conversas")) ?? null;
}

const asMail = (b: Booking): MailBooking => ({ ...b });

/** What a submission stored, replayed to its repeats: no secret (docs/decisions/0109). */
interface StoredBooking {
  id: number;
  start: string;
  end: string;
  /** 'pending' when the admin confirms it first (docs/decisions/0145). */
  status?: string;
}

export interface BookingResult extends StoredBooking {
  /** A private link's token for whoever submitted: a new one for each answer, the repeats' too. */
  token: string;
}

/**
 * Books a meeting from a visitor's submission (the page's form or the JSON API): honeypot →
 * rate limit → validation → one transaction, exactly once per submission. Throws a BookingRejection.
 */
export async function submitBooking(body: Record<string, unknown>, context: SubmitContext, now = new Date()): Promise<BookingResult> {
  const honeypot = body[HONEYPOT_FIELD];
  if (honeypot !== undefined && honeypot !== null && String(honeypot).trim() !== "") throw new BookingRejection(400, bookingMessages.spam);
  const limit = await hitNetworkLimit("booking", context.ip, BOOKING_RATE_LIMIT, BOOKING_RATE_WINDOW_SECONDS);
  if (!limit.allowed) {
    throw new BookingRejection(429, bookingMessages.rateLimited(retryText(limit.retryAfterSeconds)), undefined, {
      "Retry-After": String(limit.retryAfterSeconds),
    });
  }
  const parsed = bookingSchema.safeParse(body);
  const questions = await readAnswers(body);
  if (!parsed.success || Object.keys(questions.errors).length) {
    throw new BookingRejection(400, INVALID_INPUT_MESSAGE, { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...questions.errors });
  }
  const input = parsed.data;
  const answers = questions.answers;
  const attribution = await attributionFor({ ip: context.ip, userAgent: context.userAgent, referer: context.referer ?? null });
  const key = submissionKey("booking", context.idempotencyKey, context.native ? { ...input, start: input.start.toISOString() } : undefined);
  let stored: StoredBooking;
  try {
    stored = await storeOnce(key, "booking", (tx) => createBooking(tx, input, answers, attribution, now));
  } catch (error) {
    if (isExclusionViolation(error)) throw unavailable();
    throw error;
  }
  // Only the link's hash is kept, so a repeated submission cannot be given the first answer's link: each answer gets its own.
  return { ...stored, token: await issueBookingLink(db(), stored.id) };
}

/** The answers to the admin's questions in a submission (`q_q1`…), checked against the questions asked now (docs/decisions/0145). */
async function readAnswers(body: Record<string, unknown>): Promise<{ answers: BookingAnswer[]; errors: Record<string, string> }> {
  const questions = readQuestions((await readSettings()).questions);
  const answers: BookingAnswer[] = [];
  const errors: Record<string, string> = {};
  for (const q of questions) {
    const field = questionField(q.id);
    const raw = body[field];
    const value = typeof raw === "string" ? raw.trim() : "";
    if (!value) {
      if (q.required) errors[field] = bookingMessages.answerRequired;
      continue;
    }
    if (q.kind === "choice" && !q.options.includes(value)) errors[field] = bookingMessages.answerChoice;
    else if (value.length > ANSWER_MAX) errors[field] = bookingMessages.answerTooLong(ANSWER_MAX);
    else answers.push({ question: q.label, answer: value });
  }
  return { answers, errors };
}

async function createBooking(
  tx: Executor,
  input: BookingInput,
  answers: BookingAnswer[],
  attribution: Awaited<ReturnType<typeof attributionFor>>,
  now: Date,
): Promise<StoredBooking> {
  const { settings, availability } = await loadAvailability(tx);
  await checkSlot(tx, availability, input.start, now);
  const occupied = occupiedRange(input.start, availability);
  const end = new Date(input.start.getTime() + availability.durationMinutes * 60_000);
  const linked = await earlierLead(tx, input.email, now);
  // Someone new makes a lead of the meeting itself, numbered by the booking's id (docs/decisions/0140).
  const bookingId = linked
    ? null
    : Number(rowsOf<{ id: string | number }>(await tx.execute(sql`select nextval(pg_get_serial_sequence('bookings', 'id')) as id`))[0]!.id);
  const lead =
    linked ??
    (await insertLead(tx, "reunioes", bookingId!, {
      name: input.name,
      email: input.email,
      phone: input.phone,
      company: input.company,
      ...attribution,
    }));
  const row = await tx
    .insert(bookings)
    .values({
      ...(bookingId ? { id: bookingId } : {}),
      uid: `${randomUUID()}@agendar`,
      startsAt: input.start,
      endsAt: end,
      bufferBeforeMinutes: availability.bufferBeforeMinutes,
      bufferAfterMinutes: availability.bufferAfterMinutes,
      occupied: rangeText(occupied.start, occupied.end),
      name: input.name,
      email: input.email,
      phone: input.phone,
      company: input.company,
      message: input.message || null,
      answers: answers.length ? answers : null,
      placeKind: settings.placeKind,
      placeDetail: settings.placeDetail,
      // Short notice: held, and confirmed by the admin (docs/decisions/0145).
      status: needsConfirmation(input.start, settings.confirmBelowHours, now) ? "pending" : "confirmed",
      leadId: lead.id,
      ...attribution,
    })
    .returning()
    .then(first);
  // The consultation request it answers now has its meeting: the lead is in contact (its status is its
  // sales stage, docs/decisions/0088).
  if (linked?.kind === "consultas" && linked.stage === "novo") {
    await tx
      .update(leads)
      .set({ stage: "em-contato", updatedAt: sql`now()` })
      .where(eq(leads.id, linked.id));
  }
  if (row.status === "pending") await queuePending(tx, asMail(row));
  else await queueConfirmation(tx, asMail(row));
  await recordAudit(
    {
      actor: "visitante",
      action: "booking.create",
      target: `booking:${row.id}`,
      details: {
        start: row.startsAt.toISOString(),
        status: row.status,
        consultationId: linked?.kind === "consultas" ? linked.number : null,
        chatSessionId: linked?.kind === "conversas" ? linked.number : null,
        landingPath: attribution?.landingPath ?? null,
        utmCampaign: attribution?.utmCampaign ?? null,
      },
    },
    tx,
  );
  return { id: row.id, start: row.startsAt.toISOString(), end: row.endsAt.toISOString(), status: row.status };
}

/** The admin confirms a short-notice booking: the visitor gets the confirmation with the invitation (docs/decisions/0145). */
export async function confirmBooking(id: number, actor: ChangeActor): Promise<Booking> {
  return db().transaction(async (tx) => {
    const [current] = rowsOf<{ id: number }>(await tx.execute(sql`select id from bookings where id = ${id} for update`));
    if (!current) throw new BookingRejection(404, bookingMessages.invalidLink);
    const b = await tx.select().from(bookings).where(eq(bookings.id, id)).then(first);
    if (b.status !== "pending") throw new BookingRejection(409, "Esta reunião não está aguardando confirmação.");
    const row = await tx
      .update(bookings)
      .set({ status: "confirmed", updatedAt: sql`now()` })
      .where(eq(bookings.id, id))
      .returning()
      .then(first);
    await queueConfirmation(tx, asMail(row), { teamNotice: false });
    await recordAudit({ actor: actorName(actor), action: "booking.confirm", target: `booking:${id}`, ip: actor.ip }, tx);
    return row;
  });
}

// ---------------------------------------------------------------- one booking: read, cancel, reschedule
export async function findById(id: number): Promise<Booking | null> {
  const [row] = await db().select().from(bookings).where(eq(bookings.id, id));
  return row ?? null;
}

/** The lead a meeting belongs to, by its kind and number (the admin's address of it). */
export async function leadOfBooking(booking: Pick<Booking, "leadId">): Promise<{ kind: PipelineType; number: number } | null> {
  const [row] = await db().select({ kind: leads.kind, number: leads.number }).from(leads).where(eq(leads.id, booking.leadId));
  return row ? { kind: row.kind as PipelineType, number: row.number } : null;
}

export interface ChangeActor {
  by: "visitor" | "admin";
  username?: string;
  ip?: string | null;
}

const actorName = (actor: ChangeActor) => (actor.by === "admin" ? (actor.username ?? "admin") : "visitante");

/** Cancels a live booking: its time is free at once; both sides get METHOD:CANCEL. */
export async function cancelBooking(id: number, actor: ChangeActor, note: string | null = null, now = new Date()): Promise<Booking> {
  return db().transaction(async (tx) => {
    const [current] = rowsOf<{ id: number }>(await tx.execute(sql`select id from bookings where id = ${id} for update`));
    if (!current) throw new BookingRejection(404, bookingMessages.invalidLink);
    const b = await tx.select().from(bookings).where(eq(bookings.id, id)).then(first);
    if (b.status === "cancelled") throw new BookingRejection(409, bookingMessages.alreadyCancelled);
    if (actor.by === "visitor") await checkVisitorCutoff(tx, b, now);
    const row = await tx
      .update(bookings)
      .set({ status: "cancelled", sequence: b.sequence + 1, cancelledAt: now, cancelledBy: actor.by, updatedAt: now })
      .where(eq(bookings.id, id))
      .returning()
      .then(first);
    await queueCancelled(tx, asMail(row), note, actor.by);
    await recordAudit(
      {
        actor: actorName(actor),
        action: "booking.cancel",
        target: `booking:${id}`,
        details: { by: actor.by, note: Boolean(note) },
        ip: actor.ip,
      },
      tx,
    );
    return row;
  });
}

/** Moves a live booking to another free time: same UID, SEQUENCE + 1, reminders due again. */
export async function rescheduleBooking(
  id: number,
  start: Date,
  actor: ChangeActor,
  note: string | null = null,
  now = new Date(),
): Promise<Booking> {
  try {
    return await db().transaction(async (tx) => {
      const [current] = rowsOf<{ id: number }>(await tx.execute(sql`select id from bookings where id = ${id} for update`));
      if (!current) throw new BookingRejection(404, bookingMessages.invalidLink);
      const b = await tx.select().from(bookings).where(eq(bookings.id, id)).then(first);
      if (b.status === "cancelled") throw new BookingRejection(409, bookingMessages.alreadyCancelled);
      if (actor.by === "visitor") await checkVisitorCutoff(tx, b, now);
      const { settings, availability } = await loadAvailability(tx);
      // The team may move a meeting inside the notice period; visitors may not.
      await checkSlot(tx, actor.by === "admin" ? { ...availability, minNoticeHours: 0 } : availability, start, now, id);
      const occupied = occupiedRange(start, availability);
      // A visitor's move never confirms (docs/decisions/0145, 0151): a pending meeting stays pending, and
      // a confirmed one moved into the short-notice window waits for the admin as a new booking
      // there would. The team's own move keeps the status it had (it confirms with its button).
      const status =
        b.status === "pending" || (actor.by === "visitor" && needsConfirmation(start, settings.confirmBelowHours, now))
          ? "pending"
          : b.status;
      const row = await tx
        .update(bookings)
        .set({
          status,
          startsAt: start,
          endsAt: new Date(start.getTime() + availability.durationMinutes * 60_000),
          bufferBeforeMinutes: availability.bufferBeforeMinutes,
          bufferAfterMinutes: availability.bufferAfterMinutes,
          occupied: rangeText(occupied.start, occupied.end),
          sequence: b.sequence + 1,
          reminderDaySentAt: null,
          reminderHourSentAt: null,
          updatedAt: now,
        })
        .where(eq(bookings.id, id))
        .returning()
        .then(first);
      if (row.status !== "pending") await queueRescheduled(tx, asMail(row), note, actor.by);
      else if (actor.by === "visitor") await queuePendingReschedule(tx, asMail(row));
      else await queueTeamMovedPending(tx, asMail(row), note);
      await recordAudit(
        {
          actor: actorName(actor),
          action: "booking.reschedule",
          target: `booking:${id}`,
          details: {
            by: actor.by,
            from: b.startsAt.toISOString(),
            to: row.startsAt.toISOString(),
            sequence: row.sequence,
            status: row.status,
            note: Boolean(note),
          },
          ip: actor.ip,
        },
        tx,
      );
      return row;
    });
  } catch (error) {
    if (isExclusionViolation(error)) throw unavailable();
    throw error;
  }
}

// ---------------------------------------------------------------- the admin's agenda and the feed
/** The times one booking could move to (the team's view: no minimum notice; its own time is free for it). */
export async function slotsForMove(id: number, now = new Date()): Promise<Slot[]> {
  const { availability } = await loadAvailability();
  const a = { ...availability, minNoticeHours: 0 };
  const from = dayIn(now, a.timeZone);
  const to = dayIn(new Date(now.getTime() + a.horizonDays * DAY_MS), a.timeZone);
  const bounds = dayBounds(from, to);
  return computeSlots(a, await busyAround(db(), bounds.from, bounds.to, id), { from, to, now });
}

export const AGENDA_PAGE_SIZE = 50;

/**
 * One page of the admin's agenda with its total: the live meetings from the start of today
 * (Brasília) on, soonest first, or the past ones, latest first (the starts_at index either way).
 */
export async function agendaPage(options: { past?: boolean; page?: number; now?: Date; pageSize?: number } = {}) {
  const now = options.now ?? new Date();
  const pageSize = options.pageSize ?? AGENDA_PAGE_SIZE;
  const { availability } = await loadAvailability();
  const startOfToday = new Date(`${dayIn(now, availability.timeZone)}T00:00:00${offsetOf(availability.timeZone, now)}`);
  const where = and(
    ne(bookings.status, "cancelled"),
    options.past ? lt(bookings.startsAt, startOfToday) : gte(bookings.startsAt, startOfToday),
  );
  const { value: total } = await db().select({ value: count() }).from(bookings).where(where).then(first);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(options.page ?? 1, 1), pageCount);
  const rows = await db()
    .select()
    .from(bookings)
    .where(where)
    .orderBy(options.past ? desc(bookings.startsAt) : asc(bookings.startsAt), asc(bookings.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total, page, pageCount };
}

/** "-03:00": a zone's offset from UTC at an instant. */
function offsetOf(timeZone: string, at: Date): string {
  const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName")?.value;
  const offset = name?.replace("GMT", "") ?? "";
  return offset === "" ? "Z" : offset;
}

/** What the subscribed calendar shows: 60 days back, every future meeting (cancelled ones as cancelled). */
export async function feedBookings(now = new Date()): Promise<Booking[]> {
  return db()
    .select()
    .from(bookings)
    .where(gte(bookings.startsAt, new Date(now.getTime() - 60 * DAY_MS)))
    .orderBy(bookings.startsAt)
    .limit(2000);
}

/** Bookings made in a period (Análises' funnel: 'Reunião agendada'). */
export async function bookingsCreatedBetween(from: Date, to: Date): Promise<number> {
  const { value } = await db()
    .select({ value: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(gte(bookings.createdAt, from), lt(bookings.createdAt, to)))
    .then(first);
  return Number(value);
}

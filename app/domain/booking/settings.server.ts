/**
 * The admin's availability (one row) and its exceptions, read as the slot computation needs them
 * (./slots.ts) and written by /admin/agenda with one audit row per change. The private calendar
 * feed's token hash and expiry live here too: created, replaced or revoked by the admin
 * (docs/decisions/0083, 0109).
 */
import { and, asc, eq, gt, gte, sql } from "drizzle-orm";
import { env } from "~/config.server";
import { db, inTurn, type Executor } from "~/db/client.server";
import { bookingExceptions, bookingSettings } from "~/db/schema";
import { hashAccessToken, isAccessTokenShaped, linkExpiry, newAccessToken } from "~/domain/access-tokens.server";
import { recordAudit } from "~/domain/audit.server";
import type { BookingQuestion } from "~/lib/booking";
import { first } from "~/lib/first";
import { brasiliaDay } from "~/lib/pipeline";
import { WEEKDAY_LABELS, type AvailabilityForm, type ExceptionForm } from "~/lib/schemas/booking";
import { type Availability, type DayHours, DEFAULT_WEEKLY_HOURS, minutesOf, WEEKDAYS, type WeeklyHours } from "./slots";

export type BookingSettings = typeof bookingSettings.$inferSelect;

export interface Actor {
  username: string;
  ip?: string | null;
}

/** Stored JSON → hours (anything malformed is dropped, never trusted). */
function readHours(value: unknown): DayHours {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (r): r is [string, string] =>
      Array.isArray(r) &&
      r.length === 2 &&
      typeof r[0] === "string" &&
      typeof r[1] === "string" &&
      minutesOf(r[0]) !== null &&
      minutesOf(r[1]) !== null,
  );
}

export function readWeeklyHours(value: unknown): WeeklyHours {
  const out: WeeklyHours = {};
  if (!value || typeof value !== "object") return out;
  for (const d of WEEKDAYS) {
    const hours = readHours((value as Record<string, unknown>)[d]);
    if (hours.length) out[d] = hours;
  }
  return out;
}

export async function readSettings(executor: Executor = db()): Promise<BookingSettings> {
  const [row] = await executor.select().from(bookingSettings).where(eq(bookingSettings.id, 1));
  if (row) return row;
  await executor.insert(bookingSettings).values({ id: 1, weeklyHours: DEFAULT_WEEKLY_HOURS }).onConflictDoNothing();
  return executor.select().from(bookingSettings).where(eq(bookingSettings.id, 1)).then(first);
}

export async function listExceptions(executor: Executor = db(), fromDay = brasiliaDay(new Date(Date.now() - 86_400_000))) {
  return executor.select().from(bookingExceptions).where(gte(bookingExceptions.day, fromDay)).orderBy(asc(bookingExceptions.day));
}

/** Everything the slot computation needs, as of now. */
export async function loadAvailability(executor: Executor = db()): Promise<{ settings: BookingSettings; availability: Availability }> {
  const [settings, exceptions] = await inTurn([() => readSettings(executor), () => listExceptions(executor)]);
  return {
    settings,
    availability: {
      timeZone: settings.timeZone,
      weeklyHours: readWeeklyHours(settings.weeklyHours),
      durationMinutes: settings.durationMinutes,
      bufferBeforeMinutes: settings.bufferBeforeMinutes,
      bufferAfterMinutes: settings.bufferAfterMinutes,
      minNoticeHours: settings.minNoticeHours,
      horizonDays: settings.horizonDays,
      maxPerDay: settings.maxPerDay,
      exceptions: exceptions.map((e) => ({ day: e.day, kind: e.kind === "open" ? "open" : "closed", hours: readHours(e.hours) })),
      // docs/decisions/0119: closed by default; an "open" exception reopens one.
      closesNationalHolidays: true,
    },
  };
}

/** The form's fields → weekly hours (one range per weekday). */
export function weeklyHoursOf(form: AvailabilityForm): WeeklyHours {
  const fields = form as unknown as Record<string, string | undefined>;
  const hours: WeeklyHours = {};
  for (const [d] of WEEKDAY_LABELS) {
    if (fields[`open${d}`]) hours[d] = [[fields[`start${d}`]!, fields[`end${d}`]!]];
  }
  return hours;
}

export async function updateSettings(form: AvailabilityForm, actor: Actor): Promise<void> {
  await db().transaction(async (tx) => {
    await readSettings(tx);
    const values = {
      weeklyHours: weeklyHoursOf(form),
      durationMinutes: form.durationMinutes,
      bufferBeforeMinutes: form.bufferBeforeMinutes,
      bufferAfterMinutes: form.bufferAfterMinutes,
      minNoticeHours: form.minNoticeHours,
      horizonDays: form.horizonDays,
      changeCutoffHours: form.changeCutoffHours,
      confirmBelowHours: form.confirmBelowHours,
      maxPerDay: form.maxPerDay,
      placeKind: form.placeKind,
      placeDetail: form.placeKind === "link-later" ? null : form.placeDetail || null,
    };
    await tx
      .update(bookingSettings)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(bookingSettings.id, 1));
    await recordAudit({ actor: actor.username, action: "booking.settings", target: "agenda", details: values, ip: actor.ip }, tx);
  });
}

/** The booking form's questions (docs/decisions/0145), replaced as a whole. */
export async function saveQuestions(questions: BookingQuestion[], actor: Actor): Promise<void> {
  await db().transaction(async (tx) => {
    await readSettings(tx);
    await tx
      .update(bookingSettings)
      .set({ questions, updatedAt: sql`now()` })
      .where(eq(bookingSettings.id, 1));
    await recordAudit(
      {
        actor: actor.username,
        action: "booking.questions",
        target: "agenda",
        details: { count: questions.length, kinds: questions.map((q) => q.kind) },
        ip: actor.ip,
      },
      tx,
    );
  });
}

export async function saveException(form: ExceptionForm, actor: Actor): Promise<void> {
  const hours = form.kind === "open" ? [[form.start!, form.end!]] : null;
  await db().transaction(async (tx) => {
    await tx
      .insert(bookingExceptions)
      .values({ day: form.day, kind: form.kind, hours, note: form.note || null })
      .onConflictDoUpdate({ target: bookingExceptions.day, set: { kind: form.kind, hours, note: form.note || null } });
    await recordAudit(
      { actor: actor.username, action: "booking.exception", target: `dia:${form.day}`, details: { kind: form.kind, hours }, ip: actor.ip },
      tx,
    );
  });
}

export async function removeException(id: number, actor: Actor): Promise<boolean> {
  return db().transaction(async (tx) => {
    const gone = await tx.delete(bookingExceptions).where(eq(bookingExceptions.id, id)).returning({ day: bookingExceptions.day });
    if (!gone.length) return false;
    await recordAudit({ actor: actor.username, action: "booking.exception.remove", target: `dia:${gone[0]!.day}`, ip: actor.ip }, tx);
    return true;
  });
}

/** A feed address just made: the only time it can be shown (only its hash is stored). */
export interface NewFeed {
  url: string;
  expiresAt: Date;
}

/** A new feed address, valid a year (the old one stops working at once). */
export async function renewFeedToken(actor: Actor, now = new Date()): Promise<NewFeed> {
  const { token, hash } = newAccessToken();
  const expiresAt = linkExpiry("feed", now);
  await db().transaction(async (tx) => {
    await readSettings(tx);
    await tx.update(bookingSettings).set({ feedTokenHash: hash, feedExpiresAt: expiresAt }).where(eq(bookingSettings.id, 1));
    await recordAudit(
      {
        actor: actor.username,
        action: "booking.feed.renew",
        target: "agenda",
        details: { expiresAt: expiresAt.toISOString() },
        ip: actor.ip,
      },
      tx,
    );
  });
  return { url: `${env.SITE_URL}/agenda/feed/${token}.ics`, expiresAt };
}

/** Does this token open the feed now? An unknown, revoked or expired one does not. */
export async function feedTokenWorks(token: string, now = new Date()): Promise<boolean> {
  if (!isAccessTokenShaped(token)) return false;
  const [row] = await db()
    .select({ id: bookingSettings.id })
    .from(bookingSettings)
    .where(and(eq(bookingSettings.feedTokenHash, hashAccessToken(token)), gt(bookingSettings.feedExpiresAt, now)));
  return Boolean(row);
}

export async function revokeFeedToken(actor: Actor): Promise<void> {
  await db().transaction(async (tx) => {
    await tx.update(bookingSettings).set({ feedTokenHash: null, feedExpiresAt: null }).where(eq(bookingSettings.id, 1));
    await recordAudit({ actor: actor.username, action: "booking.feed.revoke", target: "agenda", ip: actor.ip }, tx);
  });
}

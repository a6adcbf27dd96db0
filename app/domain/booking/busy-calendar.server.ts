/**
 * The owner's own calendar as busy time on /agendar (docs/decisions/0144). The admin pastes the
 * secret iCalendar address Google Calendar or Outlook gives; it is stored encrypted and never shown
 * again (only its host). Every few minutes an instance fetches it with a conditional request
 * (If-None-Match / If-Modified-Since) and writes, in one row every instance reads, the copy
 * stripped to times (./ical-busy.server.ts) and the busy intervals expanded from it over the
 * booking horizon. A failed fetch keeps the last good copy (re-expanded, so the window still moves)
 * and leaves the admin a Portuguese notice. Refreshing is idempotent: two instances at once write
 * the same thing.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { env } from "~/config.server";
import { db, type Executor } from "~/db/client.server";
import { bookingBusyCalendar } from "~/db/schema";
import { recordAudit } from "~/domain/audit.server";
import { sessionSecret } from "~/domain/auth/cookies.server";
import { logger } from "~/infra/logger.server";
import { OutboundError, outboundGet } from "~/infra/outbound.server";
import { busyIntervals, type BusyInterval, minimiseCalendar } from "./ical-busy.server";
import { readSettings, type Actor } from "./settings.server";
import type { BusyRange } from "./slots";

export const BUSY_CALENDAR_REFRESH_MS = 5 * 60_000;
const FETCH_TIMEOUT_MS = 15_000;
/** A busy calendar of many years is a few MB; more is not a calendar we should hold. */
const MAX_CALENDAR_BYTES = 10 * 1024 * 1024;
const DAY_MS = 86_400_000;

export type BusyCalendar = typeof bookingBusyCalendar.$inferSelect;

export const busyCalendarMessages = {
  invalidUrl: "Cole o endereço secreto no formato iCal (começa com https://).",
  private: "Esse endereço aponta para a rede interna e não pode ser usado.",
  timeout: "O calendário demorou demais para responder.",
  tooLarge: "O arquivo do calendário é grande demais (mais de 10 MB).",
  redirects: "O endereço redireciona vezes demais.",
  network: "Não foi possível conectar ao endereço do calendário.",
  notCalendar: "O endereço não devolveu um calendário iCalendar válido.",
  status: (status: number) => `O calendário respondeu com erro HTTP ${status}.`,
  unreadable: "O endereço salvo não pôde ser lido (a chave do servidor mudou). Cole o endereço de novo.",
} as const;

// ---------------------------------------------------------------- the address at rest
function key(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "", "busy-calendar-url", 32));
}

function encrypt(value: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(secret), iv);
  const encrypted = Buffer.concat([cipher.update(value, "utf8"), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString("base64url")}`;
}

function decrypt(stored: string, secret: string): string | undefined {
  if (!stored.startsWith("v1:")) return undefined;
  try {
    const raw = Buffer.from(stored.slice(3), "base64url");
    const decipher = createDecipheriv("aes-256-gcm", key(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
}

/** A pasted address made fetchable: webcal:// is https://; anything but http(s) is refused (null). */
export function normaliseCalendarUrl(value: string): URL | null {
  const text = value.trim().replace(/^webcals?:\/\//i, "https://");
  if (!URL.canParse(text)) return null;
  const url = new URL(text);
  if ((url.protocol !== "https:" && url.protocol !== "http:") || !url.hostname || url.username || url.password) return null;
  return url;
}

export async function readBusyCalendar(executor: Executor = db()): Promise<BusyCalendar> {
  const [row] = await executor.select().from(bookingBusyCalendar).where(eq(bookingBusyCalendar.id, 1));
  if (row) return row;
  await executor.insert(bookingBusyCalendar).values({ id: 1 }).onConflictDoNothing();
  const [again] = await executor.select().from(bookingBusyCalendar).where(eq(bookingBusyCalendar.id, 1));
  return again!;
}

/** Saves a new address (the old copy goes with the old address) and fetches it at once. */
export async function setCalendarUrl(url: URL, actor: Actor): Promise<BusyCalendar> {
  const secret = await sessionSecret();
  await db().transaction(async (tx) => {
    await readBusyCalendar(tx);
    await tx
      .update(bookingBusyCalendar)
      .set({
        urlSecret: encrypt(url.href, secret),
        urlHost: url.host,
        etag: null,
        lastModified: null,
        calendarText: null,
        busyIntervals: [],
        fetchedAt: null,
        checkedAt: null,
        lastError: null,
        updatedAt: sql`now()`,
      })
      .where(eq(bookingBusyCalendar.id, 1));
    // The address is a secret: the audit names its host only.
    await recordAudit(
      { actor: actor.username, action: "booking.busy-calendar.set", target: "agenda", details: { host: url.host }, ip: actor.ip },
      tx,
    );
  });
  return refreshBusyCalendar();
}

export async function removeCalendarUrl(actor: Actor): Promise<void> {
  await db().transaction(async (tx) => {
    await readBusyCalendar(tx);
    await tx
      .update(bookingBusyCalendar)
      .set({
        urlSecret: null,
        urlHost: null,
        etag: null,
        lastModified: null,
        calendarText: null,
        busyIntervals: [],
        fetchedAt: null,
        checkedAt: null,
        lastError: null,
        updatedAt: sql`now()`,
      })
      .where(eq(bookingBusyCalendar.id, 1));
    await recordAudit({ actor: actor.username, action: "booking.busy-calendar.remove", target: "agenda", ip: actor.ip }, tx);
  });
}

// ---------------------------------------------------------------- refreshing
/** A failure whose message is already the admin's notice. */
class CalendarProblem extends Error {}

function messageOf(error: unknown): string {
  if (error instanceof CalendarProblem) return error.message;
  if (error instanceof OutboundError) {
    if (error.code === "private") return busyCalendarMessages.private;
    if (error.code === "timeout") return busyCalendarMessages.timeout;
    if (error.code === "too-large") return busyCalendarMessages.tooLarge;
    if (error.code === "redirects") return busyCalendarMessages.redirects;
    if (error.code === "scheme") return busyCalendarMessages.invalidUrl;
  }
  return busyCalendarMessages.network;
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? null;

/**
 * Fetches the address (conditionally when a copy is held) and stores the copy and its busy
 * intervals; on failure keeps the copy, re-expanded from now, and stores the notice. Returns the row.
 */
export async function refreshBusyCalendar(now = new Date()): Promise<BusyCalendar> {
  const row = await readBusyCalendar();
  if (!row.urlSecret) return row;
  const settings = await readSettings();
  const expand = (text: string) =>
    busyIntervals(text, {
      from: new Date(now.getTime() - DAY_MS),
      to: new Date(now.getTime() + (settings.horizonDays + 2) * DAY_MS),
      businessZone: settings.timeZone,
    });

  let update: Partial<typeof bookingBusyCalendar.$inferInsert>;
  const address = decrypt(row.urlSecret, await sessionSecret());
  try {
    if (!address) throw new CalendarProblem(busyCalendarMessages.unreadable);
    const conditional: Record<string, string> = { accept: "text/calendar, */*;q=0.5", "user-agent": "agenda-ocupado/1.0" };
    if (row.calendarText && row.etag) conditional["if-none-match"] = row.etag;
    if (row.calendarText && row.lastModified) conditional["if-modified-since"] = row.lastModified;
    const answer = await outboundGet(address, {
      headers: conditional,
      timeoutMs: FETCH_TIMEOUT_MS,
      maxBytes: MAX_CALENDAR_BYTES,
      allowPrivate: env.BUSY_CALENDAR_ALLOW_PRIVATE === "1",
    });
    if (answer.status === 304 && row.calendarText) {
      update = { busyIntervals: expand(row.calendarText), fetchedAt: now, lastError: null };
    } else if (answer.status >= 200 && answer.status < 300) {
      let text: string;
      let busy: BusyInterval[];
      try {
        text = minimiseCalendar(answer.body);
        busy = expand(text);
      } catch {
        throw new CalendarProblem(busyCalendarMessages.notCalendar);
      }
      update = {
        calendarText: text,
        busyIntervals: busy,
        etag: header(answer.headers.etag),
        lastModified: header(answer.headers["last-modified"]),
        fetchedAt: now,
        lastError: null,
      };
    } else {
      throw new CalendarProblem(busyCalendarMessages.status(answer.status));
    }
  } catch (error) {
    const notice = messageOf(error);
    // Never the address itself in the log: it grants read access to the owner's calendar.
    logger.warn({ host: row.urlHost, reason: notice }, "agenda externa: falha ao buscar");
    update = { lastError: notice, busyIntervals: row.calendarText ? expand(row.calendarText) : [] };
  }
  // Only if the address is still the one fetched (the admin may have changed it meanwhile).
  const [written] = await db()
    .update(bookingBusyCalendar)
    .set({ ...update, checkedAt: now, updatedAt: sql`now()` })
    .where(sql`${bookingBusyCalendar.id} = 1 and ${bookingBusyCalendar.urlSecret} = ${row.urlSecret}`)
    .returning();
  return written ?? (await readBusyCalendar());
}

// ---------------------------------------------------------------- read by the slot computation
/** The calendar's busy intervals touching [from, to), as the slot computation's busy ranges (never counted as bookings). */
export async function calendarBusy(executor: Executor, from: Date, to: Date): Promise<BusyRange[]> {
  const [row] = await executor
    .select({ busy: bookingBusyCalendar.busyIntervals, url: bookingBusyCalendar.urlSecret })
    .from(bookingBusyCalendar)
    .where(eq(bookingBusyCalendar.id, 1));
  if (!row?.url || !Array.isArray(row.busy)) return [];
  const out: BusyRange[] = [];
  for (const item of row.busy as BusyInterval[]) {
    if (!Array.isArray(item)) continue;
    const start = new Date(item[0]);
    const end = new Date(item[1]);
    if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) continue;
    if (end > from && start < to) out.push({ startsAt: start, occupiedStart: start, occupiedEnd: end, external: true });
  }
  return out;
}

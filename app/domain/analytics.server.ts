/**
 * First-party, cookieless page analytics (issue 18, docs/decisions/0040-0042).
 *
 * Recording: the server counts a view from the HTML request itself (`createPageViewRecorder`, an
 * entry step that the front door runs for cached pages too), so a visitor's browser sends
 * nothing extra. What the server cannot see arrives by `navigator.sendBeacon` (`recordBeacon`):
 * the chat or consultation dialog opened, a form started, and client-side navigations of the
 * pages React Router runs. Each hit is buffered in memory and written in batches, so a burst
 * costs one insert per thousand views instead of one per view.
 *
 * Privacy: no cookie and no browser storage. A visitor is `sha256(salt | address | browser)`,
 * the salt random per day (Brasília time) and deleted when the next day is over; the address and
 * the browser string never leave memory. Bots (`isbot`), requests without a browser string, admin
 * sessions and prefetches are not counted.
 *
 * Reading: daily rollups (`analytics_daily`), rebuilt for today and yesterday every few minutes
 * and when the admin opens Análises; raw rows are deleted after RETENTION.analyticsRaw.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { isbot } from "isbot";
import { db } from "~/db/client.server";
import { analyticsEvents, analyticsSalts, pageViews } from "~/db/schema";
import { logger } from "~/infra/logger.server";
import { rowsOf } from "~/infra/rate-limit.server";
import type { IncomingMessage, ServerResponse } from "node:http";

// ---------------------------------------------------------------- days (Brasília time)
const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo", year: "numeric", month: "2-digit", day: "2-digit" });
const DAY_MS = 86_400_000;

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

// ---------------------------------------------------------------- what counts
/** Paths that are not public pages (APIs, admin, files, confirmations of a post, feeds, data requests). */
const NOT_A_PAGE =
  /^\/(api|admin|login|logout|assets|media|enviar|descadastrar|newsletter|payment-success|checkout\/demo|\.well-known)(\/|$)|\.[a-z0-9]+$/i;
const SESSION = /(^|;\s*)sid=/;

export function isPagePath(path: string): boolean {
  return path.startsWith("/") && path.length <= 300 && !NOT_A_PAGE.test(path);
}

/** isbot's answer per browser string: visitors share a few hundred of them, and the test is a long regex. */
const botAnswers = new Map<string, boolean>();
/** A person's browser: it names itself, and not as a bot (the bench's tools all do: decision 0040). */
export function isCountedBrowser(userAgent: string | undefined | null): userAgent is string {
  if (!userAgent) return false;
  let bot = botAnswers.get(userAgent);
  if (bot === undefined) {
    if (botAnswers.size >= 5_000) botAnswers.clear();
    bot = isbot(userAgent);
    botAnswers.set(userAgent, bot);
  }
  return !bot;
}

export type DeviceClass = "mobile" | "tablet" | "desktop";
export function deviceOf(userAgent: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini/i.test(userAgent)) return "mobile";
  return "desktop";
}

// ---------------------------------------------------------------- the buffer
type HitKind = "view" | "widget" | "form";
interface Hit {
  kind: HitKind;
  time: number;
  /** Path and query as requested (or as the beacon reported). */
  url: string;
  referer?: string;
  host?: string;
  ua: string;
  ip: string;
  form?: string;
  /** A beacon: a client-side navigation or a funnel step, never the start of a visit. */
  beacon?: boolean;
}

/** Enough for a burst far beyond the bench's 10,000 views; beyond it views are dropped (and logged). */
const MAX_BUFFER = 200_000;
const BATCH = 1_000;
let buffer: Hit[] = [];
let dropped = 0;

function enqueue(hit: Hit): void {
  if (buffer.length >= MAX_BUFFER) {
    dropped++;
    return;
  }
  buffer.push(hit);
  if (buffer.length === BATCH * 2) setImmediate(() => void flushAnalytics().catch(() => {}));
}

/** Whether a request is a prefetch the visitor may never see. */
function isPrefetch(req: IncomingMessage): boolean {
  const purpose = req.headers["sec-purpose"] ?? req.headers.purpose;
  return typeof purpose === "string" && purpose.includes("prefetch");
}

/**
 * The entry step that counts page views (it takes Node's request and response only, so the front
 * door runs it for cached pages as Express does for the rest). On the hot path it only looks at
 * the method, path and cookie; the work happens when the batch is written.
 */
export function createPageViewRecorder(clientAddress: (req: IncomingMessage) => string) {
  return function recordPageView(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    const url = req.url ?? "/";
    if (req.method === "GET" && !SESSION.test(req.headers.cookie ?? "") && !isPrefetch(req)) {
      const q = url.indexOf("?");
      if (isPagePath(q === -1 ? url : url.slice(0, q))) {
        res.once("finish", () => {
          if (res.statusCode !== 200) return;
          const type = res.getHeader("content-type");
          if (typeof type !== "string" || !type.startsWith("text/html")) return;
          const ua = req.headers["user-agent"];
          if (!ua) return;
          enqueue({
            kind: "view",
            time: Date.now(),
            url,
            referer: req.headers.referer,
            host: req.headers.host,
            ua,
            ip: clientAddress(req),
          });
        });
      }
    }
    next();
  };
}

export const BEACON_KINDS = ["view", "widget", "form"] as const;

/**
 * A beacon from the page (`{ k, p, f }`: kind, path with query, form). Answered 204 whatever
 * it says, unless malformed (400): a beacon is fire-and-forget.
 */
export function recordBeacon(body: string, visitor: { ip: string; userAgent: string | null; cookie: string | null }): boolean {
  let parsed: unknown;
  try {
    parsed = body.length <= 2_000 ? JSON.parse(body) : undefined;
  } catch {
    return false;
  }
  const { k, p, f } = (parsed ?? {}) as { k?: unknown; p?: unknown; f?: unknown };
  if (!BEACON_KINDS.includes(k as HitKind) || typeof p !== "string" || !p.startsWith("/") || p.length > 600) return false;
  if (f !== undefined && (typeof f !== "string" || !/^[a-z-]{1,40}$/.test(f))) return false;
  if (!isCountedBrowser(visitor.userAgent) || SESSION.test(visitor.cookie ?? "")) return true;
  const q = p.indexOf("?");
  if (!isPagePath(q === -1 ? p : p.slice(0, q))) return true;
  enqueue({
    kind: k as HitKind,
    time: Date.now(),
    url: p,
    ua: visitor.userAgent,
    ip: visitor.ip,
    form: f as string | undefined,
    beacon: true,
  });
  return true;
}

// ---------------------------------------------------------------- the daily salt
const salts = new Map<string, string>();

/** The day's salt, created by whichever instance needs it first (every instance must hash alike). */
async function saltFor(day: string, create = true): Promise<string | undefined> {
  const known = salts.get(day);
  if (known) return known;
  if (create) {
    await db()
      .insert(analyticsSalts)
      .values({ day, salt: randomBytes(32).toString("base64url") })
      .onConflictDoNothing();
  }
  const [row] = await db().select({ salt: analyticsSalts.salt }).from(analyticsSalts).where(eq(analyticsSalts.day, day));
  if (!row) return undefined;
  if (salts.size > 4) salts.clear();
  salts.set(day, row.salt);
  return row.salt;
}

export function visitorHash(salt: string, ip: string, userAgent: string): string {
  return createHash("sha256").update(`${salt}|${ip}|${userAgent}`).digest("base64url").slice(0, 22);
}

/** Yesterday's salt stays for a day (a visit over midnight, attribution); older ones are deleted. */
export async function deleteOldSalts(now = Date.now()): Promise<void> {
  const yesterday = dayOf(now - DAY_MS);
  await db().delete(analyticsSalts).where(lt(analyticsSalts.day, yesterday));
  for (const day of salts.keys()) if (day < yesterday) salts.delete(day);
}

// ---------------------------------------------------------------- writing batches
const clean = (value: string | null | undefined, max = 100) => {
  const text = value
    // eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
    ?.replace(/[\u0000-\u001f\u007f]+/g, " ")
    .trim()
    .slice(0, max);
  return text ? text : null;
};

function parsePage(url: string): { path: string; utmSource: string | null; utmMedium: string | null; utmCampaign: string | null } {
  const u = new URL(url, "http://local");
  return {
    path: u.pathname.slice(0, 300),
    utmSource: clean(u.searchParams.get("utm_source")),
    utmMedium: clean(u.searchParams.get("utm_medium")),
    utmCampaign: clean(u.searchParams.get("utm_campaign")),
  };
}

const hostOf = (value: string | undefined) => {
  try {
    return value ? new URL(value.includes("://") ? value : `http://${value}`).hostname.replace(/^www\./, "").toLowerCase() : undefined;
  } catch {
    return undefined;
  }
};

let flushing: Promise<void> | undefined;
let failing = false;

/** Writes what is buffered (safe to call any time; concurrent calls share the work). */
export async function flushAnalytics(): Promise<void> {
  while (flushing) await flushing;
  if (!buffer.length) return;
  flushing = (async () => {
    try {
      while (buffer.length) {
        const batch = buffer.splice(0, BATCH);
        try {
          await writeBatch(batch);
          failing = false;
        } catch (error) {
          // Kept for the next turn (the database may be back); logged once per outage.
          buffer = [...batch, ...buffer].slice(0, MAX_BUFFER);
          if (!failing) logger.warn({ err: error, buffered: buffer.length }, "análises: gravação adiada");
          failing = true;
          return;
        }
      }
      if (dropped) {
        logger.warn({ dropped }, "análises: visitas descartadas (fila cheia)");
        dropped = 0;
      }
    } finally {
      flushing = undefined;
    }
  })();
  await flushing;
}

async function writeBatch(batch: Hit[]): Promise<void> {
  const views: (typeof pageViews.$inferInsert)[] = [];
  const events: (typeof analyticsEvents.$inferInsert)[] = [];
  for (const hit of batch) {
    if (!isCountedBrowser(hit.ua)) continue;
    const day = dayOf(hit.time);
    const salt = (await saltFor(day))!;
    const hash = visitorHash(salt, hit.ip, hit.ua);
    let page: ReturnType<typeof parsePage>;
    try {
      page = parsePage(hit.url);
    } catch {
      continue;
    }
    if (hit.kind === "view") {
      const referrer = hit.beacon ? undefined : hostOf(hit.referer);
      const internal = hit.beacon || (referrer !== undefined && referrer === hostOf(hit.host));
      views.push({
        createdAt: new Date(hit.time),
        day,
        ...page,
        entry: !internal,
        referrerHost: internal ? null : (referrer ?? null),
        device: deviceOf(hit.ua),
        visitorHash: hash,
      });
    } else {
      events.push({ createdAt: new Date(hit.time), day, kind: hit.kind, form: hit.form ?? null, path: page.path, visitorHash: hash });
    }
  }
  if (views.length) await insertViews(views);
  if (events.length) await db().insert(analyticsEvents).values(events);
}

/**
 * One array per column and `unnest`: ten parameters for a thousand views, where a multi-row
 * VALUES would build, send and parse ten thousand (a measurable share of a view's cost under load).
 */
async function insertViews(views: (typeof pageViews.$inferInsert)[]): Promise<void> {
  const column = <T>(pick: (v: (typeof views)[number]) => T) => sql.param(views.map(pick));
  await db().execute(sql`
    insert into page_views (created_at, day, path, entry, referrer_host, utm_source, utm_medium, utm_campaign, device, visitor_hash)
    select * from unnest(
      ${column((v) => (v.createdAt as Date).toISOString())}::timestamptz[], ${column((v) => v.day)}::date[], ${column((v) => v.path)}::text[],
      ${column((v) => v.entry)}::boolean[], ${column((v) => v.referrerHost ?? null)}::text[], ${column((v) => v.utmSource ?? null)}::text[],
      ${column((v) => v.utmMedium ?? null)}::text[], ${column((v) => v.utmCampaign ?? null)}::text[], ${column((v) => v.device)}::text[],
      ${column((v) => v.visitorHash)}::text[])`);
}

// ---------------------------------------------------------------- rollups
/** Arbitrary constant naming the rollup lock (distinct from the migration and retention locks). */
const ROLLUP_LOCK_ID = 724_503;

/** Rebuilds one day's rollups from its raw rows, in one transaction. */
export async function rollUpDay(day: string): Promise<void> {
  await db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK_ID})`);
    await tx.execute(sql`delete from analytics_daily where day = ${day}::date`);
    await tx.execute(sql`
      insert into analytics_daily (day, dimension, key, views, visits, visitors)
      select day, 'total', '', count(*), count(*) filter (where entry), count(distinct visitor_hash)
        from page_views where day = ${day}::date group by day
      union all
      select day, 'page', path, count(*), count(*) filter (where entry), count(distinct visitor_hash)
        from page_views where day = ${day}::date group by day, path
      union all
      select day, 'referrer', referrer_host, count(*), count(*), count(distinct visitor_hash)
        from page_views where day = ${day}::date and entry and referrer_host is not null group by day, referrer_host
      union all
      select day, 'campaign', concat_ws(E'\\t', coalesce(utm_source, ''), coalesce(utm_medium, ''), coalesce(utm_campaign, '')),
             count(*), count(*), count(distinct visitor_hash)
        from page_views
       where day = ${day}::date and entry and (utm_source is not null or utm_medium is not null or utm_campaign is not null)
       group by day, utm_source, utm_medium, utm_campaign
      union all
      select day, 'device', device, count(*), count(*) filter (where entry), count(distinct visitor_hash)
        from page_views where day = ${day}::date group by day, device
      union all
      select day, 'event', kind, count(*), 0, count(distinct visitor_hash)
        from analytics_events where day = ${day}::date group by day, kind`);
  });
}

/**
 * Today and yesterday (still moving), and any older day with raw rows but no rollup (the server
 * was down when it ended, or rows were imported).
 */
export async function rollUpPending(now = Date.now()): Promise<number> {
  await flushAnalytics();
  const yesterday = dayOf(now - DAY_MS);
  const days = rowsOf<{ day: string }>(
    await db().execute(sql`
      select distinct day::text as day from page_views
       where day >= ${yesterday}::date
          or day not in (select day from analytics_daily where dimension = 'total')
      union
      select distinct day::text from analytics_events where day >= ${yesterday}::date`),
  ).map((r) => r.day);
  for (const day of days) await rollUpDay(day);
  return days.length;
}

let caughtUp = false;

/** Before reading: today's figures rebuilt, and (once per process) every pending day. */
export async function refreshAnalytics(now = Date.now()): Promise<void> {
  if (!caughtUp) {
    await rollUpPending(now);
    caughtUp = true;
    return;
  }
  await flushAnalytics();
  await rollUpDay(dayOf(now));
}

/** Retention (app/domain/retention.server.ts): raw rows of days before `cutoffDay`, once rolled up. */
export async function deleteRawAnalytics(executor: Pick<ReturnType<typeof db>, "delete">, cutoffDay: string) {
  const views = await executor.delete(pageViews).where(lt(pageViews.day, cutoffDay)).returning({ id: pageViews.id });
  const events = await executor.delete(analyticsEvents).where(lt(analyticsEvents.day, cutoffDay)).returning({ id: analyticsEvents.id });
  return { pageViews: views.length, analyticsEvents: events.length };
}

// ---------------------------------------------------------------- attribution
export interface Attribution {
  landingPath: string | null;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

export interface VisitorRequest {
  ip: string | null;
  userAgent: string | null;
  /** The page the form was sent from (same-origin Referer). */
  referer: string | null;
}

/**
 * The visit that produced a lead: the visitor's latest entry today or yesterday that came from a
 * campaign or another site, else the latest direct one (last non-direct click), found by the
 * same daily hash the views carry. Without one (a bot-like browser, a visit over two days, or
 * the views of another instance not written yet), the page the form was sent from, with its UTM.
 * Never fails a lead: on error, that fallback.
 */
export async function attributionFor(visitor: VisitorRequest, now = Date.now()): Promise<Attribution | null> {
  try {
    if (visitor.ip && isCountedBrowser(visitor.userAgent)) {
      await flushAnalytics();
      const found = [];
      for (const day of [dayOf(now), dayOf(now - DAY_MS)]) {
        const salt = await saltFor(day, false);
        if (salt) found.push(visitorHash(salt, visitor.ip, visitor.userAgent));
      }
      if (found.length) {
        const [row] = await db()
          .select({
            landingPath: pageViews.path,
            referrerHost: pageViews.referrerHost,
            utmSource: pageViews.utmSource,
            utmMedium: pageViews.utmMedium,
            utmCampaign: pageViews.utmCampaign,
          })
          .from(pageViews)
          .where(and(inArray(pageViews.visitorHash, found), eq(pageViews.entry, true)))
          .orderBy(
            sql`(${pageViews.utmSource} is not null or ${pageViews.utmMedium} is not null or ${pageViews.utmCampaign} is not null or ${pageViews.referrerHost} is not null) desc`,
            desc(pageViews.id),
          )
          .limit(1);
        if (row) return row;
      }
    }
  } catch (error) {
    logger.warn({ err: error }, "análises: atribuição pela visita indisponível");
  }
  return fromReferer(visitor.referer);
}

function fromReferer(referer: string | null): Attribution | null {
  if (!referer) return null;
  try {
    const page = parsePage(new URL(referer).pathname + new URL(referer).search);
    if (!isPagePath(page.path)) return null;
    return {
      landingPath: page.path,
      referrerHost: null,
      utmSource: page.utmSource,
      utmMedium: page.utmMedium,
      utmCampaign: page.utmCampaign,
    };
  } catch {
    return null;
  }
}

/** The attribution of a request (routes that store a lead outside the lead-form pipeline). */
export function attributionOfRequest(request: Request, clientIp: string | null): Promise<Attribution | null> {
  return attributionFor({ ip: clientIp, userAgent: request.headers.get("user-agent"), referer: request.headers.get("referer") });
}

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
 * (Rollups: ./rollups.server.ts; the salt: ./salt.server.ts; attribution: ./attribution.server.ts.)
 */
import { sql } from "drizzle-orm";
import { isbot } from "isbot";
import { db } from "~/db/client.server";
import { analyticsEvents, pageViews } from "~/db/schema";
import { logger } from "~/infra/logger.server";
import { dayOf } from "./days.server";
import { saltFor, visitorHash } from "./salt.server";
import type { IncomingMessage, ServerResponse } from "node:http";

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

// ---------------------------------------------------------------- writing batches
const clean = (value: string | null | undefined, max = 100) => {
  const text = value
    // eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
    ?.replace(/[\u0000-\u001f\u007f]+/g, " ")
    .trim()
    .slice(0, max);
  return text ? text : null;
};

export function parsePage(url: string): { path: string; utmSource: string | null; utmMedium: string | null; utmCampaign: string | null } {
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

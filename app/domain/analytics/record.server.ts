/**
 * First-party, cookieless page analytics (docs/decisions/0040-0042, 0056).
 *
 * Recording: a page Análises counts (its route's policy says `counted`) asks to be counted
 * itself, so a view is counted whoever answered the page (our cache, nginx, a CDN): an inline
 * script sends a `view` beacon with the visitor's address and the document's referrer, and
 * without JavaScript a `<noscript>` image does (`recordPixel`). The same beacons carry what else a
 * page request cannot show: the chat or consultation dialog opened, a form started, client-side
 * navigations. Each hit is buffered in memory and written in batches, so a burst costs one insert
 * per thousand views instead of one per view.
 *
 * Privacy: no cookie and no browser storage. A visitor is `sha256(salt | address | browser)`,
 * the salt random per day (Brasília time) and deleted when the next day is over; the address and
 * the browser string never leave memory. Bots (`isbot`), requests without a browser string and
 * admin sessions are not counted.
 *
 * Reading: daily rollups (`analytics_daily`), rebuilt for today and yesterday every few minutes
 * and when the admin opens Análises; raw rows are deleted after RETENTION.analyticsRaw.
 * (Rollups: ./rollups.server.ts; the salt: ./salt.server.ts; attribution: ./attribution.server.ts.)
 */
import { and, inArray, sql } from "drizzle-orm";
import { isbot } from "isbot";
import { db } from "~/db/client.server";
import { analyticsEvents, pageViews } from "~/db/schema";
import { logger } from "~/infra/logger.server";
import { isCountedPage } from "~/infra/route-lookup.server";
import { hasSessionCookie } from "../auth/sessions.server";
import { dayOf } from "./days.server";
import { saltFor, visitorHash } from "./salt.server";

// ---------------------------------------------------------------- what counts
export { isCountedPage };

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
/**
 * How a view arrived: the page's own beacon (`landing`: it knows the document's referrer), a
 * client-side navigation (never the start of a visit), or the image of a page without
 * JavaScript (`pixel`: the referrer it carries is our page, so the start of a visit is decided
 * by whether the visitor was seen earlier that day).
 */
type ViewSource = "landing" | "navigation" | "pixel";
interface Hit {
  kind: HitKind;
  time: number;
  /** Path and query as the visitor saw them. */
  url: string;
  source?: ViewSource;
  /** The document's referrer (landing views). */
  referer?: string;
  host?: string;
  ua: string;
  ip: string;
  form?: string;
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

export const BEACON_KINDS = ["view", "widget", "form"] as const;

export interface BeaconVisitor {
  ip: string;
  userAgent: string | null;
  cookie: string | null;
  /** The host the beacon came to: a referrer on this host is an internal one. */
  host: string | null;
}

/**
 * A beacon from the page (`{ k, p, f, r }`: kind, path with query, form, and for the view a page
 * sends of itself, the document's referrer). Answered 204 whatever it says, unless malformed
 * (400): a beacon is fire-and-forget.
 */
export function recordBeacon(body: string, visitor: BeaconVisitor): boolean {
  let parsed: unknown;
  try {
    parsed = body.length <= 2_000 ? JSON.parse(body) : undefined;
  } catch {
    return false;
  }
  const { k, p, f, r } = (parsed ?? {}) as { k?: unknown; p?: unknown; f?: unknown; r?: unknown };
  if (!BEACON_KINDS.includes(k as HitKind) || typeof p !== "string" || !p.startsWith("/") || p.length > 600) return false;
  if (f !== undefined && (typeof f !== "string" || !/^[a-z-]{1,40}$/.test(f))) return false;
  if (r !== undefined && (typeof r !== "string" || r.length > 1_000)) return false;
  if (!isCountedBrowser(visitor.userAgent) || hasSessionCookie(visitor.cookie)) return true;
  const q = p.indexOf("?");
  if (!isCountedPage(q === -1 ? p : p.slice(0, q))) return true;
  enqueue({
    kind: k as HitKind,
    time: Date.now(),
    url: p,
    source: k === "view" ? (r === undefined ? "navigation" : "landing") : undefined,
    referer: typeof r === "string" && r ? r : undefined,
    host: visitor.host ?? undefined,
    ua: visitor.userAgent,
    ip: visitor.ip,
    form: f as string | undefined,
  });
  return true;
}

/** The `<noscript>` image of a page viewed without JavaScript: its Referer is the page. */
export function recordPixel(visitor: BeaconVisitor & { page: string | null }): void {
  if (!visitor.page || !isCountedBrowser(visitor.userAgent) || hasSessionCookie(visitor.cookie)) return;
  let url: URL;
  try {
    url = new URL(visitor.page);
  } catch {
    return;
  }
  // Only our own pages: another site embedding the image counts nothing.
  if (visitor.host && url.host !== visitor.host) return;
  if (!isCountedPage(url.pathname)) return;
  enqueue({ kind: "view", time: Date.now(), url: url.pathname + url.search, source: "pixel", ua: visitor.userAgent, ip: visitor.ip });
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

/**
 * The click ids ad networks add to their links (auto-tagging), in order of precedence: a visit
 * carrying one is paid traffic from that network even without `utm_*` (docs/decisions/0085).
 */
export const PAID_CLICK_IDS: ReadonlyArray<{ param: string; source: string; medium: string }> = [
  { param: "gclid", source: "google", medium: "cpc" },
  { param: "gbraid", source: "google", medium: "cpc" },
  { param: "wbraid", source: "google", medium: "cpc" },
  { param: "msclkid", source: "microsoft", medium: "cpc" },
  { param: "fbclid", source: "meta", medium: "cpc" },
];

/**
 * A page's path and campaign. `utm_source`/`utm_medium` win when present; otherwise a click id
 * says which network paid for the visit (source and medium), and `utm_campaign` is kept.
 */
export function parsePage(url: string): { path: string; utmSource: string | null; utmMedium: string | null; utmCampaign: string | null } {
  const u = new URL(url, "http://local");
  let utmSource = clean(u.searchParams.get("utm_source"));
  let utmMedium = clean(u.searchParams.get("utm_medium"));
  if (!utmSource && !utmMedium) {
    const paid = PAID_CLICK_IDS.find((c) => u.searchParams.get(c.param));
    if (paid) ({ source: utmSource, medium: utmMedium } = paid);
  }
  return { path: u.pathname.slice(0, 300), utmSource, utmMedium, utmCampaign: clean(u.searchParams.get("utm_campaign")) };
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
  const pixelViews: (typeof pageViews.$inferInsert)[] = [];
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
      const referrer = hit.source === "landing" ? hostOf(hit.referer) : undefined;
      const internal = hit.source === "navigation" || (referrer !== undefined && referrer === hostOf(hit.host));
      const view = {
        createdAt: new Date(hit.time),
        day,
        ...page,
        entry: !internal,
        referrerHost: internal ? null : (referrer ?? null),
        device: deviceOf(hit.ua),
        visitorHash: hash,
      };
      (hit.source === "pixel" ? pixelViews : views).push(view);
    } else {
      events.push({ createdAt: new Date(hit.time), day, kind: hit.kind, form: hit.form ?? null, path: page.path, visitorHash: hash });
    }
  }
  if (pixelViews.length) views.push(...(await withoutRepeatedEntries(pixelViews, views)));
  if (views.length) await insertViews(views);
  if (events.length) await db().insert(analyticsEvents).values(events);
}

/**
 * A view without JavaScript cannot tell where the visitor came from: it starts a visit only when
 * it carries a campaign or when the visitor was not seen earlier that day.
 */
async function withoutRepeatedEntries(
  pixelViews: (typeof pageViews.$inferInsert)[],
  batch: (typeof pageViews.$inferInsert)[],
): Promise<(typeof pageViews.$inferInsert)[]> {
  const seen = new Set(batch.map((v) => `${v.day}|${v.visitorHash}`));
  const hashes = [...new Set(pixelViews.map((v) => v.visitorHash))];
  const days = [...new Set(pixelViews.map((v) => v.day))];
  const earlier = await db()
    .selectDistinct({ day: pageViews.day, visitorHash: pageViews.visitorHash })
    .from(pageViews)
    .where(and(inArray(pageViews.visitorHash, hashes), inArray(pageViews.day, days)));
  for (const row of earlier) seen.add(`${row.day}|${row.visitorHash}`);
  return pixelViews.map((view) => {
    const key = `${view.day}|${view.visitorHash}`;
    const campaign = Boolean(view.utmSource || view.utmMedium || view.utmCampaign);
    const entry = campaign || !seen.has(key);
    seen.add(key);
    return { ...view, entry };
  });
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

/** Which visit produced a lead (decision 0042): stored on the lead, shown in the admin. */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { pageViews } from "~/db/schema";
import { logger } from "~/infra/logger.server";
import { DAY_MS, dayOf } from "./days.server";
import { flushAnalytics, isCountedBrowser, isCountedPage, parsePage } from "./record.server";
import { saltFor, visitorHash } from "./salt.server";

export interface Attribution {
  landingPath: string | null;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  /** Found among the views Análises counted (by the daily hash), or not (docs/decisions/0085). */
  visitCounted: boolean;
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
 * Never fails a lead: on error, that fallback. Always an answer, so a lead without a counted
 * visit says so (`visitCounted: false`) even when nothing else is known.
 */
export async function attributionFor(visitor: VisitorRequest, now = Date.now()): Promise<Attribution> {
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
        if (row) return { ...row, visitCounted: true };
      }
    }
  } catch (error) {
    logger.warn({ err: error }, "análises: atribuição pela visita indisponível");
  }
  return fromReferer(visitor.referer);
}

const NO_VISIT: Attribution = {
  landingPath: null,
  referrerHost: null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  visitCounted: false,
};

function fromReferer(referer: string | null): Attribution {
  if (!referer) return NO_VISIT;
  try {
    const page = parsePage(new URL(referer).pathname + new URL(referer).search);
    if (!isCountedPage(page.path)) return NO_VISIT;
    return {
      landingPath: page.path,
      referrerHost: null,
      utmSource: page.utmSource,
      utmMedium: page.utmMedium,
      utmCampaign: page.utmCampaign,
      visitCounted: false,
    };
  } catch {
    return NO_VISIT;
  }
}

/** The attribution of a request (routes that store a lead outside the lead-form pipeline). */
export function attributionOfRequest(request: Request, clientIp: string | null): Promise<Attribution> {
  return attributionFor({ ip: clientIp, userAgent: request.headers.get("user-agent"), referer: request.headers.get("referer") });
}

/** The visit's columns a stored row carries (app/db/schema.ts, `attribution()`), apart from `visitCounted`. */
export type AttributionColumns = Omit<Attribution, "visitCounted">;

/**
 * A stored row's visit (a lead, a suspected submission), copied column by column: the lead's page
 * shows it, and a released spam submission carries it on to the lead it becomes.
 */
export function attributionOf<Row extends Partial<Record<keyof AttributionColumns, unknown>>>(
  row: Row,
): Pick<Row, keyof AttributionColumns> {
  return {
    landingPath: row.landingPath,
    referrerHost: row.referrerHost,
    utmSource: row.utmSource,
    utmMedium: row.utmMedium,
    utmCampaign: row.utmCampaign,
  };
}

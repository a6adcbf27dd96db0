/** Daily rollups of the raw views and events (decision 0041): what the Análises page reads. */
import { lt, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { rowsOf } from "~/db/driver.server";
import { analyticsEvents, pageViews } from "~/db/schema";
import { DAY_MS, dayOf } from "./days.server";
import { flushAnalytics } from "./record.server";

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
      select day, 'source', coalesce(utm_source, referrer_host, ''), count(*), count(*), count(distinct visitor_hash)
        from page_views where day = ${day}::date and entry group by day, 3
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
 * was down when it ended, or rows were imported), or a rollup older than the `source` dimension
 * (docs/decisions/0085: rebuilt while the raw rows are kept).
 */
export async function rollUpPending(now = Date.now()): Promise<number> {
  await flushAnalytics();
  const yesterday = dayOf(now - DAY_MS);
  const days = rowsOf<{ day: string }>(
    await db().execute(sql`
      select distinct day::text as day from page_views
       where day >= ${yesterday}::date
          or day not in (select day from analytics_daily where dimension = 'source')
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

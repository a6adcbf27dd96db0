/**
 * Daily rollups of the raw views and events (decisions 0041, 0112): what the Análises page and
 * the dashboard read. They cost the same on day 1 and in year 3:
 * - a day that is over is rolled up once, exactly, by the job (`rollUpPending`): one pass over
 *   its rows, the top keys of each dimension plus one '(outras)' row, marked 'final';
 * - the days still open (today, and yesterday for a few minutes) keep running totals: each call
 *   of `refreshAnalytics` adds only the rows written since the last one;
 * - a request never reads raw rows beyond those new ones.
 * The SQL is in the migration `0016_scale_indexes_and_running_totals` (functions
 * analytics_add_recent and analytics_roll_up_day), so the data generator (scripts/seed-scale.mjs)
 * shares it.
 */
import { lt, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { rowsOf } from "~/db/driver.server";
import { analyticsEvents, pageViews } from "~/db/schema";
import { dayOf, dayStart } from "./days.server";
import { flushAnalytics } from "./record.server";

/** Arbitrary constant naming the rollup lock (distinct from the migration and retention locks). */
const ROLLUP_LOCK_ID = 724_503;
/** Keys kept per day and dimension; the rest are summed in one '(outras)' row. */
export const TOP_KEYS_PER_DAY = 200;
/** The key of the row that sums the keys beyond the top ones. */
export const OTHER_KEYS = "(outras)";
/** A day is closed this long after it ends: views buffered or sent by a late beacon still count. */
const CLOSE_AFTER_MS = 10 * 60_000;

/** The last day that can be closed at `now`. */
export function lastClosableDay(now = Date.now()): string {
  return dayOf(now - CLOSE_AFTER_MS - 86_400_000);
}

/**
 * Adds the rows written since the last call to the open days' running totals. Another instance
 * (or request) doing it already is enough: this one skips rather than waits.
 */
export async function addRecentAnalytics(): Promise<void> {
  await flushAnalytics();
  await db().transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${ROLLUP_LOCK_ID}) as locked`));
    if (!lock?.locked) return;
    await tx.execute(sql`select analytics_add_recent()`);
  });
}

/** Closes one day that is over: its rollups rebuilt exactly from every raw row, once. */
export async function closeDay(day: string): Promise<void> {
  await db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK_ID})`);
    await tx.execute(sql`select analytics_roll_up_day(${day}::date, ${TOP_KEYS_PER_DAY}, true)`);
  });
}

/**
 * The open days (from `since` on) rebuilt exactly from the rows read so far, after reading the
 * new ones (the migration did it once for the rows written before running totals; tests use it
 * for exact figures of today).
 */
export async function rebuildOpenDays(since: string): Promise<void> {
  await flushAnalytics();
  await db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK_ID})`);
    await tx.execute(sql`select analytics_add_recent()`);
    const days = rowsOf<{ day: string }>(
      await tx.execute(sql`
        select d::date::text as day from generate_series(${since}::date, ${dayOf(Date.now())}::date, interval '1 day') d
         where not exists (select 1 from analytics_daily a where a.day = d::date and a.dimension = 'final')`),
    );
    for (const { day } of days) await tx.execute(sql`select analytics_roll_up_day(${day}::date, ${TOP_KEYS_PER_DAY}, false)`);
  });
}

/** One day's rollups, exact: closed if it is over, rebuilt as an open day otherwise. */
export async function rollUpDay(day: string, now = Date.now()): Promise<void> {
  if (day <= lastClosableDay(now)) await closeDay(day);
  else await rebuildOpenDays(day);
}

/**
 * Every day that is over and has raw rows but is not closed yet (the day that just ended, days the
 * server was down for, imported rows), each closed once; then the running totals read the new
 * rows. Finds them with the day index: a few probes per day of raw rows kept (RETENTION.analyticsRaw).
 */
export async function rollUpPending(now = Date.now()): Promise<number> {
  await flushAnalytics();
  const days = rowsOf<{ day: string }>(
    await db().execute(sql`
      select d::date::text as day
        from generate_series(least((select min(day) from page_views), (select min(day) from analytics_events)),
                             ${lastClosableDay(now)}::date, interval '1 day') d
       where not exists (select 1 from analytics_daily a where a.day = d::date and a.dimension = 'final')
         and (exists (select 1 from page_views v where v.day = d::date) or exists (select 1 from analytics_events e where e.day = d::date))`),
  ).map((r) => r.day);
  for (const day of days) await closeDay(day);
  await addRecentAnalytics();
  return days.length;
}

let starting: Promise<number> | undefined;

/** Once per process, before the first read (the job runs it at start): whatever is pending closed. */
export function startAnalytics(now = Date.now()): Promise<number> {
  starting ??= rollUpPending(now).catch((error: unknown) => {
    starting = undefined;
    throw error;
  });
  return starting;
}

/** Before reading: the rows written since the last read added to today's running totals. */
export async function refreshAnalytics(): Promise<void> {
  await startAnalytics();
  await addRecentAnalytics();
}

/** Retention (app/domain/retention.server.ts): raw rows of days before `cutoffDay`, once rolled up. */
export async function deleteRawAnalytics(executor: Pick<ReturnType<typeof db>, "delete">, cutoffDay: string) {
  const views = await executor.delete(pageViews).where(lt(pageViews.day, cutoffDay)).returning({ id: pageViews.id });
  const events = await executor.delete(analyticsEvents).where(lt(analyticsEvents.day, cutoffDay)).returning({ id: analyticsEvents.id });
  return { pageViews: views.length, analyticsEvents: events.length };
}

/** Whether `day`'s figures are running totals (its per-key visitors estimated, decision 0112). */
export function isOpenDay(day: string, now = Date.now()): boolean {
  return day > lastClosableDay(now) && dayStart(day).getTime() <= now;
}

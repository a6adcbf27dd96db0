/**
 * Scheduled publishing (docs/decisions/0060). A scheduled post is an unpublished one with
 * `publish_at`; going live flips `published` (the one live truth every visitor query filters on),
 * with `published_at` = the scheduled time.
 *
 * Exactly once across instances: one UPDATE claims the due rows (`FOR UPDATE SKIP LOCKED`, and
 * `published = false` checked again by the UPDATE itself), and writes one audit row per post in
 * the same transaction. Whoever runs it — the periodic job of any instance, or a visitor's read
 * of an overdue post — the row flips once and the audit row is written once, and a newsletter
 * edition waiting for the post starts once.
 */
import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { rowsOf } from "~/db/driver.server";
import { contentChanged } from "~/infra/content-events.server";
import { logger } from "~/infra/logger.server";
import { recordAudit } from "../audit.server";
import { startDueEditions } from "../newsletter/editions.server";

/** The job's actor in the audit log. */
export const SCHEDULER_ACTOR = "agendamento";
export const SCHEDULED_PUBLISH_ACTION = "blog.post.publish.scheduled";

export interface PublishedBySchedule {
  id: number;
  slug: string;
  title: string;
  scheduledFor: Date;
}

/**
 * Publishes every post whose time has come (by the database's clock, shared by all instances).
 * The job skips rows another instance is publishing; a visitor's read waits for that instance
 * instead (`wait`), so it never answers "not found" for a post going live at that moment.
 */
export async function publishDuePosts(options: { wait?: boolean } = {}): Promise<PublishedBySchedule[]> {
  const lock = options.wait ? sql`for update` : sql`for update skip locked`;
  const published = await db().transaction(async (tx) => {
    const result = await tx.execute(sql`
      with due as (
        select id, publish_at from blog_posts
         where published = false and publish_at is not null and publish_at <= now()
         order by publish_at, id
         ${lock})
      update blog_posts p
         set published = true,
             published_at = coalesce(p.published_at, due.publish_at),
             publish_at = null,
             updated_at = now()
        from due
       where p.id = due.id and p.published = false
      returning p.id, p.slug, p.title, due.publish_at as scheduled_for`);
    const rows = rowsOf<{ id: number | string; slug: string; title: string; scheduled_for: Date | string }>(result).map((r) => ({
      id: Number(r.id),
      slug: r.slug,
      title: r.title,
      scheduledFor: new Date(r.scheduled_for),
    }));
    // A post scheduled with 'Agendar e enviar' starts its newsletter edition in this same
    // transaction: once, because the post goes live once (docs/decisions/0128).
    await startDueEditions(
      tx,
      rows.map((r) => r.id),
    );
    for (const row of rows) {
      await recordAudit(
        {
          actor: SCHEDULER_ACTOR,
          action: SCHEDULED_PUBLISH_ACTION,
          target: `post:${row.id}`,
          details: { title: row.title, slug: row.slug, scheduledFor: row.scheduledFor.toISOString() },
        },
        tx,
      );
    }
    return rows;
  });
  if (published.length) {
    logger.info({ posts: published.map((p) => p.id) }, "posts agendados publicados");
    // This instance's page caches drop their copies at once; other instances' copies expire.
    contentChanged("blog");
  }
  return published;
}

// ---------------------------------------------------------------- the next due time, per instance
/**
 * The earliest scheduled time this instance knows of, so a read can tell without a query whether
 * something may be due (`undefined`: not known yet). The job refreshes it; a schedule saved here
 * lowers it at once; a schedule saved on another instance is learnt at that instance's next check.
 */
let nextDue: number | null | undefined;

export function noteSchedule(publishAt: Date | null): void {
  if (!publishAt) return;
  const at = publishAt.getTime();
  if (nextDue === undefined || nextDue === null || at < nextDue) nextDue = at;
}

async function refreshNextDue(): Promise<void> {
  const result = await db().execute(sql`select min(publish_at) as next from blog_posts where published = false and publish_at is not null`);
  const next = rowsOf<{ next: Date | string | null }>(result)[0]?.next;
  nextDue = next ? new Date(next).getTime() : null;
}

/** The periodic job: publish what is due, then learn the next time. */
export async function runScheduledPublishing(): Promise<PublishedBySchedule[]> {
  const published = await publishDuePosts();
  await refreshNextDue();
  return published;
}

/**
 * The check on a visitor's read (the blog list, a post, the feeds): if this instance knows of a
 * due post, publish it before answering. Costs nothing when nothing is due.
 */
export async function publishDueBeforeRead(now = Date.now()): Promise<void> {
  if (nextDue === undefined || nextDue === null || nextDue > now) return;
  await publishDuePosts({ wait: true });
  await refreshNextDue();
}

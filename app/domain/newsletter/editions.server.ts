/**
 * Newsletter editions from the admin's side (docs/decisions/0128): a post is sent once, to every
 * confirmed subscriber, now ('Publicar e enviar') or when its schedule makes it live ('Agendar e
 * enviar'); a preview and a test copy to the team's address come first; a sending edition can be
 * paused, resumed or cancelled, and its progress is counted from its recipient rows. Delivery
 * itself: ./delivery.server.ts.
 */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { env } from "~/config.server";
import { db, type Executor } from "~/db/client.server";
import { rowsOf } from "~/db/driver.server";
import { blogPosts, newsletterEditionRecipients, newsletterEditions, newsletterSubscribers } from "~/db/schema";
import { recordAudit } from "~/domain/audit.server";
import { updatePost } from "~/domain/blog/editing.server";
import type { Actor } from "~/domain/blog.server";
import { editionUnsubscribeToken, unsubscribeUrl } from "~/domain/leads/newsletter.server";
import { fail } from "~/infra/http.server";
import { logger } from "~/infra/logger.server";
import { enqueueEmail } from "~/infra/outbox.server";
import { newsletterMessages } from "~/lib/messages/newsletter";
import { type EditionEmail, personalise, renderEditionEmail } from "./email.server";

export type EditionStatus = "scheduled" | "sending" | "paused" | "cancelled" | "sent";

export interface EditionProgress {
  total: number;
  sent: number;
  failed: number;
  pending: number;
  skipped: number;
  cancelled: number;
}

export interface PostNewsletter {
  edition: { id: number; status: EditionStatus; startedAt: Date | null; finishedAt: Date | null; createdBy: string } | null;
  progress: EditionProgress;
  /** Confirmed subscribers who would get it now. */
  audience: number;
  /** Where the test copy goes. */
  testAddress: string;
}

const INSERT_CHUNK = 500;
/** A test copy or a preview has no recipient: its unsubscribe link is a sample that leads to the page. */
const SAMPLE_UNSUBSCRIBE = "exemplo";

async function postSource(executor: Executor, postId: number) {
  const [post] = await executor
    .select({
      title: blogPosts.title,
      slug: blogPosts.slug,
      summary: blogPosts.summary,
      content: blogPosts.content,
      imageUrl: blogPosts.imageUrl,
      published: blogPosts.published,
    })
    .from(blogPosts)
    .where(eq(blogPosts.id, postId));
  if (!post) throw fail(404, newsletterMessages.postNotFound);
  return post;
}

/** The e-mail a post would be sent as, with a sample unsubscribe link (preview, test copy). */
export async function sampleEditionEmail(postId: number): Promise<EditionEmail> {
  const post = await postSource(db(), postId);
  return personalise(renderEditionEmail(post), unsubscribeUrl(SAMPLE_UNSUBSCRIBE));
}

const confirmedAudience = and(eq(newsletterSubscribers.status, "active"), isNull(newsletterSubscribers.bouncedAt));

/**
 * Starts one edition (its row locked by the caller, status `scheduled`): renders the e-mail from
 * its post as it is now and writes one recipient row per confirmed subscriber, each with the hash
 * of its unsubscribe link.
 */
export async function startEdition(tx: Executor, editionId: number): Promise<void> {
  const [edition] = await tx.select().from(newsletterEditions).where(eq(newsletterEditions.id, editionId));
  if (!edition || edition.status !== "scheduled" || edition.postId === null) return;
  const email = renderEditionEmail(await postSource(tx, edition.postId));
  await tx
    .update(newsletterEditions)
    .set({ subject: email.subject, html: email.html, text: email.text, status: "sending", startedAt: sql`now()`, nextSendAt: sql`now()` })
    .where(eq(newsletterEditions.id, editionId));
  const audience = await tx
    .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email })
    .from(newsletterSubscribers)
    .where(confirmedAudience)
    .orderBy(asc(newsletterSubscribers.id));
  for (let i = 0; i < audience.length; i += INSERT_CHUNK) {
    const rows = await Promise.all(
      audience.slice(i, i + INSERT_CHUNK).map(async (s) => ({
        editionId,
        subscriberId: s.id,
        email: s.email,
        unsubscribeTokenHash: (await editionUnsubscribeToken(editionId, s.id, tx)).hash,
      })),
    );
    await tx.insert(newsletterEditionRecipients).values(rows).onConflictDoNothing();
  }
  logger.info({ editionId, recipients: audience.length }, "edição da newsletter iniciada");
}

/**
 * Editions whose post is live and that were waiting for it start, once, whoever gets there first
 * (the edition row is locked and its status checked). Scheduled publishing calls it inside its
 * own transaction for the posts it published (app/domain/blog/scheduling.server.ts); each run of
 * the delivery job calls it too, for a post published any other way.
 */
export async function startDueEditions(executor?: Executor, postIds?: number[]): Promise<number[]> {
  if (postIds && !postIds.length) return [];
  const run = async (tx: Executor) => {
    const only = postIds
      ? sql`and p.id in (${sql.join(
          postIds.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
    const due = rowsOf<{ id: number }>(
      await tx.execute(sql`
        select e.id from newsletter_editions e join blog_posts p on p.id = e.post_id
         where e.status = 'scheduled' and p.published ${only}
         order by e.id
         for update of e skip locked`),
    );
    for (const edition of due) await startEdition(tx, Number(edition.id));
    return due.map((e) => Number(e.id));
  };
  return executor ? run(executor) : db().transaction(run);
}

/**
 * A post's edition made ready to start when the post is live: a new one, or one cancelled before
 * it started. An edition that started (or is already waiting) is refused: a post is sent once.
 */
async function armEdition(postId: number, actor: Actor): Promise<number> {
  return db().transaction(async (tx) => {
    const post = await postSource(tx, postId);
    const [existing] = await tx.select().from(newsletterEditions).where(eq(newsletterEditions.postId, postId)).for("update");
    if (existing && (existing.status !== "cancelled" || existing.startedAt)) {
      throw fail(409, existing.status === "scheduled" ? newsletterMessages.alreadyScheduled : newsletterMessages.alreadySent);
    }
    const [edition] = existing
      ? await tx
          .update(newsletterEditions)
          .set({ status: "scheduled", subject: post.title, createdBy: actor.username })
          .where(eq(newsletterEditions.id, existing.id))
          .returning({ id: newsletterEditions.id })
      : await tx
          .insert(newsletterEditions)
          .values({ postId, subject: post.title, status: "scheduled", createdBy: actor.username })
          .returning({ id: newsletterEditions.id });
    return edition!.id;
  });
}

async function audit(action: string, postId: number, actor: Actor, details: Record<string, unknown> = {}) {
  await recordAudit({ actor: actor.username, ip: actor.ip ?? null, action, target: `post:${postId}`, details });
}

/** 'Publicar e enviar' (or 'Enviar aos assinantes' for a live post): live now, sending now. */
export async function sendPostNow(postId: number, actor: Actor): Promise<void> {
  const editionId = await armEdition(postId, actor);
  const post = await postSource(db(), postId);
  if (!post.published) await updatePost(postId, { published: true }, actor);
  await startDueEditions(undefined, [postId]);
  await audit("newsletter.edition.send", postId, actor, { editionId });
}

/** 'Agendar e enviar': the post's schedule, and its edition starts when it goes live. */
export async function schedulePostWithNewsletter(postId: number, publishAt: Date, actor: Actor): Promise<void> {
  const post = await postSource(db(), postId);
  if (post.published) throw fail(409, newsletterMessages.alreadyLive);
  const [existing] = await db().select().from(newsletterEditions).where(eq(newsletterEditions.postId, postId));
  if (existing && existing.status !== "scheduled" && (existing.status !== "cancelled" || existing.startedAt)) {
    throw fail(409, newsletterMessages.alreadySent);
  }
  // The schedule first: a time it refuses (in the past) leaves no edition waiting.
  await updatePost(postId, { publishAt }, actor);
  if (existing?.status !== "scheduled") await armEdition(postId, actor);
  await audit("newsletter.edition.schedule", postId, actor, { publishAt: publishAt.toISOString() });
}

const TRANSITIONS = {
  pause: { from: ["sending"], to: "paused", action: "newsletter.edition.pause" },
  resume: { from: ["paused"], to: "sending", action: "newsletter.edition.resume" },
  cancel: { from: ["scheduled", "sending", "paused"], to: "cancelled", action: "newsletter.edition.cancel" },
} as const;

/**
 * Pause, resume or cancel a post's edition. A message already being handed to the mail server
 * finishes; cancelling leaves every recipient still waiting unsent, for good.
 */
export async function changeEdition(postId: number, change: keyof typeof TRANSITIONS, actor: Actor): Promise<void> {
  const rule = TRANSITIONS[change];
  const changed = await db().transaction(async (tx) => {
    const [edition] = await tx
      .update(newsletterEditions)
      .set({ status: rule.to, ...(change === "cancel" ? { finishedAt: sql`now()` } : {}) })
      .where(and(eq(newsletterEditions.postId, postId), inArray(newsletterEditions.status, [...rule.from])))
      .returning({ id: newsletterEditions.id });
    if (!edition) return null;
    if (change === "cancel") {
      await tx
        .update(newsletterEditionRecipients)
        .set({ status: "cancelled", leaseUntil: null })
        .where(and(eq(newsletterEditionRecipients.editionId, edition.id), eq(newsletterEditionRecipients.status, "pending")));
    }
    return edition.id;
  });
  if (changed === null) throw fail(409, newsletterMessages.cannotChange);
  await audit(rule.action, postId, actor, { editionId: changed });
}

/** The schedule of a post with a waiting edition was cancelled: the edition is cancelled too. */
export async function dropWaitingEdition(postId: number, actor: Actor): Promise<void> {
  const dropped = await db()
    .update(newsletterEditions)
    .set({ status: "cancelled" })
    .where(and(eq(newsletterEditions.postId, postId), eq(newsletterEditions.status, "scheduled")))
    .returning({ id: newsletterEditions.id });
  if (dropped.length) await audit(TRANSITIONS.cancel.action, postId, actor, { editionId: dropped[0]!.id });
}

/** A test copy to the team's address (`CONTACT_EMAIL`), through the outbox like other e-mails. */
export async function sendTestEdition(postId: number, actor: Actor): Promise<string> {
  const email = await sampleEditionEmail(postId);
  await enqueueEmail(db(), {
    kind: "newsletter.test",
    recipient: env.CONTACT_EMAIL,
    subject: `[Teste] ${email.subject}`,
    body: email.text,
    html: email.html,
  });
  await audit("newsletter.edition.test", postId, actor);
  return env.CONTACT_EMAIL;
}

/** The post's edition, its progress and who would get it: what the post's page shows. */
export async function getPostNewsletter(postId: number): Promise<PostNewsletter> {
  const [edition] = await db()
    .select({
      id: newsletterEditions.id,
      status: newsletterEditions.status,
      startedAt: newsletterEditions.startedAt,
      finishedAt: newsletterEditions.finishedAt,
      createdBy: newsletterEditions.createdBy,
    })
    .from(newsletterEditions)
    .where(eq(newsletterEditions.postId, postId));
  const progress: EditionProgress = { total: 0, sent: 0, failed: 0, pending: 0, skipped: 0, cancelled: 0 };
  if (edition) {
    const counts = await db()
      .select({ status: newsletterEditionRecipients.status, n: sql<number>`count(*)::int` })
      .from(newsletterEditionRecipients)
      .where(eq(newsletterEditionRecipients.editionId, edition.id))
      .groupBy(newsletterEditionRecipients.status);
    for (const { status, n } of counts) {
      const count = Number(n);
      progress.total += count;
      if (status === "sent") progress.sent += count;
      else if (status === "failed") progress.failed += count;
      else if (status === "skipped") progress.skipped += count;
      else if (status === "cancelled") progress.cancelled += count;
      else progress.pending += count;
    }
  }
  const [audience] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(newsletterSubscribers)
    .where(confirmedAudience);
  return {
    edition: edition ? { ...edition, status: edition.status as EditionStatus } : null,
    progress,
    audience: Number(audience?.n ?? 0),
    testAddress: env.CONTACT_EMAIL,
  };
}

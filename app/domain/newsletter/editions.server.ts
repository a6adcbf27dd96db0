/**
 * Newsletter editions from the admin's side (docs/decisions/0128): a post is sent once, to the
 * confirmed subscribers of the chosen segment (docs/decisions/0131: everyone, a topic or a lead
 * stage), now ('Publicar e enviar') or when its schedule makes it live ('Agendar e enviar'); a
 * standalone edition (./standalone.server.ts) goes the same way without a post; a preview and a
 * test copy to the team's address come first; a sending edition can be paused, resumed or
 * cancelled, and its progress is counted from its recipient rows. Delivery itself:
 * ./delivery.server.ts.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { env } from "~/config.server";
import { db, type Executor } from "~/db/client.server";
import { rowsOf } from "~/db/driver.server";
import { blogPosts, newsletterEditionRecipients, newsletterEditions, newsletterLinks, newsletterSubscribers } from "~/db/schema";
import { recordAudit } from "~/domain/audit.server";
import { updatePost } from "~/domain/blog/editing.server";
import type { Actor } from "~/domain/blog.server";
import { editionUnsubscribeToken, subscriberLinks } from "~/domain/leads/newsletter.server";
import { fail } from "~/infra/http.server";
import { logger } from "~/infra/logger.server";
import { enqueueEmail } from "~/infra/outbox.server";
import { newsletterMessages } from "~/lib/messages/newsletter";
import { parseSegment, type Segment, type SegmentGroup, storedSegment } from "~/lib/newsletter-segments";
import { countedLinks, type EditionEmail, type EditionSource, personalise, renderEditionEmail } from "./email.server";
import { audienceCondition, audienceCount, describeSegment, segmentMenu } from "./segments.server";

export type EditionStatus = "draft" | "scheduled" | "sending" | "paused" | "cancelled" | "sent";

/** An edition named by its post (the post's page) or by its own id (a standalone edition). */
export type EditionRef = { postId: number } | { editionId: number };

const refWhere = (ref: EditionRef) =>
  "postId" in ref ? eq(newsletterEditions.postId, ref.postId) : eq(newsletterEditions.id, ref.editionId);
const refTarget = (ref: EditionRef) => ("postId" in ref ? `post:${ref.postId}` : `newsletter_edition:${ref.editionId}`);

export interface EditionProgress {
  total: number;
  sent: number;
  failed: number;
  pending: number;
  skipped: number;
  cancelled: number;
}

export interface PostNewsletter {
  edition: {
    id: number;
    status: EditionStatus;
    startedAt: Date | null;
    finishedAt: Date | null;
    createdBy: string;
    /** Who it goes to, in words (the segment chosen). */
    segmentLabel: string;
    /** The segment's form value, to keep the menu on it while it waits. */
    segment: string;
  } | null;
  progress: EditionProgress;
  /** Confirmed subscribers who would get it now (all of them). */
  audience: number;
  /** The segment menu, each choice with its count now. */
  segments: SegmentGroup[];
  /** Where the test copy goes. */
  testAddress: string;
  /** The e-mail's links with their clicks, once it started. */
  links: Array<{ position: number; url: string; clicks: number }>;
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
  return personalise(renderEditionEmail(post), subscriberLinks(SAMPLE_UNSUBSCRIBE));
}

/** A standalone edition's e-mail source: its subject as the title, its body, no post to link to. */
export function standaloneSource(edition: { subject: string; content: string | null }): EditionSource {
  return { title: edition.subject, summary: "", slug: null, content: edition.content ?? "" };
}

/**
 * Starts one edition (its row locked by the caller, status `scheduled`): renders the e-mail from
 * its post (or its own text) as it is now and writes one recipient row per confirmed subscriber
 * of its segment, each with the hash of its unsubscribe link.
 */
export async function startEdition(tx: Executor, editionId: number): Promise<void> {
  const [edition] = await tx.select().from(newsletterEditions).where(eq(newsletterEditions.id, editionId));
  if (!edition || edition.status !== "scheduled") return;
  // A post's edition whose post was deleted (post_id set null) has no text of its own: it never starts.
  if (edition.postId === null && edition.content === null) return;
  const segment = parseSegment(edition.segment) ?? { kind: "all" };
  const email = renderEditionEmail(edition.postId !== null ? await postSource(tx, edition.postId) : standaloneSource(edition));
  // Clicks are counted per link through our redirect, from either part (docs/decisions/0131, 0133): the links, numbered.
  const { html, text, links } = countedLinks(email, editionId);
  await tx.delete(newsletterLinks).where(eq(newsletterLinks.editionId, editionId));
  if (links.length) {
    await tx.insert(newsletterLinks).values(links.map((url, linkIndex) => ({ editionId, linkIndex, url })));
  }
  await tx
    .update(newsletterEditions)
    .set({ subject: email.subject, html, text, status: "sending", startedAt: sql`now()`, nextSendAt: sql`now()` })
    .where(eq(newsletterEditions.id, editionId));
  const audience = await tx
    .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email })
    .from(newsletterSubscribers)
    .where(audienceCondition(segment))
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
  logger.info({ editionId, recipients: audience.length, segment: segment.kind }, "edição da newsletter iniciada");
}

/**
 * Editions whose post is live and that were waiting for it start, once, whoever gets there first
 * (the edition row is locked and its status checked). Scheduled publishing calls it inside its
 * own transaction for the posts it published (app/domain/blog/scheduling.server.ts); each run of
 * the delivery job calls it too, for a post published any other way, and for the standalone
 * editions whose `scheduled_at` came (docs/decisions/0131).
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
        select e.id from newsletter_editions e left join blog_posts p on p.id = e.post_id
         where e.status = 'scheduled'
           and (p.published or (e.post_id is null and e.content is not null and e.scheduled_at <= now())) ${only}
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
async function armEdition(postId: number, actor: Actor, segment: Segment): Promise<number> {
  return db().transaction(async (tx) => {
    const post = await postSource(tx, postId);
    const [existing] = await tx.select().from(newsletterEditions).where(eq(newsletterEditions.postId, postId)).for("update");
    if (existing && (existing.status !== "cancelled" || existing.startedAt)) {
      throw fail(409, existing.status === "scheduled" ? newsletterMessages.alreadyScheduled : newsletterMessages.alreadySent);
    }
    const [edition] = existing
      ? await tx
          .update(newsletterEditions)
          .set({ status: "scheduled", subject: post.title, segment: storedSegment(segment), createdBy: actor.username })
          .where(eq(newsletterEditions.id, existing.id))
          .returning({ id: newsletterEditions.id })
      : await tx
          .insert(newsletterEditions)
          .values({ postId, subject: post.title, segment: storedSegment(segment), status: "scheduled", createdBy: actor.username })
          .returning({ id: newsletterEditions.id });
    return edition!.id;
  });
}

export async function audit(action: string, ref: EditionRef | number, actor: Actor, details: Record<string, unknown> = {}) {
  const target = refTarget(typeof ref === "number" ? { postId: ref } : ref);
  await recordAudit({ actor: actor.username, ip: actor.ip ?? null, action, target, details });
}

/** Sending now to no one is refused: the segment chosen reaches no confirmed subscriber. */
export async function requireAudience(segment: Segment): Promise<void> {
  if ((await audienceCount(segment)) === 0) throw fail(409, newsletterMessages.emptySegment);
}

/** 'Publicar e enviar' (or 'Enviar aos assinantes' for a live post): live now, sending now. */
export async function sendPostNow(postId: number, actor: Actor, segment: Segment = { kind: "all" }): Promise<void> {
  await requireAudience(segment);
  const editionId = await armEdition(postId, actor, segment);
  const post = await postSource(db(), postId);
  if (!post.published) await updatePost(postId, { published: true }, actor);
  await startDueEditions(undefined, [postId]);
  await audit("newsletter.edition.send", postId, actor, { editionId, segment: segment.kind });
}

/** 'Agendar e enviar': the post's schedule, and its edition starts when it goes live. */
export async function schedulePostWithNewsletter(
  postId: number,
  publishAt: Date,
  actor: Actor,
  segment: Segment = { kind: "all" },
): Promise<void> {
  const post = await postSource(db(), postId);
  if (post.published) throw fail(409, newsletterMessages.alreadyLive);
  const [existing] = await db().select().from(newsletterEditions).where(eq(newsletterEditions.postId, postId));
  if (existing && existing.status !== "scheduled" && (existing.status !== "cancelled" || existing.startedAt)) {
    throw fail(409, newsletterMessages.alreadySent);
  }
  // The schedule first: a time it refuses (in the past) leaves no edition waiting.
  await updatePost(postId, { publishAt }, actor);
  if (existing?.status !== "scheduled") await armEdition(postId, actor, segment);
  await audit("newsletter.edition.schedule", postId, actor, { publishAt: publishAt.toISOString(), segment: segment.kind });
}

const TRANSITIONS = {
  pause: { from: ["sending"], to: "paused", action: "newsletter.edition.pause" },
  resume: { from: ["paused"], to: "sending", action: "newsletter.edition.resume" },
  cancel: { from: ["scheduled", "sending", "paused"], to: "cancelled", action: "newsletter.edition.cancel" },
} as const;

/**
 * Pause, resume or cancel an edition (a post's, by the post's id). A message already being handed
 * to the mail server finishes; cancelling leaves every recipient still waiting unsent, for good.
 */
export async function changeEdition(target: number | EditionRef, change: keyof typeof TRANSITIONS, actor: Actor): Promise<void> {
  const ref = typeof target === "number" ? { postId: target } : target;
  const rule = TRANSITIONS[change];
  const changed = await db().transaction(async (tx) => {
    const [edition] = await tx
      .update(newsletterEditions)
      .set({ status: rule.to, ...(change === "cancel" ? { finishedAt: sql`now()` } : {}) })
      .where(and(refWhere(ref), inArray(newsletterEditions.status, [...rule.from])))
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
  await audit(rule.action, ref, actor, { editionId: changed });
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
  return sendTestCopy(await sampleEditionEmail(postId), postId, actor);
}

export async function sendTestCopy(email: EditionEmail, ref: EditionRef | number, actor: Actor): Promise<string> {
  await enqueueEmail(db(), {
    kind: "newsletter.test",
    recipient: env.CONTACT_EMAIL,
    subject: `[Teste] ${email.subject}`,
    body: email.text,
    html: email.html,
  });
  await audit("newsletter.edition.test", ref, actor);
  return env.CONTACT_EMAIL;
}

/** The post's edition, its progress and who would get it: what the post's page shows. */
export async function getPostNewsletter(postId: number): Promise<PostNewsletter> {
  return getEditionCard({ postId });
}

/** An edition's recipient rows counted by state. */
async function progressOf(editionId: number): Promise<EditionProgress> {
  const progress: EditionProgress = { total: 0, sent: 0, failed: 0, pending: 0, skipped: 0, cancelled: 0 };
  const counts = await db()
    .select({ status: newsletterEditionRecipients.status, n: sql<number>`count(*)::int` })
    .from(newsletterEditionRecipients)
    .where(eq(newsletterEditionRecipients.editionId, editionId))
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
  return progress;
}

/** An edition's card (the post's page, a standalone edition's page): state, progress, audience. */
export async function getEditionCard(ref: EditionRef): Promise<PostNewsletter> {
  const [edition] = await db()
    .select({
      id: newsletterEditions.id,
      status: newsletterEditions.status,
      startedAt: newsletterEditions.startedAt,
      finishedAt: newsletterEditions.finishedAt,
      createdBy: newsletterEditions.createdBy,
      segment: newsletterEditions.segment,
    })
    .from(newsletterEditions)
    .where(refWhere(ref));
  // The menu (and its counts, the lead stages' among them) only while the edition can still be sent:
  // a sending edition's card is read again every few seconds.
  const sendable = !edition || edition.status === "draft" || (edition.status === "cancelled" && !edition.startedAt);
  const [progress, audience, segments, segmentLabel, links] = await Promise.all([
    edition ? progressOf(edition.id) : { total: 0, sent: 0, failed: 0, pending: 0, skipped: 0, cancelled: 0 },
    audienceCount({ kind: "all" }),
    sendable ? segmentMenu() : [],
    edition ? describeSegment(edition.segment) : "",
    edition ? linkClicks(edition.id) : [],
  ]);
  return {
    edition: edition ? { ...edition, status: edition.status as EditionStatus, segmentLabel, segment: edition.segment ?? "todos" } : null,
    progress,
    audience,
    segments,
    testAddress: env.CONTACT_EMAIL,
    links,
  };
}

/** An edition's links in the order they appear, with how often each was followed. */
export async function linkClicks(editionId: number): Promise<Array<{ position: number; url: string; clicks: number }>> {
  const rows = await db()
    .select({ position: newsletterLinks.linkIndex, url: newsletterLinks.url, clicks: newsletterLinks.clicks })
    .from(newsletterLinks)
    .where(eq(newsletterLinks.editionId, editionId))
    .orderBy(asc(newsletterLinks.linkIndex));
  return rows.map((r) => ({ ...r, clicks: Number(r.clicks) }));
}

/**
 * A click on an edition's link (docs/decisions/0131): counted (unless `count` is false, a HEAD),
 * and the address it leads to, which is only ever one stored when the edition started: null for
 * any other edition or number, so the redirect can never be pointed elsewhere.
 */
export async function followLink(editionId: number, linkIndex: number, count = true): Promise<string | null> {
  const where = and(eq(newsletterLinks.editionId, editionId), eq(newsletterLinks.linkIndex, linkIndex));
  const [row] = count
    ? await db()
        .update(newsletterLinks)
        .set({ clicks: sql`${newsletterLinks.clicks} + 1` })
        .where(where)
        .returning({ url: newsletterLinks.url })
    : await db().select({ url: newsletterLinks.url }).from(newsletterLinks).where(where);
  return row?.url ?? null;
}

/**
 * Standalone newsletter editions (docs/decisions/0131): a subject and a body written on the
 * admin's newsletter page, not a post. A draft is edited until it goes; then it is sent now or at
 * a time to a segment, and from there it is an edition like a post's: the same recipient rows,
 * delivery, progress, pause, resume and cancel (./editions.server.ts). Its body is the blog's HTML
 * (the site's sanitiser when saved, the e-mail's stricter pass when it starts), or plain text
 * whose blank lines make paragraphs.
 */
import { and, desc, eq, gte, isNull, lt, or, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/client.server";
import { blogPosts, newsletterEditionRecipients, newsletterEditions, newsletterLinks } from "~/db/schema";
import type { Actor } from "~/domain/blog.server";
import { subscriberLinks } from "~/domain/leads/newsletter.server";
import { fail } from "~/infra/http.server";
import { sanitizeContent } from "~/infra/sanitize.server";
import { newsletterMessages } from "~/lib/messages/newsletter";
import { publishingMessages } from "~/lib/messages/publishing";
import { type Segment, storedSegment } from "~/lib/newsletter-segments";
import {
  audit,
  getEditionCard,
  requireAudience,
  standaloneSource,
  startEdition,
  type EditionStatus,
  type PostNewsletter,
} from "./editions.server";
import { type EditionEmail, personalise, renderEditionEmail } from "./email.server";

export const SUBJECT_MAX = 200;
export const BODY_MAX = 100_000;

export const standaloneSchema = z.object({
  subject: z
    .string({ error: newsletterMessages.subjectRequired })
    .trim()
    .min(1, newsletterMessages.subjectRequired)
    .max(SUBJECT_MAX, newsletterMessages.subjectTooLong),
  content: z
    .string({ error: newsletterMessages.bodyRequired })
    .trim()
    .min(1, newsletterMessages.bodyRequired)
    .max(BODY_MAX, newsletterMessages.bodyTooLong),
});
export type StandaloneInput = z.output<typeof standaloneSchema>;

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const BLOCK_START = /^<(p|h[1-6]|ul|ol|li|blockquote|figure|table|pre|hr|div|img|br)\b/i;

/**
 * The body as HTML. Blank lines separate blocks; a block that does not open with a block element
 * becomes a paragraph (single line breaks kept). Plain text (no tag at all) is escaped; a body
 * with tags is the blog's HTML, which the sanitiser then trims to what a post may hold.
 */
export function bodyToHtml(body: string): string {
  const html = /<[a-z][^>]*>/i.test(body);
  return body
    .split(/\r?\n\s*\r?\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => (html && BLOCK_START.test(block) ? block : `<p>${(html ? block : escapeHtml(block)).replace(/\r?\n/g, "<br>")}</p>`))
    .join("\n");
}

/** Stored as the blog stores a post's body: sanitised. Nothing left (only tags that go) is refused. */
function storedBody(body: string): string {
  const html = sanitizeContent(bodyToHtml(body));
  if (!html.replace(/<[^>]*>/g, "").trim() && !/<img/i.test(html)) {
    throw fail(400, newsletterMessages.bodyRequired, { content: newsletterMessages.bodyRequired });
  }
  return html;
}

/** Still editable and sendable: a draft, or one cancelled before it started. */
const editable = or(
  eq(newsletterEditions.status, "draft"),
  and(eq(newsletterEditions.status, "cancelled"), isNull(newsletterEditions.startedAt)),
)!;

const standaloneWhere = (id: number) => and(eq(newsletterEditions.id, id), isNull(newsletterEditions.postId))!;

export async function createStandalone(input: StandaloneInput, actor: Actor): Promise<number> {
  const [edition] = await db()
    .insert(newsletterEditions)
    .values({ subject: input.subject, content: storedBody(input.content), status: "draft", createdBy: actor.username })
    .returning({ id: newsletterEditions.id });
  await audit("newsletter.edition.create", { editionId: edition!.id }, actor);
  return edition!.id;
}

export async function updateStandalone(id: number, input: StandaloneInput, actor: Actor): Promise<void> {
  const changed = await db()
    .update(newsletterEditions)
    .set({ subject: input.subject, content: storedBody(input.content) })
    .where(and(standaloneWhere(id), editable))
    .returning({ id: newsletterEditions.id });
  if (!changed.length) throw fail(409, newsletterMessages.notEditable);
  await audit("newsletter.edition.update", { editionId: id }, actor);
}

/** A draft (or an edition cancelled before it started) is deleted; one that went out stays. */
export async function deleteStandalone(id: number, actor: Actor): Promise<void> {
  const deleted = await db()
    .delete(newsletterEditions)
    .where(and(standaloneWhere(id), editable))
    .returning({ id: newsletterEditions.id });
  if (!deleted.length) throw fail(409, newsletterMessages.notEditable);
  await audit("newsletter.edition.delete", { editionId: id }, actor);
}

export interface StandaloneEdition {
  id: number;
  subject: string;
  content: string;
  status: EditionStatus;
  scheduledAt: Date | null;
  editable: boolean;
  card: PostNewsletter;
}

export async function getStandalone(id: number): Promise<StandaloneEdition | null> {
  const [row] = await db().select().from(newsletterEditions).where(standaloneWhere(id));
  if (!row) return null;
  return {
    id: row.id,
    subject: row.subject,
    content: row.content ?? "",
    status: row.status as EditionStatus,
    scheduledAt: row.scheduledAt,
    editable: row.status === "draft" || (row.status === "cancelled" && !row.startedAt),
    card: await getEditionCard({ editionId: id }),
  };
}

/** The standalone edition with this id (a post's edition is not one): refused with 404 otherwise. */
export async function requireStandalone(id: number) {
  const [row] = await db().select().from(newsletterEditions).where(standaloneWhere(id));
  if (!row) throw fail(404, newsletterMessages.editionNotFound);
  return row;
}

/** The e-mail it would be sent as, with a sample unsubscribe link (preview, test copy). */
export async function sampleStandaloneEmail(id: number): Promise<EditionEmail> {
  const row = await requireStandalone(id);
  return personalise(renderEditionEmail(standaloneSource(row)), subscriberLinks("exemplo"));
}

/** Makes a draft wait (`scheduled`) for its segment, at `at` or now; only one caller wins. */
async function arm(id: number, segment: Segment, at: Date | null, startNow: boolean): Promise<void> {
  await db().transaction(async (tx) => {
    const [row] = await tx
      .update(newsletterEditions)
      .set({ status: "scheduled", segment: storedSegment(segment), scheduledAt: at, finishedAt: null })
      .where(and(standaloneWhere(id), editable))
      .returning({ id: newsletterEditions.id });
    if (!row) throw fail(409, newsletterMessages.alreadySentEdition);
    if (startNow) await startEdition(tx, id);
  });
}

export async function sendStandaloneNow(id: number, actor: Actor, segment: Segment): Promise<void> {
  await requireStandalone(id);
  await requireAudience(segment);
  await arm(id, segment, null, true);
  await audit("newsletter.edition.send", { editionId: id }, actor, { segment: segment.kind });
}

export async function scheduleStandalone(id: number, at: Date, actor: Actor, segment: Segment): Promise<void> {
  await requireStandalone(id);
  if (at.getTime() <= Date.now()) throw fail(400, publishingMessages.publishAtPast, { publishAt: publishingMessages.publishAtPast });
  await arm(id, segment, at, false);
  await audit("newsletter.edition.schedule", { editionId: id }, actor, { at: at.toISOString(), segment: segment.kind });
}

export interface EditionListRow {
  id: number;
  subject: string;
  status: EditionStatus;
  postId: number | null;
  createdAt: Date;
  startedAt: Date | null;
  scheduledAt: Date | null;
  sent: number;
  clicks: number;
}

/**
 * Every edition, standalone or a post's, newest first: the newsletter page's list; with `started`,
 * only those that started in [from, to): Análises' newsletter table.
 */
export async function listEditions(limit = 100, started?: { from: Date; to: Date }): Promise<EditionListRow[]> {
  const sent = db()
    .select({ editionId: newsletterEditionRecipients.editionId, n: sql<number>`count(*)::int`.as("n") })
    .from(newsletterEditionRecipients)
    .where(eq(newsletterEditionRecipients.status, "sent"))
    .groupBy(newsletterEditionRecipients.editionId)
    .as("sent_counts");
  const clicks = db()
    .select({ editionId: newsletterLinks.editionId, n: sql<number>`sum(${newsletterLinks.clicks})::int`.as("clicks_n") })
    .from(newsletterLinks)
    .groupBy(newsletterLinks.editionId)
    .as("click_counts");
  const rows = await db()
    .select({
      id: newsletterEditions.id,
      subject: sql<string>`coalesce(${blogPosts.title}, ${newsletterEditions.subject})`,
      status: newsletterEditions.status,
      postId: newsletterEditions.postId,
      createdAt: newsletterEditions.createdAt,
      startedAt: newsletterEditions.startedAt,
      scheduledAt: newsletterEditions.scheduledAt,
      sent: sql<number>`coalesce(${sent.n}, 0)`,
      clicks: sql<number>`coalesce(${clicks.n}, 0)`,
    })
    .from(newsletterEditions)
    .leftJoin(blogPosts, eq(blogPosts.id, newsletterEditions.postId))
    .leftJoin(sent, eq(sent.editionId, newsletterEditions.id))
    .leftJoin(clicks, eq(clicks.editionId, newsletterEditions.id))
    .where(started ? and(gte(newsletterEditions.startedAt, started.from), lt(newsletterEditions.startedAt, started.to)) : undefined)
    .orderBy(desc(newsletterEditions.createdAt), desc(newsletterEditions.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, status: r.status as EditionStatus, sent: Number(r.sent), clicks: Number(r.clicks) }));
}

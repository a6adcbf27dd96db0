/**
 * Writing posts: create, save (the whole form or only the publish switch), schedule, keep
 * unpublished changes to a live post as a draft, delete. Every save of the text keeps a revision
 * (docs/decisions/0061); every write is audited.
 */
import { and, desc, eq, ne, notInArray, sql } from "drizzle-orm";
import { db, type Executor } from "~/db/client.server";
import { isForeignKeyViolation, isUniqueViolation } from "~/db/driver.server";
import { blogPosts, blogPostRevisions } from "~/db/schema";
import { fail } from "~/infra/http.server";
import { sanitizeContent } from "~/infra/sanitize.server";
import { first } from "~/lib/first";
import { blogApiMessages } from "~/lib/messages/blog";
import { publishingMessages } from "~/lib/messages/publishing";
import { REVISIONS_KEPT } from "~/lib/publishing";
import { type PostInput, type PostUpdateInput, postMessages, REVISED_FIELDS, type RevisedField } from "~/lib/schemas/blog";
import { recordAudit } from "../audit.server";
import { type Actor, type Post } from "../blog.server";
import { noteSchedule } from "./scheduling.server";

export type Revision = typeof blogPostRevisions.$inferSelect;
export type RevisionKind = "create" | "update" | "draft" | "restore";
export type RevisedValues = Pick<Post, RevisedField>;

export function revisedValues(source: RevisedValues): RevisedValues {
  return Object.fromEntries(REVISED_FIELDS.map((key) => [key, source[key]])) as RevisedValues;
}

/** Keeps the text as saved, then forgets all but the newest REVISIONS_KEPT of the post. */
export async function recordRevision(
  executor: Executor,
  postId: number,
  values: RevisedValues,
  meta: { kind: RevisionKind; author: string; restoredFrom?: number | null },
): Promise<Revision> {
  const revision = await executor
    .insert(blogPostRevisions)
    .values({ ...revisedValues(values), postId, kind: meta.kind, author: meta.author, restoredFrom: meta.restoredFrom ?? null })
    .returning()
    .then(first);
  const kept = executor
    .select({ id: blogPostRevisions.id })
    .from(blogPostRevisions)
    .where(eq(blogPostRevisions.postId, postId))
    .orderBy(desc(blogPostRevisions.id))
    .limit(REVISIONS_KEPT);
  await executor.delete(blogPostRevisions).where(and(eq(blogPostRevisions.postId, postId), notInArray(blogPostRevisions.id, kept)));
  return revision;
}

function postConflict(error: unknown): Response | null {
  if (isUniqueViolation(error, "slug")) return fail(409, blogApiMessages.slugTaken, { slug: blogApiMessages.slugTaken });
  if (isForeignKeyViolation(error)) return fail(400, blogApiMessages.categoryMissing, { categoryId: blogApiMessages.categoryMissing });
  return null;
}

function assertFuture(publishAt: Date | null | undefined, now: Date): void {
  if (publishAt && publishAt.getTime() <= now.getTime()) {
    throw fail(400, publishingMessages.publishAtPast, { publishAt: publishingMessages.publishAtPast });
  }
}

export async function createPost(input: PostInput, actor: Actor): Promise<Post> {
  const now = new Date();
  assertFuture(input.publishAt, now);
  try {
    const row = await db().transaction(async (tx) => {
      const created = await tx
        .insert(blogPosts)
        .values({
          ...input,
          content: sanitizeContent(input.content),
          publishAt: input.published ? null : input.publishAt,
          publishedAt: input.published ? now : null,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
        .then(first);
      await recordRevision(tx, created.id, created, { kind: "create", author: actor.username });
      await recordAudit(
        {
          actor: actor.username,
          action: "blog.post.create",
          target: `post:${created.id}`,
          details: { title: created.title, slug: created.slug, published: created.published, publishAt: created.publishAt },
          ip: actor.ip,
        },
        tx,
      );
      return created;
    });
    noteSchedule(row.publishAt);
    return row;
  } catch (error) {
    throw postConflict(error) ?? error;
  }
}

/** The text fields this body changes (content sanitised), or none: a switch-only save. */
function textChanges(input: PostUpdateInput): Partial<RevisedValues> {
  const changes: Partial<Record<RevisedField, unknown>> = {};
  for (const key of REVISED_FIELDS) if (input[key] !== undefined) changes[key] = input[key];
  if (typeof changes.content === "string") changes.content = sanitizeContent(changes.content);
  return changes as Partial<RevisedValues>;
}

export interface SaveOptions {
  /** 'restore' when a revision is brought back (docs/decisions/0061). */
  kind?: "update" | "restore";
  restoredFrom?: number;
}

/**
 * Full edit, only `{ published }` (the list switch), a schedule (`publishAt`), or, with
 * `draft: true` on a live post, changes kept out of it as a previewable draft. `publishedAt` is
 * set the first time a post goes live and kept afterwards, so the public date never jumps.
 */
export async function updatePost(id: number, input: PostUpdateInput, actor: Actor, options: SaveOptions = {}): Promise<Post> {
  const now = new Date();
  const text = textChanges(input);
  const touchesText = Object.keys(text).length > 0;
  try {
    const row = await db().transaction(async (tx) => {
      const [existing] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for("update");
      if (!existing) throw fail(404, blogApiMessages.postNotFound);
      if (input.draft && existing.published) return saveDraft(tx, existing, input, text, actor);

      const published = input.published ?? existing.published;
      const publishAt = published ? null : input.publishAt !== undefined ? input.publishAt : existing.publishAt;
      if (published && input.publishAt) {
        throw fail(400, publishingMessages.publishAtWhilePublished, { publishAt: publishingMessages.publishAtWhilePublished });
      }
      if (publishAt && publishAt.getTime() !== existing.publishAt?.getTime()) assertFuture(publishAt, now);

      const changes: Partial<typeof blogPosts.$inferInsert> = { ...text, published, publishAt, updatedAt: now };
      if (published && !existing.publishedAt) changes.publishedAt = now;
      // A save of the text carries any pending draft (the editor opened it): nothing stays pending.
      if (touchesText) changes.pendingRevisionId = null;
      const [saved] = await tx.update(blogPosts).set(changes).where(eq(blogPosts.id, id)).returning();
      if (!saved) throw fail(404, blogApiMessages.postNotFound);
      if (touchesText) {
        await recordRevision(tx, id, saved, { kind: options.kind ?? "update", author: actor.username, restoredFrom: options.restoredFrom });
      }
      await recordAudit(
        {
          actor: actor.username,
          action: auditAction(existing, saved, options),
          target: `post:${id}`,
          details: {
            title: saved.title,
            slug: saved.slug,
            published: saved.published,
            publishAt: saved.publishAt,
            fields: Object.keys(input).filter((k) => input[k as keyof PostUpdateInput] !== undefined),
            ...(options.restoredFrom ? { revision: options.restoredFrom } : {}),
          },
          ip: actor.ip,
        },
        tx,
      );
      return saved;
    });
    noteSchedule(row.publishAt);
    return row;
  } catch (error) {
    throw postConflict(error) ?? error;
  }
}

/** The list switch, the form's checkbox and the schedule are recorded as what they are. */
function auditAction(before: Post, after: Post, options: SaveOptions): string {
  if (options.kind === "restore") return "blog.post.restore";
  if (before.published !== after.published) return after.published ? "blog.post.publish" : "blog.post.unpublish";
  if (before.publishAt?.getTime() !== after.publishAt?.getTime()) return after.publishAt ? "blog.post.schedule" : "blog.post.unschedule";
  return "blog.post.update";
}

/** Changes to a live post kept as a draft revision: the post itself does not change. */
async function saveDraft(tx: Executor, existing: Post, input: PostUpdateInput, text: Partial<RevisedValues>, actor: Actor): Promise<Post> {
  if (input.published === false) throw fail(400, publishingMessages.draftUnpublish, { published: publishingMessages.draftUnpublish });
  if (input.publishAt)
    throw fail(400, publishingMessages.publishAtWhilePublished, { publishAt: publishingMessages.publishAtWhilePublished });
  if (Object.keys(text).length === 0) throw fail(400, postMessages.empty);
  const [pending] = existing.pendingRevisionId
    ? await tx.select().from(blogPostRevisions).where(eq(blogPostRevisions.id, existing.pendingRevisionId))
    : [];
  const values = { ...revisedValues(pending ?? existing), ...text };
  // The slug is checked now, not when the draft goes live.
  if (values.slug !== existing.slug) {
    const [taken] = await tx
      .select({ id: blogPosts.id })
      .from(blogPosts)
      .where(and(eq(blogPosts.slug, values.slug), ne(blogPosts.id, existing.id)));
    if (taken) throw fail(409, blogApiMessages.slugTaken, { slug: blogApiMessages.slugTaken });
  }
  const revision = await recordRevision(tx, existing.id, values, { kind: "draft", author: actor.username });
  const [saved] = await tx.update(blogPosts).set({ pendingRevisionId: revision.id }).where(eq(blogPosts.id, existing.id)).returning();
  await recordAudit(
    {
      actor: actor.username,
      action: "blog.post.draft",
      target: `post:${existing.id}`,
      details: { title: values.title, slug: values.slug, revision: revision.id },
      ip: actor.ip,
    },
    tx,
  );
  return saved ?? existing;
}

/** Forgets the unpublished changes of a live post (their revision stays in the history). */
export async function discardPendingChanges(id: number, actor: Actor): Promise<void> {
  const [row] = await db()
    .update(blogPosts)
    .set({ pendingRevisionId: null })
    .where(and(eq(blogPosts.id, id), sql`${blogPosts.pendingRevisionId} is not null`))
    .returning({ id: blogPosts.id });
  if (!row) throw fail(409, publishingMessages.noPendingChanges);
  await recordAudit({ actor: actor.username, action: "blog.post.draft.discard", target: `post:${id}`, ip: actor.ip });
}

export async function deletePost(id: number, actor: Actor): Promise<void> {
  const [row] = await db().delete(blogPosts).where(eq(blogPosts.id, id)).returning({ title: blogPosts.title, slug: blogPosts.slug });
  if (!row) throw fail(404, blogApiMessages.postNotFound);
  await recordAudit({ actor: actor.username, action: "blog.post.delete", target: `post:${id}`, details: row, ip: actor.ip });
}

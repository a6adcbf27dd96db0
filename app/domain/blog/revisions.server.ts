/**
 * A post's history (docs/decisions/0061): its revisions, one beside the current text, restoring
 * one (a new save, so a new revision), and publishing the unpublished changes of a live post.
 */
import { and, count, desc, eq, lte, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { blogPosts, blogPostRevisions } from "~/db/schema";
import { fail } from "~/infra/http.server";
import { blogApiMessages } from "~/lib/messages/blog";
import { publishingMessages, revisionText } from "~/lib/messages/publishing";
import { type Revision, revisedValues, updatePost } from "./editing.server";
import type { Actor, Post } from "../blog.server";

export interface RevisionSummary {
  id: number;
  /** Its place in the post's own history (1 for the oldest kept): what the admin reads as "nº". */
  number: number;
  kind: string;
  restoredFrom: number | null;
  /** The number of the revision a restore brought back, while that one is still kept. */
  restoredFromNumber: number | null;
  title: string;
  author: string;
  createdAt: Date;
  /** The unpublished changes of a live post. */
  pending: boolean;
}

/** Newest first, without their text (a list, for the admin and the API). */
export async function listRevisions(postId: number): Promise<RevisionSummary[] | null> {
  const [post] = await db().select({ pendingRevisionId: blogPosts.pendingRevisionId }).from(blogPosts).where(eq(blogPosts.id, postId));
  if (!post) return null;
  const rows = await db()
    .select({
      id: blogPostRevisions.id,
      // Ids are shared by every post; the admin counts one post's revisions (1, 2, 3 …).
      number: sql<number>`(row_number() over (order by ${blogPostRevisions.id}))::int`,
      kind: blogPostRevisions.kind,
      restoredFrom: blogPostRevisions.restoredFrom,
      title: blogPostRevisions.title,
      author: blogPostRevisions.author,
      createdAt: blogPostRevisions.createdAt,
    })
    .from(blogPostRevisions)
    .where(eq(blogPostRevisions.postId, postId))
    .orderBy(desc(blogPostRevisions.id));
  const numberOf = new Map(rows.map((r) => [r.id, Number(r.number)]));
  return rows.map((r) => ({
    ...r,
    number: Number(r.number),
    restoredFromNumber: r.restoredFrom === null ? null : (numberOf.get(r.restoredFrom) ?? null),
    pending: r.id === post.pendingRevisionId,
  }));
}

/** A revision's number in its post's history (see RevisionSummary.number); null if it is not kept. */
export async function revisionNumber(postId: number, revisionId: number | null): Promise<number | null> {
  if (revisionId === null) return null;
  const [exists] = await db()
    .select({ id: blogPostRevisions.id })
    .from(blogPostRevisions)
    .where(and(eq(blogPostRevisions.postId, postId), eq(blogPostRevisions.id, revisionId)));
  if (!exists) return null;
  const [row] = await db()
    .select({ n: count() })
    .from(blogPostRevisions)
    .where(and(eq(blogPostRevisions.postId, postId), lte(blogPostRevisions.id, revisionId)));
  return row ? Number(row.n) : null;
}

export async function getRevision(postId: number, revisionId: number): Promise<Revision | null> {
  const [row] = await db()
    .select()
    .from(blogPostRevisions)
    .where(and(eq(blogPostRevisions.postId, postId), eq(blogPostRevisions.id, revisionId)));
  return row ?? null;
}

/**
 * Brings back the revision's text and SEO fields. The slug stays the current one: a restore
 * never moves a live address (docs/decisions/0061).
 */
export async function restoreRevision(postId: number, revisionId: number, actor: Actor): Promise<Post> {
  const revision = await getRevision(postId, revisionId);
  if (!revision) throw fail(404, revisionText.notFound);
  const { slug: _slug, ...values } = revisedValues(revision);
  return updatePost(postId, values, actor, { kind: "restore", restoredFrom: revision.id });
}

/** The pending draft of a live post goes live (a save like any other: a new revision, audited). */
export async function publishPendingChanges(postId: number, actor: Actor): Promise<Post> {
  const [post] = await db().select().from(blogPosts).where(eq(blogPosts.id, postId));
  if (!post) throw fail(404, blogApiMessages.postNotFound);
  const pending = post.pendingRevisionId ? await getRevision(postId, post.pendingRevisionId) : null;
  if (!pending) throw fail(409, publishingMessages.noPendingChanges);
  return updatePost(postId, revisedValues(pending), actor);
}

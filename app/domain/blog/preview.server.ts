/**
 * Preview links (docs/decisions/0060, 0109): an unguessable token opens a post's draft, its
 * scheduled version or its unpublished changes at /previa/{token}, without a session, for 30
 * days. Only the token's hash is stored, so the admin sees the link once, when it is made; a new
 * one replaces it, revoking clears it, and an expired or revoked link answers 404 like an unknown
 * one. Once the post is live with nothing pending, the link leads to the public address.
 */
import { and, eq, gt } from "drizzle-orm";
import { env } from "~/config.server";
import { db } from "~/db/client.server";
import { blogCategories, blogPosts, blogPostRevisions } from "~/db/schema";
import { fail } from "~/infra/http.server";
import { blogApiMessages } from "~/lib/messages/blog";
import { previewPath } from "~/lib/publishing";
import { absoluteUrl } from "~/lib/site";
import { hashAccessToken, isAccessTokenShaped, linkExpiry, newAccessToken } from "../access-tokens.server";
import { recordAudit } from "../audit.server";
import type { Actor, Post, PostWithCategory } from "../blog.server";

/** A link just made: its address exists only in this answer. */
export interface NewPreviewLink {
  url: string;
  expiresAt: Date;
}

/** A new link for the post, valid 30 days (the old one stops working at once). */
export async function createPreviewLink(postId: number, actor: Actor, now = new Date()): Promise<NewPreviewLink> {
  const { token, hash } = newAccessToken();
  const expiresAt = linkExpiry("preview", now);
  const [row] = await db()
    .update(blogPosts)
    .set({ previewTokenHash: hash, previewExpiresAt: expiresAt })
    .where(eq(blogPosts.id, postId))
    .returning({ id: blogPosts.id });
  if (!row) throw fail(404, blogApiMessages.postNotFound);
  await recordAudit({
    actor: actor.username,
    action: "blog.post.preview.create",
    target: `post:${postId}`,
    details: { expiresAt: expiresAt.toISOString() },
    ip: actor.ip,
  });
  return { url: absoluteUrl(env.SITE_URL, previewPath(token)), expiresAt };
}

export async function revokePreviewLink(postId: number, actor: Actor): Promise<void> {
  const [row] = await db()
    .update(blogPosts)
    .set({ previewTokenHash: null, previewExpiresAt: null })
    .where(eq(blogPosts.id, postId))
    .returning({ id: blogPosts.id });
  if (!row) throw fail(404, blogApiMessages.postNotFound);
  await recordAudit({ actor: actor.username, action: "blog.post.preview.revoke", target: `post:${postId}`, ip: actor.ip });
}

export type PreviewKind = "draft" | "scheduled" | "pending";

export type ResolvedPreview =
  { kind: "redirect"; slug: string } | { kind: PreviewKind; post: PostWithCategory; publishAt: Date | null; pendingSavedAt: Date | null };

/**
 * What a preview link shows: null for an unknown, revoked or expired token; the public address
 * for a live post without pending changes; otherwise the post as it would be published (with its
 * pending revision's text, if any).
 */
export async function resolvePreview(token: string, now = new Date()): Promise<ResolvedPreview | null> {
  if (!isAccessTokenShaped(token)) return null;
  const [row] = await db()
    .select({ post: blogPosts, categoryName: blogCategories.name, categorySlug: blogCategories.slug })
    .from(blogPosts)
    .leftJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
    .where(and(eq(blogPosts.previewTokenHash, hashAccessToken(token)), gt(blogPosts.previewExpiresAt, now)));
  if (!row) return null;
  const { post } = row;
  let shown: Post = post;
  let pendingSavedAt: Date | null = null;
  if (post.pendingRevisionId !== null) {
    const [revision] = await db().select().from(blogPostRevisions).where(eq(blogPostRevisions.id, post.pendingRevisionId));
    if (revision) {
      const { id: _id, postId: _postId, kind: _kind, restoredFrom: _from, author: _author, createdAt, ...text } = revision;
      shown = { ...post, ...text };
      pendingSavedAt = createdAt;
    }
  }
  if (post.published && pendingSavedAt === null) return { kind: "redirect", slug: post.slug };
  const category = await categoryOf(shown.categoryId, row);
  const kind: PreviewKind = post.published ? "pending" : post.publishAt ? "scheduled" : "draft";
  return { kind, post: { ...shown, category }, publishAt: post.publishAt, pendingSavedAt };
}

/** The category of the text shown (a pending revision may have moved the post to another one). */
async function categoryOf(
  categoryId: number | null,
  row: { post: Post; categoryName: string | null; categorySlug: string | null },
): Promise<PostWithCategory["category"]> {
  if (categoryId === null) return null;
  if (categoryId === row.post.categoryId && row.categoryName && row.categorySlug) {
    return { id: categoryId, name: row.categoryName, slug: row.categorySlug };
  }
  const [category] = await db().select().from(blogCategories).where(eq(blogCategories.id, categoryId));
  return category ? { id: category.id, name: category.name, slug: category.slug } : null;
}

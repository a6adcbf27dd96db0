/**
 * Preview links (docs/decisions/0060): an unguessable token per post opens its draft, its
 * scheduled version or its unpublished changes at /previa/{token}, without a session. The admin
 * copies it, revokes it (the link answers 404) or makes a new one; once the post is live with
 * nothing pending, the link leads to the public address.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { env } from "~/config.server";
import { db } from "~/db/client.server";
import { blogCategories, blogPosts, blogPostRevisions } from "~/db/schema";
import { fail } from "~/infra/http.server";
import { blogApiMessages } from "~/lib/messages/blog";
import { PREVIEW_TOKEN_PATTERN, previewPath } from "~/lib/publishing";
import { absoluteUrl } from "~/lib/site";
import { recordAudit } from "../audit.server";
import type { Actor, Post, PostWithCategory } from "../blog.server";

/** 24 random bytes: 192 bits, as base64url (32 characters). */
export function newPreviewToken(): string {
  return randomBytes(24).toString("base64url");
}

export function previewUrlOf(token: string | null): string | null {
  return token ? absoluteUrl(env.SITE_URL, previewPath(token)) : null;
}

/** A new link for the post (the old one stops working at once). */
export async function createPreviewLink(postId: number, actor: Actor): Promise<string> {
  const token = newPreviewToken();
  const [row] = await db().update(blogPosts).set({ previewToken: token }).where(eq(blogPosts.id, postId)).returning({ id: blogPosts.id });
  if (!row) throw fail(404, blogApiMessages.postNotFound);
  await recordAudit({ actor: actor.username, action: "blog.post.preview.create", target: `post:${postId}`, ip: actor.ip });
  return previewUrlOf(token)!;
}

export async function revokePreviewLink(postId: number, actor: Actor): Promise<void> {
  const [row] = await db().update(blogPosts).set({ previewToken: null }).where(eq(blogPosts.id, postId)).returning({ id: blogPosts.id });
  if (!row) throw fail(404, blogApiMessages.postNotFound);
  await recordAudit({ actor: actor.username, action: "blog.post.preview.revoke", target: `post:${postId}`, ip: actor.ip });
}

export type PreviewKind = "draft" | "scheduled" | "pending";

export type ResolvedPreview =
  { kind: "redirect"; slug: string } | { kind: PreviewKind; post: PostWithCategory; publishAt: Date | null; pendingSavedAt: Date | null };

/**
 * What a preview link shows: null for an unknown or revoked token; the public address for a live
 * post without pending changes; otherwise the post as it would be published (with its pending
 * revision's text, if any).
 */
export async function resolvePreview(token: string): Promise<ResolvedPreview | null> {
  if (!PREVIEW_TOKEN_PATTERN.test(token)) return null;
  const [row] = await db()
    .select({ post: blogPosts, categoryName: blogCategories.name, categorySlug: blogCategories.slug })
    .from(blogPosts)
    .leftJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
    .where(eq(blogPosts.previewToken, token));
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

/**
 * Blog domain: categories (SPEC §3) and the reads of posts, with their visibility (visitors only
 * ever get published posts). Writing posts, schedules, previews and revisions: ./blog/.
 * Routes call these and turn the result into a page or a JSON answer.
 */
import { and, asc, count, desc, eq, isNotNull, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { isForeignKeyViolation, isUniqueViolation } from "~/db/driver.server";
import { blogCategories, blogPosts } from "~/db/schema";
import { fail } from "~/infra/http.server";
import { first } from "~/lib/first";
import { blogApiMessages } from "~/lib/messages/blog";
import { BLOG_PAGE_SIZE, type CategoryInput } from "~/lib/schemas/blog";
import { recordAudit } from "./audit.server";

export type Category = typeof blogCategories.$inferSelect;
export type Post = typeof blogPosts.$inferSelect;

export interface Actor {
  username: string;
  ip?: string | null;
}

/** What a card or a list needs: everything but the content. */
export interface PostSummary {
  id: number;
  title: string;
  slug: string;
  summary: string;
  imageUrl: string | null;
  categoryId: number | null;
  published: boolean;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  category: { id: number; name: string; slug: string } | null;
}

const summaryColumns = {
  id: blogPosts.id,
  title: blogPosts.title,
  slug: blogPosts.slug,
  summary: blogPosts.summary,
  imageUrl: blogPosts.imageUrl,
  categoryId: blogPosts.categoryId,
  published: blogPosts.published,
  publishedAt: blogPosts.publishedAt,
  createdAt: blogPosts.createdAt,
  updatedAt: blogPosts.updatedAt,
  categoryName: blogCategories.name,
  categorySlug: blogCategories.slug,
};

function toSummary(row: Omit<PostSummary, "category"> & { categoryName: string | null; categorySlug: string | null }): PostSummary {
  const { categoryName, categorySlug, ...post } = row;
  return {
    ...post,
    category:
      post.categoryId !== null && categoryName !== null && categorySlug !== null
        ? { id: post.categoryId, name: categoryName, slug: categorySlug }
        : null,
  };
}

/** Newest first by publication (or creation) date. */
const newestFirst = [desc(sql`coalesce(${blogPosts.publishedAt}, ${blogPosts.createdAt})`), desc(blogPosts.id)];

// ---------------------------------------------------------------- categories
export async function listCategories(): Promise<Category[]> {
  return db().select().from(blogCategories).orderBy(asc(blogCategories.name));
}

export async function listCategoriesWithCounts(): Promise<Array<Category & { postCount: number }>> {
  // One pass over the category index, not one count per category.
  const postCounts = db()
    .select({ categoryId: blogPosts.categoryId, n: sql<number>`count(*)::int`.as("n") })
    .from(blogPosts)
    .groupBy(blogPosts.categoryId)
    .as("post_counts");
  const rows = await db()
    .select({
      id: blogCategories.id,
      name: blogCategories.name,
      slug: blogCategories.slug,
      description: blogCategories.description,
      createdAt: blogCategories.createdAt,
      postCount: sql<number>`coalesce(${postCounts.n}, 0)`.mapWith(Number),
    })
    .from(blogCategories)
    .leftJoin(postCounts, eq(postCounts.categoryId, blogCategories.id))
    .orderBy(asc(blogCategories.name));
  return rows;
}

export async function getCategory(id: number): Promise<Category | null> {
  const [row] = await db().select().from(blogCategories).where(eq(blogCategories.id, id));
  return row ?? null;
}

function categoryConflict(error: unknown): Response | null {
  if (isUniqueViolation(error, "name")) {
    return fail(409, blogApiMessages.categoryNameTaken, { name: blogApiMessages.categoryNameTaken });
  }
  if (isUniqueViolation(error, "slug")) {
    return fail(409, blogApiMessages.categorySlugTaken, { slug: blogApiMessages.categorySlugTaken });
  }
  return null;
}

export async function createCategory(input: CategoryInput, actor: Actor): Promise<Category> {
  try {
    const row = await db().insert(blogCategories).values(input).returning().then(first);
    await recordAudit({
      actor: actor.username,
      action: "blog.category.create",
      target: `category:${row.id}`,
      details: { name: row.name, slug: row.slug },
      ip: actor.ip,
    });
    return row;
  } catch (error) {
    throw categoryConflict(error) ?? error;
  }
}

export async function updateCategory(id: number, input: CategoryInput, actor: Actor): Promise<Category> {
  try {
    const [row] = await db().update(blogCategories).set(input).where(eq(blogCategories.id, id)).returning();
    if (!row) throw fail(404, blogApiMessages.categoryNotFound);
    await recordAudit({
      actor: actor.username,
      action: "blog.category.update",
      target: `category:${id}`,
      details: { name: row.name, slug: row.slug },
      ip: actor.ip,
    });
    return row;
  } catch (error) {
    throw categoryConflict(error) ?? error;
  }
}

/**
 * A category used by posts is not deleted (409 with the count), unless `movePosts` is set: then
 * its posts move to "no category" and the category goes, in one transaction.
 */
export async function deleteCategory(id: number, options: { movePosts: boolean }, actor: Actor): Promise<{ movedPosts: number }> {
  return db().transaction(async (tx) => {
    const [category] = await tx.select().from(blogCategories).where(eq(blogCategories.id, id)).for("update");
    if (!category) throw fail(404, blogApiMessages.categoryNotFound);
    const { value: inUse } = await tx.select({ value: count() }).from(blogPosts).where(eq(blogPosts.categoryId, id)).then(first);
    if (inUse > 0 && !options.movePosts) throw fail(409, blogApiMessages.categoryInUse(inUse), { postCount: String(inUse) });
    if (inUse > 0) {
      await tx.update(blogPosts).set({ categoryId: null, updatedAt: new Date() }).where(eq(blogPosts.categoryId, id));
    }
    try {
      await tx.delete(blogCategories).where(eq(blogCategories.id, id));
    } catch (error) {
      // A post assigned in between: same answer as above.
      if (isForeignKeyViolation(error)) throw fail(409, blogApiMessages.categoryInUse(1));
      throw error;
    }
    await recordAudit(
      {
        actor: actor.username,
        action: "blog.category.delete",
        target: `category:${id}`,
        details: { name: category.name, movedPosts: inUse },
        ip: actor.ip,
      },
      tx,
    );
    return { movedPosts: inUse };
  });
}

// ---------------------------------------------------------------- posts (public reads)
export interface PostPage {
  posts: PostSummary[];
  total: number;
  limit: number;
  page: number;
}

/** Published posts only, newest first, optionally of one category. */
export async function listPublishedPosts(options: { categoryId?: number; limit?: number; page?: number } = {}): Promise<PostPage> {
  const limit = options.limit ?? BLOG_PAGE_SIZE;
  const page = options.page ?? 1;
  const where = and(
    eq(blogPosts.published, true),
    options.categoryId !== undefined ? eq(blogPosts.categoryId, options.categoryId) : undefined,
  );
  const [rows, { value: total }] = await Promise.all([
    db()
      .select(summaryColumns)
      .from(blogPosts)
      .leftJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
      .where(where)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ value: count() }).from(blogPosts).where(where).then(first),
  ]);
  return { posts: rows.map(toSummary), total, limit, page };
}

export interface PostWithCategory extends Post {
  category: { id: number; name: string; slug: string } | null;
}

async function findPost(where: ReturnType<typeof eq>): Promise<PostWithCategory | null> {
  const [row] = await db()
    .select({ post: blogPosts, categoryName: blogCategories.name, categorySlug: blogCategories.slug })
    .from(blogPosts)
    .leftJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
    .where(where);
  if (!row) return null;
  const { post, categoryName, categorySlug } = row;
  return {
    ...post,
    category:
      post.categoryId !== null && categoryName && categorySlug ? { id: post.categoryId, name: categoryName, slug: categorySlug } : null,
  };
}

/** Any status: callers decide who may see a draft. */
export function getPostBySlug(slug: string): Promise<PostWithCategory | null> {
  return findPost(eq(blogPosts.slug, slug));
}

export function getPostById(id: number): Promise<PostWithCategory | null> {
  return findPost(eq(blogPosts.id, id));
}

/** Up to `limit` other published posts, same category first (the "Leia também" block). */
export async function relatedPosts(post: Pick<Post, "id" | "categoryId">, limit = 3): Promise<PostSummary[]> {
  const rows = await db()
    .select(summaryColumns)
    .from(blogPosts)
    .leftJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
    .where(and(eq(blogPosts.published, true), sql`${blogPosts.id} <> ${post.id}`))
    .orderBy(
      ...(post.categoryId === null ? [] : [desc(sql`coalesce(${blogPosts.categoryId} = ${post.categoryId}, false)`)]),
      ...newestFirst,
    )
    .limit(limit);
  return rows.map(toSummary);
}

/** Published posts for the sitemap (slug and last change); `noindex` posts stay out of it. */
const inSitemap = and(eq(blogPosts.published, true), eq(blogPosts.noindex, false));

/** One file's worth of the sitemap's posts (app/domain/blog/sitemap.server.ts), newest first. */
export async function sitemapPosts(page: { offset: number; limit: number }): Promise<Array<{ slug: string; updatedAt: Date }>> {
  return db()
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(inSitemap)
    .orderBy(...newestFirst)
    .limit(page.limit)
    .offset(page.offset);
}

export async function countSitemapPosts(): Promise<number> {
  return (await db().select({ value: count() }).from(blogPosts).where(inSitemap).then(first)).value;
}

/** Newest published posts with content, for the RSS feed. */
export async function feedPosts(limit = 20): Promise<PostWithCategory[]> {
  const rows = await db()
    .select({ post: blogPosts, categoryName: blogCategories.name, categorySlug: blogCategories.slug })
    .from(blogPosts)
    .leftJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
    .where(eq(blogPosts.published, true))
    .orderBy(...newestFirst)
    .limit(limit);
  return rows.map(({ post, categoryName, categorySlug }) => ({
    ...post,
    category:
      post.categoryId !== null && categoryName && categorySlug ? { id: post.categoryId, name: categoryName, slug: categorySlug } : null,
  }));
}

/** Latest change of anything public on the blog (Last-Modified of the list). */
export async function blogLastModified(): Promise<Date | null> {
  const [row] = await db()
    .select({ value: sql<string | null>`max(${blogPosts.updatedAt})` })
    .from(blogPosts)
    .where(and(eq(blogPosts.published, true), isNotNull(blogPosts.updatedAt)));
  return row?.value ? new Date(row.value) : null;
}

/**
 * A post as visitors' endpoints answer it: never its preview link, schedule or pending draft
 * (a live post has no schedule; the others are the admin's).
 */
export function publicPost<T extends Post>(post: T): Omit<T, "previewTokenHash" | "previewExpiresAt" | "publishAt" | "pendingRevisionId"> {
  const { previewTokenHash: _hash, previewExpiresAt: _expiry, publishAt: _publishAt, pendingRevisionId: _pending, ...visible } = post;
  return visible;
}

// ---------------------------------------------------------------- posts (admin)

export const ADMIN_POSTS_PAGE_SIZE = 25;

/**
 * One page of the admin's post list, newest first (created_at, id: an index), with its total:
 * only the columns the list shows, never a post's content. `where` narrows it (the search box,
 * app/domain/search/query.server.ts); `categoryId` is the category filter.
 */
export async function listAdminPosts(options: { page?: number; categoryId?: number; where?: SQL; pageSize?: number } = {}) {
  const pageSize = options.pageSize ?? ADMIN_POSTS_PAGE_SIZE;
  const where = and(options.categoryId ? eq(blogPosts.categoryId, options.categoryId) : undefined, options.where);
  const { value: total } = await db().select({ value: count() }).from(blogPosts).where(where).then(first);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(options.page ?? 1, 1), pageCount);
  const rows = await db()
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      slug: blogPosts.slug,
      published: blogPosts.published,
      publishedAt: blogPosts.publishedAt,
      publishAt: blogPosts.publishAt,
      pendingRevisionId: blogPosts.pendingRevisionId,
      createdAt: blogPosts.createdAt,
      updatedAt: blogPosts.updatedAt,
    })
    .from(blogPosts)
    .where(where)
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total, page, pageCount };
}

/**
 * A person's address in the blog (docs/decisions/0061): posts are the company's text, but one may
 * quote a reader's e-mail, and a post's revisions keep every earlier text even after the address
 * was edited out, and name their author (an admin username may be an address). The privacy tools
 * find both, export them, and on erasure replace the address in posts and delete the revisions
 * that hold it.
 */
import { asc, inArray, or, sql, type SQL } from "drizzle-orm";
import { inTurn, type Executor } from "~/db/client.server";
import { blogPostRevisions, blogPosts } from "~/db/schema";
import { ANONYMISED_MARKER } from "~/lib/privacy";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/** The same whole-address rule as the rest of the privacy tools (subject.server.ts). */
function addressPattern(email: string): string {
  const escaped = email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return `(?<![a-z0-9._%+'-])${escaped}(?![a-z0-9_-]|\\.[a-z0-9])`;
}

const TEXT_COLUMNS = [
  blogPosts.title,
  blogPosts.summary,
  blogPosts.content,
  blogPosts.metaTitle,
  blogPosts.metaDescription,
] as const satisfies readonly AnyPgColumn[];
const REVISION_TEXT_COLUMNS = [
  blogPostRevisions.title,
  blogPostRevisions.summary,
  blogPostRevisions.content,
  blogPostRevisions.metaTitle,
  blogPostRevisions.metaDescription,
] as const satisfies readonly AnyPgColumn[];

const mentions = (columns: readonly AnyPgColumn[], pattern: string): SQL => or(...columns.map((c) => sql`${c} ~* ${pattern}`))!;

/** What the search shows and exports of a post: its text, never its preview link or schedule. */
const postColumns = {
  id: blogPosts.id,
  title: blogPosts.title,
  slug: blogPosts.slug,
  published: blogPosts.published,
  summary: blogPosts.summary,
  content: blogPosts.content,
  metaTitle: blogPosts.metaTitle,
  metaDescription: blogPosts.metaDescription,
  createdAt: blogPosts.createdAt,
  updatedAt: blogPosts.updatedAt,
};

export async function collectBlogMentions(executor: Executor, email: string) {
  const pattern = addressPattern(email);
  const [posts, revisions] = await inTurn([
    () => executor.select(postColumns).from(blogPosts).where(mentions(TEXT_COLUMNS, pattern)).orderBy(asc(blogPosts.id)),
    () =>
      executor
        .select()
        .from(blogPostRevisions)
        .where(or(mentions(REVISION_TEXT_COLUMNS, pattern), sql`lower(trim(${blogPostRevisions.author})) = ${email}`))
        .orderBy(asc(blogPostRevisions.id)),
  ]);
  return { blogPosts: posts, blogPostRevisions: revisions };
}

export type BlogMentions = Awaited<ReturnType<typeof collectBlogMentions>>;

/** Replaces the address in the posts' text and deletes the revisions that hold it (one transaction, the caller's). */
export async function eraseBlogMentions(
  tx: Executor,
  email: string,
  found: BlogMentions,
): Promise<{ redactedPosts: number; deletedRevisions: number }> {
  const pattern = addressPattern(email);
  const postIds = found.blogPosts.map((p) => p.id);
  if (postIds.length) {
    const redact = (column: AnyPgColumn) => sql`regexp_replace(${column}, ${pattern}, ${ANONYMISED_MARKER}, 'gi')`;
    await tx
      .update(blogPosts)
      .set({
        title: redact(blogPosts.title),
        summary: redact(blogPosts.summary),
        content: redact(blogPosts.content),
        metaTitle: redact(blogPosts.metaTitle),
        metaDescription: redact(blogPosts.metaDescription),
        updatedAt: new Date(),
      })
      .where(inArray(blogPosts.id, postIds));
  }
  const revisionIds = found.blogPostRevisions.map((r) => r.id);
  const deleted = revisionIds.length
    ? await tx.delete(blogPostRevisions).where(inArray(blogPostRevisions.id, revisionIds)).returning({ id: blogPostRevisions.id })
    : [];
  return { redactedPosts: postIds.length, deletedRevisions: deleted.length };
}

/**
 * One post as the admin sees it (GET /api/blog/posts/{id}, the editor, the post's publishing
 * page): the live post plus its status, schedule, preview link and unpublished changes.
 */
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { blogPostRevisions } from "~/db/schema";
import { postStatus, type PostStatus } from "~/lib/publishing";
import { getPostById, type PostWithCategory } from "../blog.server";
import { revisedValues, type RevisedValues } from "./editing.server";
import { previewUrlOf } from "./preview.server";

export interface PendingChanges {
  revisionId: number;
  savedAt: Date;
  author: string;
  /** The text as it will go live. */
  values: RevisedValues;
}

export type AdminPost = Omit<PostWithCategory, "previewToken" | "pendingRevisionId"> & {
  status: PostStatus;
  previewUrl: string | null;
  pendingChanges: PendingChanges | null;
};

export async function getAdminPost(id: number): Promise<AdminPost | null> {
  const post = await getPostById(id);
  if (!post) return null;
  const { previewToken, pendingRevisionId, ...rest } = post;
  let pendingChanges: PendingChanges | null = null;
  if (pendingRevisionId !== null) {
    const [revision] = await db().select().from(blogPostRevisions).where(eq(blogPostRevisions.id, pendingRevisionId));
    if (revision) {
      pendingChanges = { revisionId: revision.id, savedAt: revision.createdAt, author: revision.author, values: revisedValues(revision) };
    }
  }
  return { ...rest, status: postStatus(post), previewUrl: previewUrlOf(previewToken), pendingChanges };
}

/**
 * One post as the admin sees it (GET /api/blog/posts/{id}, the editor, the post's publishing
 * page): the live post plus its status, schedule, whether it has a preview link and until when
 * (never the link itself: only its hash is stored, docs/decisions/0109), and unpublished changes.
 */
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { blogPostRevisions } from "~/db/schema";
import { postStatus, type PostStatus } from "~/lib/publishing";
import { getPostById, type PostWithCategory } from "../blog.server";
import { revisedValues, type RevisedValues } from "./editing.server";

export interface PendingChanges {
  revisionId: number;
  savedAt: Date;
  author: string;
  /** The text as it will go live. */
  values: RevisedValues;
}

/** The post's preview link as the admin may know it: until when it works, and whether that moment has passed. */
export interface PreviewLinkState {
  expiresAt: Date;
  expired: boolean;
}

export type AdminPost = Omit<PostWithCategory, "previewTokenHash" | "previewExpiresAt" | "pendingRevisionId"> & {
  status: PostStatus;
  previewLink: PreviewLinkState | null;
  pendingChanges: PendingChanges | null;
};

export async function getAdminPost(id: number, now = new Date()): Promise<AdminPost | null> {
  const post = await getPostById(id);
  if (!post) return null;
  const { previewTokenHash, previewExpiresAt, pendingRevisionId, ...rest } = post;
  const previewLink =
    previewTokenHash && previewExpiresAt ? { expiresAt: previewExpiresAt, expired: previewExpiresAt.getTime() <= now.getTime() } : null;
  let pendingChanges: PendingChanges | null = null;
  if (pendingRevisionId !== null) {
    const [revision] = await db().select().from(blogPostRevisions).where(eq(blogPostRevisions.id, pendingRevisionId));
    if (revision) {
      pendingChanges = { revisionId: revision.id, savedAt: revision.createdAt, author: revision.author, values: revisedValues(revision) };
    }
  }
  return { ...rest, status: postStatus(post), previewLink, pendingChanges };
}

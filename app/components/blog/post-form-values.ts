/**
 * The post form's values and the API's post (docs/decisions/0060, 0062): what the form starts
 * from, what it shows of a post (its unpublished changes, if any) and the fields it posts.
 */
import type { FormFields } from "~/lib/forms";
import { dateToBrasiliaLocal } from "~/lib/publishing";
import type { PostFormValues } from "~/lib/schemas/blog";

export const EMPTY: PostFormValues = {
  title: "",
  slug: "",
  summary: "",
  content: "",
  categoryId: "",
  imageUrl: "",
  published: false,
  publishAt: "",
  metaTitle: "",
  metaDescription: "",
  socialImageUrl: "",
  canonicalUrl: "",
  noindex: false,
};
export interface PostText {
  title: string;
  slug: string;
  summary: string;
  content: string;
  categoryId: number | null;
  imageUrl: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  socialImageUrl: string | null;
  canonicalUrl: string | null;
  noindex: boolean;
}

/** A post's preview link as the admin knows it (its address is shown only when made: docs/decisions/0109). */
export interface PreviewLinkState {
  expiresAt: string;
  expired: boolean;
}

/** GET /api/blog/posts/{id}: the live post, its schedule, its preview link's state, and any unpublished changes. */
export interface PostFromApi extends PostText {
  id: number;
  published: boolean;
  publishAt: string | null;
  previewLink: PreviewLinkState | null;
  pendingChanges: { savedAt: string; values: PostText } | null;
}

/** What the form knows of the post beside its fields. */
export interface LoadedPost {
  id: number;
  published: boolean;
  previewLink: PreviewLinkState | null;
  pendingSavedAt: string | null;
}

export function formValues(text: PostText, post: PostFromApi): PostFormValues {
  return {
    title: text.title,
    slug: text.slug,
    summary: text.summary,
    content: text.content,
    categoryId: text.categoryId === null ? "" : String(text.categoryId),
    imageUrl: text.imageUrl ?? "",
    published: post.published,
    publishAt: dateToBrasiliaLocal(post.publishAt),
    metaTitle: text.metaTitle ?? "",
    metaDescription: text.metaDescription ?? "",
    socialImageUrl: text.socialImageUrl ?? "",
    canonicalUrl: text.canonicalUrl ?? "",
    noindex: text.noindex,
  };
}

/** The form's fields as the dialog posts them (docs/decisions/0064): text, and checkboxes as "on". */
export function postFormFields(values: PostFormValues): FormFields {
  const { published, noindex, publishAt, ...text } = values;
  return {
    ...text,
    ...(published ? { published: "on" } : {}),
    // A live post has no schedule: the picker's value is not sent.
    publishAt: published ? "" : publishAt,
    ...(noindex ? { noindex: "on" } : {}),
  };
}

/**
 * Everything the admin blog page (/admin) posts, as one schema (docs/decisions/0064): which form
 * (`intent`) and its fields. The post and category fields are the ones the dialogs check before
 * sending (app/lib/schemas/blog.ts); the output is what the editing functions take.
 */
import { z } from "zod";
import { blogApiMessages } from "~/lib/messages/blog";
import { publishingMessages } from "~/lib/messages/publishing";
import { categorySchema, postFormShape, postMessages, withoutScheduleIfPublished } from "~/lib/schemas/blog";
import { booleanText, checkbox, recordId } from "~/lib/schemas/form-fields";

const postId = recordId(blogApiMessages.postNotFound);
const categoryId = recordId(blogApiMessages.categoryNotFound);

const savePost = <I extends string>(intent: I) => z.object({ intent: z.literal(intent), ...postFormShape });
const updatePost = <I extends string>(intent: I) => savePost(intent).extend({ id: postId });

export const blogAdminForm = z.discriminatedUnion(
  "intent",
  [
    savePost("criar-post").transform(withoutScheduleIfPublished),
    updatePost("salvar-post").transform(withoutScheduleIfPublished),
    // A live post's changes kept out of it, as a previewable draft (docs/decisions/0060).
    updatePost("salvar-rascunho").transform(withoutScheduleIfPublished),
    // The list's switch (SPEC §4): only `published`, at once.
    z.object({ intent: z.literal("publicar"), id: postId, published: booleanText(postMessages.published) }),
    z.object({ intent: z.literal("excluir-post"), id: postId }),
    z.object({ intent: z.literal("criar-categoria"), ...categorySchema.shape }),
    z.object({ intent: z.literal("salvar-categoria"), id: categoryId, ...categorySchema.shape }),
    // 'Mover os posts…': the category's posts go to "no category" first.
    z.object({ intent: z.literal("excluir-categoria"), id: categoryId, moverPosts: checkbox() }),
  ],
  { error: publishingMessages.invalidIntent },
);

export type BlogAdminIntent = z.output<typeof blogAdminForm>["intent"];

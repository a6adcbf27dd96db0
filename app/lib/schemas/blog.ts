/**
 * SPEC §5 post and category rules, shared by the admin forms (browser) and the blog API (server).
 * Limits beyond §5 come from §3/§9 (title/slug 200, category name/slug 100).
 */
import { z } from "zod";
import { publishingMessages } from "../messages/publishing";
import { brasiliaLocalToDate, SEO_LIMITS } from "../publishing";
import { slugify } from "../slug";
import { checkbox } from "./form-fields";

// No `new Function` code generation: the page CSP forbids eval, and Chrome reports every attempt.
z.config({ jitless: true });

export const BLOG_PAGE_SIZE = 10; // SPEC §9 default
export const BLOG_MAX_PAGE_SIZE = 50;

export const postMessages = {
  title: "O título deve ter pelo menos 3 caracteres",
  titleMax: "O título deve ter no máximo 200 caracteres",
  slug: "O slug deve ter pelo menos 3 caracteres",
  slugMax: "O slug deve ter no máximo 200 caracteres",
  summary: "O resumo deve ter pelo menos 10 caracteres",
  summaryMax: "O resumo deve ter no máximo 1000 caracteres",
  content: "O conteúdo deve ter pelo menos 50 caracteres",
  contentMax: "O conteúdo é longo demais (máximo de 200.000 caracteres)",
  categoryId: "Selecione uma categoria válida",
  imageUrl: "Informe uma URL de imagem válida (http, https ou um caminho do site começando com /)",
  published: "Informe se o post está publicado (verdadeiro ou falso)",
  empty: "Informe pelo menos um campo para atualizar",
} as const;

export const categoryMessages = {
  name: "O nome deve ter pelo menos 2 caracteres",
  nameMax: "O nome deve ter no máximo 100 caracteres",
  slug: "O slug deve ter pelo menos 2 caracteres",
  slugMax: "O slug deve ter no máximo 100 caracteres",
  descriptionMax: "A descrição deve ter no máximo 1000 caracteres",
} as const;

/** A slug typed by hand is normalised with the same rule as the automatic one, then re-checked. */
function slugField(min: number, max: number, minMessage: string, maxMessage: string) {
  return z.string({ error: minMessage }).max(max, maxMessage).transform(slugify).pipe(z.string().min(min, minMessage));
}

/** number, numeric string or null; empty becomes null (SPEC §5). */
const categoryIdField = z
  .union(
    [
      z.number().int(postMessages.categoryId).positive(postMessages.categoryId).max(2_147_483_647, postMessages.categoryId),
      z
        .string()
        .trim()
        .regex(/^\d{0,10}$/, postMessages.categoryId),
      z.null(),
    ],
    { error: postMessages.categoryId },
  )
  .transform((v) => (v === null || v === "" ? null : Number(v)))
  .pipe(z.number().int().positive(postMessages.categoryId).max(2_147_483_647, postMessages.categoryId).nullable());

/** Text or null; only http(s) or site-relative addresses, so an image URL can never run script. */
const imageUrlField = z
  .union([z.string().trim().max(2000, postMessages.imageUrl), z.null()], { error: postMessages.imageUrl })
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || /^https?:\/\/[^\s]+$/i.test(v) || /^\/(?!\/)[^\s]*$/.test(v), postMessages.imageUrl);

/** Optional text: empty or null is "not set" (null), longer than `max` is refused. */
function optionalText(max: number, message: string) {
  return z.union([z.string().trim().max(max, message), z.null()], { error: message }).transform((v) => (v ? v : null));
}

/** An absolute http(s) address or a site path, as the canonical URL of a post (docs/decisions/0062). */
const canonicalUrlField = z
  .union([z.string().trim().max(2000, publishingMessages.canonicalUrl), z.null()], { error: publishingMessages.canonicalUrl })
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || /^https?:\/\/[^\s/]+(\/[^\s]*)?$/i.test(v) || /^\/(?!\/)[^\s]*$/.test(v), publishingMessages.canonicalUrl);

/**
 * ISO 8601 with an offset ("2026-12-01T09:00:00-03:00" or "…Z"), or null: no schedule. Whether it
 * is in the future is checked when saving (it depends on the moment and on the post's state).
 */
const publishAtField = z
  .union([z.iso.datetime({ offset: true, error: publishingMessages.publishAt }), z.null()], { error: publishingMessages.publishAt })
  .transform((v) => (v === null ? null : new Date(v)));

/** The SEO fields of a post (docs/decisions/0062). */
export const seoFields = {
  metaTitle: optionalText(SEO_LIMITS.metaTitle.max, publishingMessages.metaTitleMax),
  metaDescription: optionalText(SEO_LIMITS.metaDescription.max, publishingMessages.metaDescriptionMax),
  socialImageUrl: z
    .union([z.string().trim().max(2000, publishingMessages.socialImageUrl), z.null()], { error: publishingMessages.socialImageUrl })
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^https?:\/\/[^\s]+$/i.test(v) || /^\/(?!\/)[^\s]*$/.test(v), publishingMessages.socialImageUrl),
  canonicalUrl: canonicalUrlField,
  noindex: z.boolean({ error: publishingMessages.noindex }),
};

const postFields = {
  title: z.string({ error: postMessages.title }).trim().min(3, postMessages.title).max(200, postMessages.titleMax),
  slug: slugField(3, 200, postMessages.slug, postMessages.slugMax),
  summary: z.string({ error: postMessages.summary }).trim().min(10, postMessages.summary).max(1000, postMessages.summaryMax),
  content: z.string({ error: postMessages.content }).trim().min(50, postMessages.content).max(200_000, postMessages.contentMax),
  categoryId: categoryIdField,
  imageUrl: imageUrlField,
};

/** POST /api/blog/posts and the post form. `autoSlug` (a form-only flag) is dropped like any unknown key. */
export const postSchema = z
  .object({
    ...postFields,
    categoryId: categoryIdField.optional().transform((v) => v ?? null),
    imageUrl: imageUrlField.optional().transform((v) => v ?? null),
    published: z
      .boolean({ error: postMessages.published })
      .optional()
      .transform((v) => v ?? false),
    publishAt: publishAtField.optional().transform((v) => v ?? null),
    metaTitle: seoFields.metaTitle.optional().transform((v) => v ?? null),
    metaDescription: seoFields.metaDescription.optional().transform((v) => v ?? null),
    socialImageUrl: seoFields.socialImageUrl.optional().transform((v) => v ?? null),
    canonicalUrl: seoFields.canonicalUrl.optional().transform((v) => v ?? null),
    noindex: seoFields.noindex.optional().transform((v) => v ?? false),
  })
  .refine((v) => !(v.published && v.publishAt), { path: ["publishAt"], message: publishingMessages.publishAtWhilePublished });

/**
 * PUT /api/blog/posts/{id}: the same body, or only `{ published }` (the list switch). `draft: true`
 * on a published post keeps the changes out of the live post, as a previewable draft.
 */
export const postUpdateSchema = z
  .object({
    title: postFields.title.optional(),
    slug: postFields.slug.optional(),
    summary: postFields.summary.optional(),
    content: postFields.content.optional(),
    categoryId: postFields.categoryId.optional(),
    imageUrl: postFields.imageUrl.optional(),
    published: z.boolean({ error: postMessages.published }).optional(),
    publishAt: publishAtField.optional(),
    metaTitle: seoFields.metaTitle.optional(),
    metaDescription: seoFields.metaDescription.optional(),
    socialImageUrl: seoFields.socialImageUrl.optional(),
    canonicalUrl: seoFields.canonicalUrl.optional(),
    noindex: seoFields.noindex.optional(),
    draft: z.boolean({ error: publishingMessages.draft }).optional(),
  })
  .refine((v) => Object.entries(v).some(([k, x]) => k !== "draft" && x !== undefined), postMessages.empty)
  .refine((v) => !(v.published && v.publishAt), { path: ["publishAt"], message: publishingMessages.publishAtWhilePublished });

/**
 * The admin's post form as it is posted (docs/decisions/0064): text fields, checkboxes, and the
 * schedule as a datetime-local value in Brasília time (sent empty while the post is published).
 * The rules are the API's; the output is the API's body, so the action saves it as the API would.
 * The dialog checks the same fields with it before sending.
 */
export const postFormShape = {
  title: postFields.title,
  slug: postFields.slug,
  summary: postFields.summary,
  content: postFields.content,
  categoryId: categoryIdField.optional().transform((v) => v ?? null),
  imageUrl: imageUrlField.optional().transform((v) => v ?? null),
  published: checkbox(),
  publishAt: z
    .string({ error: publishingMessages.publishAtLocal })
    .optional()
    .transform((local) => local ?? "")
    .refine((local) => local === "" || brasiliaLocalToDate(local) !== null, publishingMessages.publishAtLocal)
    .transform((local) => (local === "" ? null : brasiliaLocalToDate(local)))
    .refine((at) => at === null || at.getTime() > Date.now(), publishingMessages.publishAtPast),
  metaTitle: seoFields.metaTitle.optional().transform((v) => v ?? null),
  metaDescription: seoFields.metaDescription.optional().transform((v) => v ?? null),
  socialImageUrl: seoFields.socialImageUrl.optional().transform((v) => v ?? null),
  canonicalUrl: seoFields.canonicalUrl.optional().transform((v) => v ?? null),
  noindex: checkbox(),
};

/** A published post has no schedule: whatever the picker held is dropped. */
export function withoutScheduleIfPublished<T extends { published: boolean; publishAt: Date | null }>(post: T): T {
  return post.published ? { ...post, publishAt: null } : post;
}

export const postFormSchema = z.object(postFormShape).transform(withoutScheduleIfPublished);

/** The fields a save changes in the post's text (and keeps in a revision); the rest is its state. */
export const REVISED_FIELDS = [
  "title",
  "slug",
  "summary",
  "content",
  "categoryId",
  "imageUrl",
  "metaTitle",
  "metaDescription",
  "socialImageUrl",
  "canonicalUrl",
  "noindex",
] as const;
export type RevisedField = (typeof REVISED_FIELDS)[number];

export const categorySchema = z.object({
  name: z.string({ error: categoryMessages.name }).trim().min(2, categoryMessages.name).max(100, categoryMessages.nameMax),
  slug: slugField(2, 100, categoryMessages.slug, categoryMessages.slugMax),
  description: z
    .union([z.string().trim().max(1000, categoryMessages.descriptionMax), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
});

/** GET /api/blog/posts query. */
export const postListQuerySchema = z.object({
  categoryId: z
    .string()
    .regex(/^\d{1,10}$/, "categoryId deve ser um número inteiro positivo")
    .transform(Number)
    // PostgreSQL integers stop at 2^31-1; a bigger id is bad input, not a server error.
    .pipe(z.number().int().min(1).max(2_147_483_647, "categoryId deve ser um número inteiro positivo"))
    .optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, `limit deve ser um número entre 1 e ${BLOG_MAX_PAGE_SIZE}`)
    .transform(Number)
    .pipe(z.number().int().min(1).max(BLOG_MAX_PAGE_SIZE, `limit deve ser no máximo ${BLOG_MAX_PAGE_SIZE}`))
    .optional(),
  page: z
    .string()
    .regex(/^\d{1,6}$/, "page deve ser um número inteiro positivo")
    .transform(Number)
    .pipe(z.number().int().min(1, "page deve ser no mínimo 1"))
    .optional(),
});

export type PostInput = z.infer<typeof postSchema>;
export type PostUpdateInput = z.infer<typeof postUpdateSchema>;
export type CategoryInput = z.infer<typeof categorySchema>;

/** Form state of the post form (strings for the inputs). */
export interface PostFormValues {
  title: string;
  slug: string;
  summary: string;
  content: string;
  categoryId: string; // "" = no category
  imageUrl: string;
  published: boolean;
  /** datetime-local value in Brasília time; "" = not scheduled. */
  publishAt: string;
  metaTitle: string;
  metaDescription: string;
  socialImageUrl: string;
  canonicalUrl: string;
  noindex: boolean;
}

export interface CategoryFormValues {
  name: string;
  slug: string;
  description: string;
}

/**
 * What the post page renders, for /blog/{slug} and for a preview link alike: the sanitised
 * content, reading time and the SEO of the post (docs/decisions/0062), each field with its
 * fallback already applied.
 */
import { readingMinutes, sanitizeContent, wordCount } from "~/infra/sanitize.server";
import { mediaSrcSet } from "~/lib/media";
import { socialImagePath } from "./social-image.server";
import type { PostWithCategory } from "../blog.server";

export interface PostPageSeo {
  title: string;
  description: string;
  /** Site path or absolute URL of the 1200×630 raster image; undefined: the site's default. */
  image?: string;
  canonical: string | null;
  noindex: boolean;
}

export function postPageData(found: PostWithCategory, options: { preview: boolean }) {
  const content = sanitizeContent(found.content);
  const seo: PostPageSeo = {
    title: found.metaTitle ?? found.title,
    description: found.metaDescription ?? found.summary,
    // A draft has no public picture yet (its title is not public): previews share the default.
    image: options.preview ? undefined : socialImagePath({ ...found, categoryName: found.category?.name ?? null }),
    canonical: found.canonicalUrl,
    noindex: options.preview || found.noindex,
  };
  return {
    id: found.id,
    title: found.title,
    slug: found.slug,
    summary: found.summary,
    content,
    imageUrl: found.imageUrl,
    imageSrcSet: mediaSrcSet(found.imageUrl),
    publishedAt: found.publishedAt,
    createdAt: found.createdAt,
    updatedAt: found.updatedAt,
    category: found.category,
    readingMinutes: readingMinutes(content),
    wordCount: wordCount(content),
    seo,
  };
}

export type PostPageData = ReturnType<typeof postPageData>;

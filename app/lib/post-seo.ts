/**
 * The `<head>` of a post page: its SEO fields (docs/decisions/0062) in the title, description,
 * canonical link, robots, Open Graph, Twitter and the Article JSON-LD, from one place.
 */
import { seo, siteUrlFrom } from "./seo";
import { absoluteUrl, SITE_NAME } from "./site";
import type { MetaDescriptor } from "react-router";

interface PostForMeta {
  title: string;
  slug: string;
  publishedAt: Date | string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  wordCount: number;
  category: { name: string } | null;
  seo: { title: string; description: string; image?: string; canonical: string | null; noindex: boolean };
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** `preview`: a private preview link, with no canonical address (the public one may not exist yet). */
export function postMeta(args: Parameters<typeof seo>[0], post: PostForMeta, options: { preview?: boolean } = {}): MetaDescriptor[] {
  const siteUrl = siteUrlFrom(args) || "http://localhost";
  const path = `/blog/${post.slug}`;
  const canonical = post.seo.canonical ? absoluteUrl(siteUrl, post.seo.canonical) : absoluteUrl(siteUrl, path);
  const image = post.seo.image ? absoluteUrl(siteUrl, post.seo.image) : undefined;
  const published = iso(post.publishedAt ?? post.createdAt);
  const modified = iso(post.updatedAt);
  const organization = { "@type": "Organization", name: SITE_NAME, url: absoluteUrl(siteUrl, "/") };
  return seo(args, {
    title: post.seo.title,
    description: post.seo.description,
    path,
    canonical: options.preview ? false : post.seo.canonical,
    image: post.seo.image,
    type: "article",
    noindex: post.seo.noindex,
    extra: [
      { property: "article:published_time", content: published },
      { property: "article:modified_time", content: modified },
      ...(post.category ? [{ property: "article:section", content: post.category.name }] : []),
      {
        "script:ld+json": {
          "@context": "https://schema.org",
          "@type": "Article",
          headline: post.seo.title.slice(0, 110),
          description: post.seo.description,
          ...(image ? { image: [image] } : {}),
          datePublished: published,
          dateModified: modified,
          inLanguage: "pt-BR",
          wordCount: post.wordCount,
          ...(post.category ? { articleSection: post.category.name } : {}),
          author: organization,
          publisher: { ...organization, logo: { "@type": "ImageObject", url: absoluteUrl(siteUrl, "/favicon.svg") } },
          mainEntityOfPage: { "@type": "WebPage", "@id": canonical },
        },
      },
    ],
  });
}

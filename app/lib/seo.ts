/**
 * Per-page metadata in one place: title, description, canonical URL, Open Graph and Twitter.
 * Use from a route's `meta` export: `export const meta = (args) => seo(args, { title, description })`.
 */
import { SEARCH_PARAM, SEARCH_PATH } from "./search";
import { absoluteUrl, SITE_NAME } from "./site";
import type { MetaDescriptor } from "react-router";

export interface SeoInput {
  title: string;
  description: string;
  /** Path of the canonical URL; defaults to the current location's path. */
  path?: string;
  /**
   * A canonical URL chosen by the editor (absolute, or a site path); wins over `path`. `false`:
   * none (a private preview, whose public address may not exist yet).
   */
  canonical?: string | null | false;
  /** Absolute or site-relative raster image for sharing (PNG or JPEG, 1200×630: docs/decisions/0062). */
  image?: string;
  type?: "website" | "article";
  noindex?: boolean;
  /** Extra tags (article:published_time, JSON-LD via { "script:ld+json": {...} }, ...). */
  extra?: MetaDescriptor[];
}

interface MetaArgsLike {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
}

/** Raster, 1200×630: Facebook, LinkedIn and X show no SVG (docs/decisions/0062). */
export const DEFAULT_OG_IMAGE = "/images/og-default.jpg";
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** The site URL from the root loader (SITE_URL), available to every meta function. */
export function siteUrlFrom(args: MetaArgsLike): string {
  const root = args.matches.find((m) => m?.id === "root")?.loaderData as { site?: { siteUrl?: string } } | undefined;
  return root?.site?.siteUrl ?? "";
}

export function seo(args: MetaArgsLike, input: SeoInput): MetaDescriptor[] {
  const siteUrl = siteUrlFrom(args);
  const base = `${siteUrl || "http://localhost"}/`;
  const canonical =
    input.canonical === false
      ? null
      : input.canonical
        ? new URL(input.canonical, base).toString()
        : `${siteUrl}${input.path ?? args.location.pathname}`;
  const image = new URL(input.image ?? DEFAULT_OG_IMAGE, base).toString();
  // Our own social images are all 1200×630; an external one chosen by the editor is not measured.
  const ownImage = image.startsWith(base);
  const fullTitle = input.title.includes(SITE_NAME) ? input.title : `${input.title} | ${SITE_NAME}`;
  return [
    { title: fullTitle },
    { name: "description", content: input.description },
    ...(canonical ? [{ tagName: "link", rel: "canonical", href: canonical }] : []),
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: "pt_BR" },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: input.description },
    ...(canonical ? [{ property: "og:url", content: canonical }] : []),
    { property: "og:image", content: image },
    ...(ownImage
      ? [
          { property: "og:image:width", content: String(OG_IMAGE_SIZE.width) },
          { property: "og:image:height", content: String(OG_IMAGE_SIZE.height) },
          { property: "og:image:type", content: "image/jpeg" },
        ]
      : []),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image },
    ...(input.noindex ? [{ name: "robots", content: "noindex" }] : []),
    ...(input.extra ?? []),
  ];
}

/**
 * The home page's `WebSite` block: the site's name, and its search as a `SearchAction` whose URL
 * template search engines fill in (schema.org; docs/decisions/0070).
 */
export function websiteJsonLd(siteUrl: string) {
  const home = absoluteUrl(siteUrl, "/");
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: SITE_NAME,
    url: home,
    inLanguage: "pt-BR",
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${absoluteUrl(siteUrl, SEARCH_PATH)}?${SEARCH_PARAM}={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
}

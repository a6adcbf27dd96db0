/**
 * Per-page metadata in one place: title, description, canonical URL, Open Graph and Twitter.
 * Use from a route's `meta` export: `export const meta = (args) => seo(args, { title, description })`.
 */
import { SITE_NAME } from "./site";
import type { MetaDescriptor } from "react-router";

export interface SeoInput {
  title: string;
  description: string;
  /** Path of the canonical URL; defaults to the current location's path. */
  path?: string;
  /** Absolute or site-relative image for sharing. */
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

export const DEFAULT_OG_IMAGE = "/images/og-default.svg";

/** The site URL from the root loader (SITE_URL), available to every meta function. */
export function siteUrlFrom(args: MetaArgsLike): string {
  const root = args.matches.find((m) => m?.id === "root")?.loaderData as { site?: { siteUrl?: string } } | undefined;
  return root?.site?.siteUrl ?? "";
}

export function seo(args: MetaArgsLike, input: SeoInput): MetaDescriptor[] {
  const siteUrl = siteUrlFrom(args);
  const canonical = `${siteUrl}${input.path ?? args.location.pathname}`;
  const image = new URL(input.image ?? DEFAULT_OG_IMAGE, `${siteUrl || "http://localhost"}/`).toString();
  const fullTitle = input.title.includes(SITE_NAME) ? input.title : `${input.title} | ${SITE_NAME}`;
  return [
    { title: fullTitle },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: "pt_BR" },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: input.description },
    { property: "og:url", content: canonical },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image },
    ...(input.noindex ? [{ name: "robots", content: "noindex" }] : []),
    ...(input.extra ?? []),
  ];
}

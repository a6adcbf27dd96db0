/**
 * /previa/{token} (docs/decisions/0060, 0109): a post's private preview link. A draft, a scheduled
 * post or the unpublished changes of a live one, as it will look, under a 'Pré-visualização'
 * banner; `noindex` and `private, no-store`, so neither a search engine nor any cache (ours, a
 * CDN, the browser's) keeps it. A revoked, expired or unknown link is a 404; once the post is live
 * with nothing pending, the link leads to its public address.
 */
import { data, redirect } from "react-router";
import { PostArticle, PostNotFound, type PreviewInfo } from "~/components/blog/post-article";
import type { RouteHandle } from "~/components/site-header";
import { postPageData } from "~/domain/blog/post-page.server";
import { resolvePreview } from "~/domain/blog/preview.server";
import { passLoaderHeaders } from "~/infra/http-cache.server";
import { blogText } from "~/lib/messages/blog";
import { previewText } from "~/lib/messages/publishing";
import { postMeta } from "~/lib/post-seo";
import { personalPage, PRIVATE_CACHE_CONTROL } from "~/lib/route-policy";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/previa.$token";

/** Anyone with the link, never cached and never counted (its address is the secret). */
export const handle: RouteHandle = { policy: personalPage({ counted: false }), darkHero: true };

export const headers = passLoaderHeaders;

/** Nothing of a preview is kept or indexed, and its address (the secret) is never sent on as a referrer. */
const PRIVATE_HEADERS = { "Cache-Control": PRIVATE_CACHE_CONTROL, "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "no-referrer" };

export async function loader({ params }: Route.LoaderArgs) {
  const resolved = await resolvePreview(params.token);
  if (!resolved) return data({ post: null, preview: null }, { status: 404, headers: PRIVATE_HEADERS });
  if (resolved.kind === "redirect") throw redirect(`/blog/${encodeURIComponent(resolved.slug)}`, { status: 302, headers: PRIVATE_HEADERS });
  const preview: PreviewInfo =
    resolved.kind === "scheduled" && resolved.publishAt
      ? { kind: "scheduled", publishAt: resolved.publishAt }
      : { kind: resolved.kind === "pending" ? "pending" : "draft" };
  return data({ post: postPageData(resolved.post, { preview: true }), preview }, { headers: PRIVATE_HEADERS });
}

export const meta: Route.MetaFunction = (args) => {
  const post = args.loaderData?.post;
  if (!post) return seo(args, { title: blogText.notFoundTitle, description: blogText.notFoundText, noindex: true });
  return postMeta(args, { ...post, seo: { ...post.seo, title: `${previewText.banner}: ${post.seo.title}` } }, { preview: true });
};

export default function BlogPreview({ loaderData }: Route.ComponentProps) {
  const { post, preview } = loaderData;
  if (!post || !preview) return <PostNotFound />;
  return <PostArticle post={post} related={[]} preview={preview} />;
}

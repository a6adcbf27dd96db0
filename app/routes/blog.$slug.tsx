/**
 * /blog/{slug} (SPEC §2 "Blog post"): a published post, server-rendered with its SEO fields in
 * the head, Open Graph and JSON-LD (docs/decisions/0062). Unknown or unpublished slugs answer a
 * real 404 with the spec's texts; a logged-in admin may preview a draft. A scheduled post whose
 * time has passed is published by this read if the job has not done it yet (docs/decisions/0060).
 */
import { data, isRouteErrorResponse, useRouteError } from "react-router";
import { toCardPost } from "~/components/blog/blog-ui";
import { PostArticle, PostMissing, PostNotFound } from "~/components/blog/post-article";
import type { RouteHandle } from "~/components/site-header";
import { postPageData } from "~/domain/blog/post-page.server";
import { publishDueBeforeRead, publishDuePosts } from "~/domain/blog/scheduling.server";
import { getPostBySlug, relatedPosts } from "~/domain/blog.server";
import { conditional, passLoaderHeaders, weakEtag } from "~/infra/http-cache.server";
import { BLOG_TITLE, blogText, blogToasts } from "~/lib/messages/blog";
import { postMeta } from "~/lib/post-seo";
import { publicPage } from "~/lib/route-policy";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/blog.$slug";

export const handle: RouteHandle = { policy: publicPage({ shows: ["blog"] }), darkHero: true };

export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/rss+xml", title: BLOG_TITLE, href: "/blog/rss.xml" },
];

export const headers = passLoaderHeaders;

async function findLive(slug: string) {
  await publishDueBeforeRead();
  const found = await getPostBySlug(slug);
  // Overdue and still unpublished (the instances were down at its time): this read publishes it.
  if (found && !found.published && found.publishAt && found.publishAt.getTime() <= Date.now()) {
    await publishDuePosts({ wait: true });
    return getPostBySlug(slug);
  }
  return found;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const found = await findLive(params.slug);
  // Drafts exist only for the admin (preview); for everyone else they are simply not there.
  const preview = Boolean(found && !found.published && (await context.sessionUser()));
  if (!found || (!found.published && !preview)) {
    return data({ post: null, related: [], preview: false }, { status: 404, headers: { "Cache-Control": "no-store" } });
  }
  const post = postPageData(found, { preview });
  const related = preview ? [] : (await relatedPosts(found, 3)).map(toCardPost);
  const payload = { post, related, preview };
  // An admin's view of a draft: private (a session is never cached) and never indexed.
  if (preview) return data(payload, { headers: { "X-Robots-Tag": "noindex, nofollow" } });

  const { headers } = conditional(request, {
    etag: weakEtag("blog-post", payload),
    lastModified: found.updatedAt,
  });
  // The validators are sent, but a page never answers 304: a cache would keep
  // the old HTML with the new response's CSP nonce and block every script (checked in Chromium).
  return data(payload, { headers });
}

export const meta: Route.MetaFunction = (args) => {
  const post = args.loaderData?.post;
  if (!post) {
    return seo(args, { title: blogText.notFoundTitle, description: blogText.notFoundText, noindex: true });
  }
  return postMeta(args, post);
};

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, related, preview } = loaderData;
  if (!post) return <PostNotFound />;
  return <PostArticle post={post} related={related} preview={preview ? { kind: "admin" } : null} />;
}

/**
 * SPEC §8 'Erro ao carregar post' when loading fails for another reason than "not found": the
 * toast's texts, in the page (a document: docs/decisions/0058).
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (notFound) return <PostNotFound />;
  return <PostMissing alert title={blogToasts.loadPostError.title} text={blogToasts.loadPostError.description} />;
}

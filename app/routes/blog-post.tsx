/**
 * /blog/{slug} (SPEC §2 "Blog post"): a published post, server-rendered with article metadata
 * (Open Graph, JSON-LD). Unknown or unpublished slugs answer a real 404 with the spec's texts;
 * a logged-in admin may preview a draft.
 */
import { ArrowLeft, CalendarDays, Clock, Eye } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { BlogHero, categoryHref, formatBlogDate, isoDate, PostCard, toCardPost } from "~/components/blog/blog-ui";
import type { RouteHandle } from "~/components/site-header";
import { toast } from "~/components/ui/use-toast";
import { getSessionUser } from "~/domain/auth/sessions.server";
import { getPostBySlug, relatedPosts } from "~/domain/blog.server";
import { conditional, NO_STORE, passLoaderHeaders, PUBLIC_PAGE_CACHE, weakEtag } from "~/infra/http-cache.server";
import { readingMinutes, sanitizeContent, wordCount } from "~/infra/sanitize.server";
import { mediaSrcSet } from "~/lib/media";
import { BLOG_TITLE, blogText, blogToasts } from "~/lib/messages/blog";
import { seo, siteUrlFrom } from "~/lib/seo";
import { absoluteUrl, SITE_NAME } from "~/lib/site";
import type { Route } from "./+types/blog-post";

export const handle: RouteHandle = { darkHero: true, shell: "public" };

export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/rss+xml", title: BLOG_TITLE, href: "/blog/rss.xml" },
];

export const headers = passLoaderHeaders;

export async function loader({ request, params }: Route.LoaderArgs) {
  const found = await getPostBySlug(params.slug);
  // Drafts exist only for the admin (preview); for everyone else they are simply not there.
  const preview = Boolean(found && !found.published && (await getSessionUser(request)));
  if (!found || (!found.published && !preview)) {
    return data({ post: null, related: [], preview: false }, { status: 404, headers: { "Cache-Control": "no-store" } });
  }
  const content = sanitizeContent(found.content);
  const post = {
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
  };
  const related = preview ? [] : (await relatedPosts(found, 3)).map(toCardPost);
  const payload = { post, related, preview };
  if (preview) return data(payload, { headers: { "Cache-Control": NO_STORE } });

  const { headers } = conditional(request, {
    etag: weakEtag("blog-post", payload),
    lastModified: found.updatedAt,
    cacheControl: PUBLIC_PAGE_CACHE,
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
  const siteUrl = siteUrlFrom(args) || "http://localhost";
  const canonical = absoluteUrl(siteUrl, `/blog/${post.slug}`);
  const image = post.imageUrl ? absoluteUrl(siteUrl, post.imageUrl) : undefined;
  const published = isoDate(post.publishedAt ?? post.createdAt);
  const modified = isoDate(post.updatedAt);
  const organization = { "@type": "Organization", name: SITE_NAME, url: absoluteUrl(siteUrl, "/") };
  return seo(args, {
    title: post.title,
    description: post.summary,
    path: `/blog/${post.slug}`,
    image: post.imageUrl ?? undefined,
    type: "article",
    noindex: args.loaderData?.preview,
    extra: [
      { property: "article:published_time", content: published },
      { property: "article:modified_time", content: modified },
      ...(post.category ? [{ property: "article:section", content: post.category.name }] : []),
      {
        "script:ld+json": {
          "@context": "https://schema.org",
          "@type": "Article",
          headline: post.title.slice(0, 110),
          description: post.summary,
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
};

const backLinkClass =
  "inline-flex min-h-11 items-center gap-2 rounded-lg text-sm font-semibold text-white/85 transition-colors hover:text-white";

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, related, preview } = loaderData;
  if (!post) return <PostNotFound />;
  const date = post.publishedAt ?? post.createdAt;
  return (
    <article>
      <BlogHero className="pb-20 sm:pb-24">
        <div className="mx-auto max-w-3xl">
          {preview && (
            <p role="status" className="mb-6 rounded-lg bg-amber-100 px-4 py-3 text-sm font-semibold text-amber-950">
              <Eye className="mr-2 inline size-4 align-[-2px]" aria-hidden />
              {blogText.draftPreview}{" "}
              <Link to="/admin" className="underline underline-offset-2">
                Voltar à administração
              </Link>
            </p>
          )}
          <Link to="/blog" className={backLinkClass}>
            <ArrowLeft className="size-4" aria-hidden />
            {blogText.back}
          </Link>
          {post.category && (
            <p className="mt-6">
              <Link
                to={categoryHref(post.category.slug)}
                className="inline-flex min-h-9 items-center rounded-full bg-white/10 px-3.5 text-xs font-bold uppercase tracking-wider text-cyan ring-1 ring-white/20 hover:bg-white/20"
              >
                {post.category.name}
              </Link>
            </p>
          )}
          <h1 className="mt-4 text-3xl font-extrabold leading-tight text-white sm:text-4xl lg:text-5xl">{post.title}</h1>
          <p className="mt-6 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-white/80">
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays className="size-4" aria-hidden />
              <span>
                {post.publishedAt ? blogText.publishedOn : "Criado em"} <time dateTime={isoDate(date)}>{formatBlogDate(date)}</time>
              </span>
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Clock className="size-4" aria-hidden />
              {blogText.readingTime(post.readingMinutes)}
            </span>
          </p>
        </div>
      </BlogHero>

      <div className="relative z-10 mx-auto -mt-24 w-full max-w-3xl px-5 sm:-mt-32 sm:px-6">
        {post.imageUrl && (
          <img
            src={post.imageUrl}
            srcSet={post.imageSrcSet}
            sizes={post.imageSrcSet ? "(min-width: 768px) 720px, 100vw" : undefined}
            width={1200}
            height={630}
            alt=""
            fetchPriority="high"
            decoding="async"
            className="aspect-[1200/630] w-full rounded-2xl bg-muted object-cover shadow-lift"
          />
        )}
        <p className="mt-10 text-xl leading-relaxed font-medium text-foreground/90">{post.summary}</p>
        <div className="prose-content mt-6" dangerouslySetInnerHTML={{ __html: post.content }} />
        <footer className="mt-12 flex flex-wrap items-center justify-between gap-4 border-t border-border pt-6">
          <Link to="/blog" className="inline-flex min-h-11 items-center gap-2 font-semibold text-primary hover:text-primary-hover">
            <ArrowLeft className="size-4" aria-hidden />
            {blogText.back}
          </Link>
          {post.category && (
            <Link
              to={categoryHref(post.category.slug)}
              className="inline-flex min-h-11 items-center font-semibold text-primary hover:text-primary-hover"
            >
              Mais posts sobre {post.category.name}
            </Link>
          )}
        </footer>
      </div>

      {related.length > 0 && (
        <section aria-labelledby="leia-tambem" className="mt-16 bg-muted py-14">
          <div className="mx-auto w-full max-w-7xl px-5 sm:px-6 lg:px-8">
            <h2 id="leia-tambem" className="text-2xl font-bold">
              Leia também
            </h2>
            <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {related.map((p) => (
                <PostCard key={p.id} post={p} headingLevel={3} />
              ))}
            </div>
          </div>
        </section>
      )}
      <div className="h-16" aria-hidden="true" />
    </article>
  );
}

/** The post's place when there is no post to show: the way back, a heading and why. */
function PostMissing({ title, text, alert = false, children }: { title: string; text: string; alert?: boolean; children?: ReactNode }) {
  return (
    <>
      <BlogHero>
        <div className="mx-auto max-w-3xl">
          <Link to="/blog" className={backLinkClass}>
            <ArrowLeft className="size-4" aria-hidden />
            {blogText.back}
          </Link>
        </div>
      </BlogHero>
      <div role={alert ? "alert" : undefined} className="mx-auto w-full max-w-3xl px-5 py-20 text-center sm:px-6">
        <h1 className="text-3xl font-extrabold">{title}</h1>
        <p className="mt-4 text-lg text-muted-foreground">{text}</p>
        {children}
      </div>
    </>
  );
}

function PostNotFound() {
  return (
    <PostMissing title={blogText.notFoundTitle} text={blogText.notFoundText}>
      <Link
        to="/blog"
        className="mt-8 inline-flex min-h-11 items-center gap-2 rounded-lg bg-primary px-5 font-semibold text-primary-foreground hover:bg-primary-hover"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {blogText.back}
      </Link>
    </PostMissing>
  );
}

/** SPEC §8 'Erro ao carregar post' when loading fails for another reason than "not found". */
export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (!notFound) toast({ ...blogToasts.loadPostError, variant: "destructive" });
  }, [notFound]);
  if (notFound) return <PostNotFound />;
  return <PostMissing alert title={blogToasts.loadPostError.title} text={blogToasts.loadPostError.description} />;
}

/**
 * A post as visitors read it (SPEC §2 "Blog post"), shared by /blog/{slug} and the private
 * preview link (/previa/{token}, which adds its 'Pré-visualização' banner), and the "not found"
 * view both use.
 */
import { BlogHero, type CardPost, categoryHref, formatBlogDate, isoDate, PostCard } from "~/components/blog/blog-ui";
import { ArrowLeft, CalendarDays, Clock, Eye } from "~/components/ui/icons";
import { blogText } from "~/lib/messages/blog";
import { previewText } from "~/lib/messages/publishing";
import { Link } from "~/lib/navigation";
import { cn } from "~/lib/utils";
import type { ReactNode } from "react";

export interface ArticlePost {
  title: string;
  summary: string;
  content: string;
  imageUrl: string | null;
  imageSrcSet?: string;
  publishedAt: Date | string | null;
  createdAt: Date | string;
  category: { id: number; name: string; slug: string } | null;
  readingMinutes: number;
}

export type PreviewInfo =
  | { kind: "draft" }
  | { kind: "scheduled"; publishAt: Date | string }
  | { kind: "pending" }
  /** A logged-in admin opening a draft at its future address. */
  | { kind: "admin" };

const backLinkClass =
  "inline-flex min-h-11 items-center gap-2 rounded-lg text-sm font-semibold text-white/85 transition-colors hover:text-white";

/** The preview's banner: what the reader is looking at, and that it is not public. */
export function PreviewBanner({ preview }: { preview: PreviewInfo }) {
  const text =
    preview.kind === "scheduled"
      ? previewText.scheduled(preview.publishAt)
      : preview.kind === "pending"
        ? previewText.pending
        : previewText.draft;
  return (
    <section
      aria-labelledby="pre-visualizacao"
      data-testid="preview-banner"
      className="mb-6 rounded-xl bg-amber-100 px-4 py-3 text-sm text-amber-950 shadow-soft ring-1 ring-amber-300"
    >
      <h2 id="pre-visualizacao" className="flex items-center gap-2 text-base font-bold">
        <Eye className="size-4" aria-hidden />
        {previewText.banner}
      </h2>
      <p className="mt-1 font-medium">{text}</p>
      {preview.kind === "admin" ? (
        <p className="mt-1">
          <Link to="/admin" className="font-semibold underline underline-offset-2">
            {previewText.backToAdmin}
          </Link>
        </p>
      ) : (
        <p className="mt-1">{previewText.privateLink}</p>
      )}
    </section>
  );
}

export function PostArticle({ post, related, preview }: { post: ArticlePost; related: CardPost[]; preview: PreviewInfo | null }) {
  const date = post.publishedAt ?? post.createdAt;
  return (
    <article>
      {/* The cover overlaps the hero's foot; without one, the text starts below it. */}
      <BlogHero className={post.imageUrl ? "pb-20 sm:pb-24" : undefined}>
        <div className="mx-auto max-w-3xl">
          {preview && <PreviewBanner preview={preview} />}
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

      <div className={cn("relative z-10 mx-auto w-full max-w-3xl px-5 sm:px-6", post.imageUrl && "-mt-24 sm:-mt-32")}>
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
export function PostMissing({
  title,
  text,
  alert = false,
  children,
}: {
  title: string;
  text: string;
  alert?: boolean;
  children?: ReactNode;
}) {
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

export function PostNotFound() {
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

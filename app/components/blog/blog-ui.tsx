/**
 * Pieces of the public blog pages: hero band, category chips and post cards. Server-rendered HTML
 * (public pages are documents; docs/decisions/0058): nothing here runs in the browser.
 */
import { SearchForm } from "~/components/search/search-form";
import { ArrowRight, Rss } from "~/components/ui/icons";
import { mediaSrcSet } from "~/lib/media";
import { blogText } from "~/lib/messages/blog";
import { searchText } from "~/lib/messages/search";
import { Link } from "~/lib/navigation";
import { cn } from "~/lib/utils";
import type { ReactNode } from "react";

const dateFormat = new Intl.DateTimeFormat("pt-BR", {
  day: "numeric",
  month: "long",
  year: "numeric",
  // Fixed zone: the server and the browser must print the same day (no hydration mismatch).
  timeZone: "America/Sao_Paulo",
});

export function formatBlogDate(date: Date | string): string {
  return dateFormat.format(typeof date === "string" ? new Date(date) : date);
}

export function isoDate(date: Date | string): string {
  return (typeof date === "string" ? new Date(date) : date).toISOString();
}

export interface CardPost {
  id: number;
  title: string;
  slug: string;
  summary: string;
  imageUrl: string | null;
  imageSrcSet?: string;
  publishedAt: Date | string | null;
  createdAt: Date | string;
  category: { id: number; name: string; slug: string } | null;
}

/** A post's card data, as the list and a post's "Leia também" send it (loaders only: it picks from larger rows). */
export function toCardPost(post: Omit<CardPost, "imageSrcSet">): CardPost {
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    summary: post.summary,
    imageUrl: post.imageUrl,
    imageSrcSet: mediaSrcSet(post.imageUrl),
    publishedAt: post.publishedAt,
    createdAt: post.createdAt,
    category: post.category,
  };
}

export interface ChipCategory {
  id: number;
  name: string;
  slug: string;
}

/** URL of the list filtered by a category (SPEC §2: the selection lives in the URL). */
export function categoryHref(slug?: string | null): string {
  return slug ? `/blog?categoria=${encodeURIComponent(slug)}` : "/blog";
}

/** Navy band under the transparent header (route handle `darkHero`). */
export function BlogHero({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <section className={cn("relative isolate overflow-hidden bg-navy pt-16 text-white", className)}>
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_85%_-10%,rgb(37_99_235/0.45),transparent),radial-gradient(40rem_24rem_at_0%_110%,rgb(34_211_238/0.18),transparent)]"
      />
      <div className="mx-auto w-full max-w-7xl px-5 py-12 sm:px-6 sm:py-16 lg:px-8">{children}</div>
    </section>
  );
}

/** The search field of the blog's hero: the whole site's search (docs/decisions/0070). */
export function BlogSearch({ className }: { className?: string }) {
  return <SearchForm id="busca-blog" label={searchText.label} className={className} />;
}

/**
 * SPEC §2: 'Área Administrativa' for a logged-in admin, else 'Login Admin'. The page is the same
 * for everyone (cacheable): it says 'Login Admin', and the page's script makes the choice from the
 * UI flag (app/shell/islands.tsx).
 */
export function AdminLink({ className }: { className?: string }) {
  return (
    <Link
      to="/login"
      data-admin-link=""
      className={cn(
        "inline-flex min-h-11 items-center rounded-lg border border-white/40 px-4 text-sm font-semibold text-white transition-colors hover:bg-white/10",
        className,
      )}
    >
      {blogText.loginAdmin}
    </Link>
  );
}

export function RssLink() {
  return (
    <a
      href="/blog/rss.xml"
      className="inline-flex min-h-11 shrink-0 items-center gap-2 self-start rounded-lg px-3 text-sm font-semibold text-primary transition-colors hover:bg-muted hover:text-primary-hover"
    >
      <Rss className="size-4" aria-hidden />
      RSS
    </a>
  );
}

const chipClass =
  "inline-flex min-h-11 shrink-0 items-center whitespace-nowrap rounded-full border px-4 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/** On phones the row scrolls; the page's script brings the selected chip into view (app/shell/islands.tsx). */
export function CategoryChips({ categories, selected }: { categories: ChipCategory[]; selected: string | null }) {
  const chip = (label: string, slug: string | null) => {
    const active = (slug ?? null) === (selected ?? null);
    return (
      <li key={slug ?? "todos"}>
        <Link
          to={categoryHref(slug)}
          aria-current={active ? "page" : undefined}
          className={cn(
            chipClass,
            active
              ? "border-primary bg-primary text-primary-foreground"
              : "border-border bg-background text-foreground hover:border-primary hover:text-primary",
          )}
        >
          {label}
        </Link>
      </li>
    );
  };
  return (
    <nav aria-label="Categorias do blog">
      {/* One scrolling row on phones: its height never depends on when the web font arrives (no layout shift). */}
      <ul
        data-chip-row=""
        className="relative -mx-5 flex gap-2 overflow-x-auto px-5 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0"
      >
        {chip(blogText.all, null)}
        {categories.map((c) => chip(c.name, c.slug))}
      </ul>
    </nav>
  );
}

export function PostCard({
  post,
  eager = false,
  priority = false,
  headingLevel = 2,
  wide = false,
}: {
  post: CardPost;
  eager?: boolean;
  /** The first card's image is the page's largest paint on phones. */
  priority?: boolean;
  headingLevel?: 2 | 3;
  /** A whole row of the 3-column grid, image beside the text (see PostGrid's `wideFirst`). */
  wide?: boolean;
}) {
  const href = `/blog/${post.slug}`;
  const date = post.publishedAt ?? post.createdAt;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    // The focus ring is the card's: 'Ler mais' stands for the whole card.
    <article
      className={cn(
        "group relative flex flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-soft transition-shadow hover:shadow-lift has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-ring",
        wide && "lg:col-span-3 lg:flex-row",
      )}
    >
      <div className={cn("aspect-[1200/630] overflow-hidden bg-muted", wide && "lg:w-1/2 lg:shrink-0")}>
        {post.imageUrl ? (
          <img
            src={post.imageUrl}
            srcSet={post.imageSrcSet}
            sizes={post.imageSrcSet ? `(min-width: 1024px) ${wide ? 640 : 400}px, (min-width: 640px) 50vw, 100vw` : undefined}
            width={1200}
            height={630}
            alt=""
            loading={eager || priority ? "eager" : "lazy"}
            fetchPriority={priority ? "high" : undefined}
            decoding="async"
            className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
          />
        ) : (
          <div className="h-full w-full bg-gradient-to-br from-navy-800 to-electric" aria-hidden="true" />
        )}
      </div>
      <div className={cn("flex flex-1 flex-col gap-3 p-6", wide && "lg:justify-center lg:p-10")}>
        {post.category && <p className="text-xs font-bold uppercase tracking-wider text-primary">{post.category.name}</p>}
        <Heading className="text-xl font-bold leading-snug text-foreground group-hover:text-primary">{post.title}</Heading>
        <p className="text-sm text-muted-foreground">
          {blogText.publishedOn} <time dateTime={isoDate(date)}>{formatBlogDate(date)}</time>
        </p>
        <p className="line-clamp-3 text-[0.9375rem] leading-relaxed text-muted-foreground">{post.summary}</p>
        {/* The card's one link (one Tab stop, decision 0032); its box covers the whole card for a pointer. */}
        <Link
          to={href}
          className="mt-auto inline-flex min-h-11 items-center gap-1.5 self-start font-semibold text-primary after:absolute after:inset-0 hover:text-primary-hover focus-visible:outline-hidden"
        >
          {blogText.readMore}
          <span className="sr-only">: {post.title}</span>
          <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden />
        </Link>
      </div>
    </article>
  );
}

export function PostGrid({ children }: { children: ReactNode }) {
  return <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">{children}</div>;
}

/**
 * Whether the first of `count` cards takes a whole row of the 3-column grid: when the rest then
 * fills whole rows (10 → 1 + 9), so no card is left alone on the last one.
 */
export function wideFirst(count: number): boolean {
  return count > 1 && count % 3 === 1;
}

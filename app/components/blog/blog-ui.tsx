/** Pieces of the public blog pages: hero band, category chips, post cards and their skeletons. */
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { SearchForm } from "~/components/search/search-form";
import { ArrowRight, Rss } from "~/components/ui/icons";
import { Skeleton } from "~/components/ui/skeleton";
import { mediaSrcSet } from "~/lib/media";
import { AUTH_STORAGE_KEY } from "~/lib/messages/auth";
import { blogText } from "~/lib/messages/blog";
import { searchText } from "~/lib/messages/search";
import { cn } from "~/lib/utils";

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
 * SPEC §2: 'Área Administrativa' for a logged-in admin, else 'Login Admin'. Decided in the
 * browser from the UI flag, so the page itself stays the same for everyone (cacheable). On a page
 * opened first (no React) the shell entry makes the same choice (app/shell/islands.tsx).
 */
export function AdminLink({ className }: { className?: string }) {
  const [admin, setAdmin] = useState(false);
  useEffect(() => {
    try {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- read after hydration, so the server HTML is the same for everyone
      setAdmin(window.localStorage.getItem(AUTH_STORAGE_KEY) === "true");
    } catch {
      setAdmin(false);
    }
  }, []);
  return (
    <Link
      to={admin ? "/admin" : "/login"}
      data-admin-link=""
      className={cn(
        "inline-flex min-h-11 items-center rounded-lg border border-white/40 px-4 text-sm font-semibold text-white transition-colors hover:bg-white/10",
        className,
      )}
    >
      {admin ? blogText.adminArea : blogText.loginAdmin}
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

export function CategoryChips({ categories, selected }: { categories: ChipCategory[]; selected: string | null }) {
  const listRef = useRef<HTMLUListElement>(null);
  // On phones the row scrolls: bring the selected chip into view (horizontally only).
  useEffect(() => {
    const list = listRef.current;
    const current = list?.querySelector<HTMLElement>("[aria-current=page]");
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = current.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;
  }, [selected]);
  const chip = (label: string, slug: string | null) => {
    const active = (slug ?? null) === (selected ?? null);
    return (
      <li key={slug ?? "todos"}>
        <Link
          to={categoryHref(slug)}
          preventScrollReset
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
        ref={listRef}
        className="relative -mx-5 flex gap-2 overflow-x-auto px-5 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0"
      >
        {chip(blogText.all, null)}
        {categories.map((c) => chip(c.name, c.slug))}
      </ul>
    </nav>
  );
}

export function CategoryChipsSkeleton() {
  return (
    <div className="flex gap-2 overflow-hidden sm:flex-wrap" data-testid="chip-skeletons">
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} className="h-11 w-28 rounded-full" />
      ))}
    </div>
  );
}

export function PostCard({
  post,
  eager = false,
  priority = false,
  headingLevel = 2,
}: {
  post: CardPost;
  eager?: boolean;
  /** The first card's image is the page's largest paint on phones. */
  priority?: boolean;
  headingLevel?: 2 | 3;
}) {
  const href = `/blog/${post.slug}`;
  const date = post.publishedAt ?? post.createdAt;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    // The focus ring is the card's: 'Ler mais' stands for the whole card.
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-soft transition-shadow hover:shadow-lift has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-ring">
      <div className="aspect-[1200/630] overflow-hidden bg-muted">
        {post.imageUrl ? (
          <img
            src={post.imageUrl}
            srcSet={post.imageSrcSet}
            sizes={post.imageSrcSet ? "(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw" : undefined}
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
      <div className="flex flex-1 flex-col gap-3 p-6">
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

export function PostCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-2xl border border-border bg-card" data-testid="card-skeleton">
      <Skeleton className="aspect-[1200/630] rounded-none" />
      <div className="flex flex-col gap-3 p-6">
        <Skeleton className="h-3 w-24" />
        <Skeleton className="h-6 w-11/12" />
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-4/5" />
      </div>
    </div>
  );
}

export function PostGrid({ children, busy }: { children: ReactNode; busy?: boolean }) {
  return (
    <div aria-busy={busy || undefined} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {children}
    </div>
  );
}

/**
 * /blog (SPEC §2 "Blog list"): server-rendered list of published posts, filtered by
 * `?categoria=<slug>` (or the API's `?categoryId=`), paginated with `?pagina=N`. A document like
 * every public page (docs/decisions/0058): each list is a page load, its links plain links.
 */
import { data, redirect } from "react-router";
import {
  AdminLink,
  BlogHero,
  BlogSearch,
  CategoryChips,
  PostCard,
  PostGrid,
  RssLink,
  toCardPost,
  wideFirst,
} from "~/components/blog/blog-ui";
import type { RouteHandle } from "~/components/site-header";
import { ChevronLeft, ChevronRight } from "~/components/ui/icons";
import { publishDueBeforeRead } from "~/domain/blog/scheduling.server";
import { listCategories, listPublishedPosts } from "~/domain/blog.server";
import { conditional, passLoaderHeaders, weakEtag } from "~/infra/http-cache.server";
import { BLOG_DESCRIPTION, BLOG_TITLE, blogText } from "~/lib/messages/blog";
import { Link } from "~/lib/navigation";
import { pageWindow } from "~/lib/page-window";
import { publicPage } from "~/lib/route-policy";
import { BLOG_PAGE_SIZE } from "~/lib/schemas/blog";
import { seo } from "~/lib/seo";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/blog";

export const handle: RouteHandle = {
  policy: publicPage({ params: ["categoria", "pagina", "categoryId"], shows: ["blog"] }),
  darkHero: true,
};

export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/rss+xml", title: BLOG_TITLE, href: "/blog/rss.xml" },
];

export const headers = passLoaderHeaders;

function listHref(category: string | null, page: number): string {
  const params = new URLSearchParams();
  if (category) params.set("categoria", category);
  if (page > 1) params.set("pagina", String(page));
  const query = params.toString();
  return query ? `/blog?${query}` : "/blog";
}

/** `?pagina=N`; anything else is page 1 (and is redirected to its one address). */
function pageNumber(param: string | null): number {
  return param && /^\d{1,6}$/.test(param) ? Math.max(1, Number(param)) : 1;
}

/**
 * Each list has one address: any other spelling of it is redirected there (301), and a value that
 * does not exist (a category that is not there, a page past the last) is redirected to the nearest
 * list that does (302: the category may be created later). A junk value costs a query and a
 * redirect, never a render (docs/decisions/0055).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const slug = url.searchParams.get("categoria");
  const categoryIdParam = url.searchParams.get("categoryId");
  const page = pageNumber(url.searchParams.get("pagina"));

  await publishDueBeforeRead(); // a scheduled post that fell due shows up here first (docs/decisions/0060)
  const categories = await listCategories();
  // The API's ?categoryId= works too, but one shareable address per list: the slug form.
  const byId = categoryIdParam && !slug ? categories.find((c) => String(c.id) === categoryIdParam) : undefined;
  if (byId) throw redirect(listHref(byId.slug, page), 301);
  const selected = slug ? (categories.find((c) => c.slug === slug) ?? null) : null;
  if ((slug && !selected) || categoryIdParam) throw redirect("/blog", 302);
  const canonical = listHref(selected?.slug ?? null, page);
  // (A visitor's other parameters, such as a campaign's, are not part of the list's address.)
  const asked = [...url.searchParams].filter(([name]) => handle.policy?.cache?.params?.includes(name));
  if (`${url.pathname}${asked.length ? `?${new URLSearchParams(asked)}` : ""}` !== canonical) throw redirect(canonical, 301);

  const result = await listPublishedPosts({ categoryId: selected?.id, page, limit: BLOG_PAGE_SIZE });
  if (page > 1 && result.posts.length === 0) {
    throw redirect(listHref(selected?.slug ?? null, Math.max(1, Math.ceil(result.total / BLOG_PAGE_SIZE))), 302);
  }

  const payload = {
    categories: categories.map(({ id, name, slug }) => ({ id, name, slug })),
    selected: selected ? { id: selected.id, name: selected.name, slug: selected.slug } : null,
    posts: result.posts.map(toCardPost),
    total: result.total,
    limit: result.limit,
    page: result.page,
  };
  const lastModified = result.posts.reduce<Date | null>((max, p) => (!max || p.updatedAt > max ? p.updatedAt : max), null);
  const { headers } = conditional(request, { etag: weakEtag("blog-list", payload), lastModified });
  // The validators are sent, but a page never answers 304: a cache would keep
  // the old HTML with the new response's CSP nonce and block every script (checked in Chromium).
  return data(payload, { headers });
}

type BlogData = Awaited<ReturnType<typeof loader>> extends infer R ? (R extends { data: infer D } ? D : never) : never;

export const meta: Route.MetaFunction = (args) => {
  const d = args.loaderData as BlogData | undefined;
  const category = d?.selected ?? null;
  const page = d?.page ?? 1;
  const title = category ? `${BLOG_TITLE}: ${category.name}` : BLOG_TITLE;
  return seo(args, {
    title: page > 1 ? `${title} (página ${page})` : title,
    description: category
      ? `Posts da categoria ${category.name} no Blog Agile: ${BLOG_DESCRIPTION.charAt(0).toLowerCase()}${BLOG_DESCRIPTION.slice(1)}`
      : BLOG_DESCRIPTION,
    path: listHref(category?.slug ?? null, page),
    noindex: d ? d.posts.length === 0 : false,
  });
};

export default function Blog({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <BlogHeader />
      <div className="mx-auto w-full max-w-7xl px-5 py-10 sm:px-6 sm:py-14 lg:px-8">
        <BlogList data={loaderData} />
      </div>
    </>
  );
}

function BlogHeader() {
  return (
    <BlogHero>
      {/* Side by side from 1024 px; below, the search sits under the description. */}
      <div className="flex flex-col gap-8 lg:flex-row lg:items-end lg:justify-between">
        <div className="max-w-3xl">
          <p className="font-display text-sm font-bold uppercase tracking-widest text-cyan">Conteúdo</p>
          <h1 className="mt-3 text-4xl font-extrabold leading-tight text-white sm:text-5xl">{BLOG_TITLE}</h1>
          <p className="mt-4 text-lg leading-relaxed text-white/80">{BLOG_DESCRIPTION}</p>
        </div>
        <div className="flex w-full max-w-xl shrink-0 flex-col gap-4 lg:w-96 lg:items-end">
          <BlogSearch />
          <AdminLink className="self-start lg:self-auto" />
        </div>
      </div>
    </BlogHero>
  );
}

/** The chips, then the feed link: the chips come first in the Tab order (decision 0032). */
function ChipsRow({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
      <div className="min-w-0 flex-1">{children}</div>
      <RssLink />
    </div>
  );
}

function BlogList({ data: d }: { data: BlogData }) {
  const totalPages = Math.max(1, Math.ceil(d.total / d.limit));
  const selectedSlug = d.selected?.slug ?? null;
  return (
    <>
      <ChipsRow>
        <CategoryChips categories={d.categories} selected={selectedSlug} />
      </ChipsRow>
      {d.selected && (
        <h2 className="mt-8 text-2xl font-bold">
          <span className="sr-only">Categoria: </span>
          {d.selected.name}
        </h2>
      )}
      {d.posts.length === 0 ? (
        <div className="mt-10 rounded-2xl border border-dashed border-border bg-muted px-6 py-14 text-center">
          <h2 className="text-xl font-bold">{blogText.emptyTitle}</h2>
          <p className="mx-auto mt-2 max-w-xl text-muted-foreground">
            {d.selected ? blogText.emptyInCategory(d.selected.name) : blogText.emptyAll}
          </p>
          {(d.selected || d.page > 1) && (
            <Link to="/blog" className="mt-6 inline-flex min-h-11 items-center font-semibold text-primary hover:text-primary-hover">
              Ver todos os posts
            </Link>
          )}
        </div>
      ) : (
        <>
          <div className="mt-8">
            <PostGrid>
              {d.posts.map((post, i) => (
                <PostCard
                  key={post.id}
                  post={post}
                  eager={i < 3}
                  priority={i === 0}
                  headingLevel={d.selected ? 3 : 2}
                  wide={i === 0 && wideFirst(d.posts.length)}
                />
              ))}
            </PostGrid>
          </div>
          {d.total > d.limit && (
            <div className="mt-10 flex flex-col items-center gap-4">
              <p className="text-sm text-muted-foreground">{blogText.showing(d.posts.length, d.total)}</p>
              <Pagination page={d.page} totalPages={totalPages} category={selectedSlug} />
            </div>
          )}
        </>
      )}
    </>
  );
}

function Pagination({ page, totalPages, category }: { page: number; totalPages: number; category: string | null }) {
  const base = "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg border px-3 text-sm font-semibold";
  return (
    <nav aria-label="Paginação do blog">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 && (
          <li>
            <Link
              to={listHref(category, page - 1)}
              rel="prev"
              className={cn(base, "border-border hover:border-primary hover:text-primary")}
            >
              <ChevronLeft className="size-4" aria-hidden />
              Anterior
            </Link>
          </li>
        )}
        {/* A window of pages, not all of them: 2,000 pages would be 2,000 links (app/lib/page-window.ts). */}
        {pageWindow(page, totalPages).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden className="px-1 text-muted-foreground">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={listHref(category, n)}
                aria-current={n === page ? "page" : undefined}
                aria-label={`Página ${n}`}
                className={cn(
                  base,
                  n === page
                    ? "border-primary bg-primary text-primary-foreground"
                    : "border-border hover:border-primary hover:text-primary",
                )}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        {page < totalPages && (
          <li>
            <Link
              to={listHref(category, page + 1)}
              rel="next"
              className={cn(base, "border-border hover:border-primary hover:text-primary")}
            >
              Próxima
              <ChevronRight className="size-4" aria-hidden />
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

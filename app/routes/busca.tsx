/**
 * /busca?q= (docs/decisions/0070): the site search, server-rendered from a GET form, so it works
 * without JavaScript; GET /api/search is its JSON twin. Results are ranked posts and pages with
 * highlighted snippets; no query, or no result, suggests the blog's categories.
 */
import { data } from "react-router";
import { BlogHero, categoryHref } from "~/components/blog/blog-ui";
import { SearchForm } from "~/components/search/search-form";
import type { RouteHandle } from "~/components/site-header";
import { FileText, Newspaper } from "~/components/ui/icons";
import { listCategories } from "~/domain/blog.server";
import { searchSite } from "~/domain/search/query.server";
import { throttleRead } from "~/infra/rate-limit.server";
import { SEARCH_DESCRIPTION, SEARCH_TITLE, searchText } from "~/lib/messages/search";
import { Link } from "~/lib/navigation";
import type { RoutePolicy } from "~/lib/route-policy";
import { parseSearchQuery, SEARCH_PATH, type SearchResult } from "~/lib/search";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/busca";

/**
 * Public and counted, but kept by no cache for now (the server sends `private, no-store`): the
 * answer is the same for everyone, but `q` is free text and a cache keyed on it would hold one
 * entry per query (docs/decisions/0055, 0070). The queries are fast instead.
 */
const policy: RoutePolicy = { access: "public", counted: true };

export const handle: RouteHandle = { policy, darkHero: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = parseSearchQuery(new URL(request.url).searchParams);
  // More searches from one network than a person types: the form says so, nothing is searched (docs/decisions/0107).
  const throttled = parsed.ok && parsed.terms.length ? await throttleRead("search", context.clientIp) : null;
  if (throttled) {
    return data(
      { q: parsed.q, error: throttled.message, results: [], total: 0, categories: [] },
      { status: throttled.status, headers: throttled.headers },
    );
  }
  const { results, total } = parsed.ok ? await searchSite(parsed.terms) : { results: [], total: 0 };
  // The categories are the way on when there is nothing (yet) to show.
  const categories = results.length === 0 ? (await listCategories()).map(({ name, slug }) => ({ name, slug })) : [];
  return data({ q: parsed.q, error: parsed.ok ? null : parsed.message, results, total, categories }, { status: parsed.ok ? 200 : 400 });
}

/** A throttled search's `Retry-After` reaches the visitor. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** The page's title: the query's, once there is one to show results for. */
function headingOf(data: { q: string; error: string | null } | undefined): string {
  return data?.q && !data.error ? searchText.resultsFor(data.q) : SEARCH_TITLE;
}

export const meta: Route.MetaFunction = (args) => {
  const q = args.loaderData?.q ?? "";
  return seo(args, {
    title: headingOf(args.loaderData),
    description: SEARCH_DESCRIPTION,
    path: SEARCH_PATH,
    // Result pages are endless and anyone can make one say anything: never indexed.
    noindex: Boolean(q),
  });
};

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, error, results, total, categories } = loaderData;
  return (
    <>
      <BlogHero>
        <div className="max-w-3xl">
          <p className="font-display text-sm font-bold uppercase tracking-widest text-cyan">{searchText.eyebrow}</p>
          <h1 className="mt-3 break-words text-3xl font-extrabold leading-tight text-white sm:text-5xl">{headingOf(loaderData)}</h1>
          <SearchForm key={q} id="busca" label={searchText.label} defaultValue={q} error={error} className="mt-8 max-w-2xl" />
        </div>
      </BlogHero>
      <div className="mx-auto w-full max-w-7xl px-5 py-10 sm:px-6 sm:py-14 lg:px-8">
        <div className="max-w-3xl">
          {results.length > 0 ? (
            <Results results={results} total={total} />
          ) : (
            <Suggestions
              title={q && !error ? searchText.noResultsTitle : searchText.emptyQueryTitle}
              text={q && !error ? searchText.noResultsText(q) : searchText.emptyQueryText}
              categories={categories}
            />
          )}
        </div>
      </div>
    </>
  );
}

function Results({ results, total }: { results: SearchResult[]; total: number }) {
  return (
    <>
      <p className="text-sm font-semibold text-muted-foreground">
        {total > results.length ? searchText.countLimited(results.length, total) : searchText.count(total)}
      </p>
      <ol className="mt-6 space-y-4">
        {results.map((result) => (
          <li key={result.url}>
            <ResultCard result={result} />
          </li>
        ))}
      </ol>
    </>
  );
}

function ResultCard({ result }: { result: SearchResult }) {
  const Icon = result.type === "post" ? Newspaper : FileText;
  return (
    <article className="relative rounded-2xl border border-border bg-card p-5 shadow-soft transition-shadow hover:shadow-lift has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-ring sm:p-6">
      <p className="flex min-w-0 items-center gap-2 text-xs font-bold uppercase tracking-wider text-primary">
        <Icon className="size-4 shrink-0" aria-hidden />
        {result.type === "post" ? searchText.typePost : searchText.typePage}
        <span className="min-w-0 truncate font-normal normal-case tracking-normal text-muted-foreground">{result.url}</span>
      </p>
      <h2 className="mt-2 text-xl font-bold leading-snug">
        {/* The card's one link; its box covers the card for a pointer. */}
        <Link to={result.url} className="text-foreground after:absolute after:inset-0 hover:text-primary focus-visible:outline-hidden">
          {result.title}
        </Link>
      </h2>
      {result.snippet && (
        <p
          className="mt-2 break-words leading-relaxed text-muted-foreground [&_mark]:rounded-sm [&_mark]:bg-accent-soft [&_mark]:px-0.5 [&_mark]:font-semibold [&_mark]:text-foreground"
          // Built by app/domain/search/snippet.server.ts: escaped text, only <mark> added.
          dangerouslySetInnerHTML={{ __html: result.snippet }}
        />
      )}
    </article>
  );
}

function Suggestions({ title, text, categories }: { title: string; text: string; categories: Array<{ name: string; slug: string }> }) {
  return (
    <div className="rounded-2xl border border-dashed border-border bg-muted px-6 py-12 text-center">
      <h2 className="text-xl font-bold">{title}</h2>
      <p className="mx-auto mt-2 max-w-xl text-muted-foreground">{text}</p>
      <nav aria-label={searchText.categoriesTitle} className="mt-6">
        <ul className="flex flex-wrap justify-center gap-2">
          {categories.map((c) => (
            <li key={c.slug}>
              <Link
                to={categoryHref(c.slug)}
                className="inline-flex min-h-11 items-center rounded-full border border-border bg-background px-4 text-sm font-semibold text-foreground transition-colors hover:border-primary hover:text-primary"
              >
                {c.name}
              </Link>
            </li>
          ))}
          <li>
            <Link
              to={categoryHref(null)}
              className="inline-flex min-h-11 items-center rounded-full border border-primary bg-primary px-4 text-sm font-semibold text-primary-foreground transition-colors hover:bg-primary-hover"
            >
              {searchText.allPosts}
            </Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}

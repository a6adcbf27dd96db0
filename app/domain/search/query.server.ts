/**
 * The site search (docs/decisions/0070): published posts and the public pages' copy, ranked by
 * PostgreSQL's full-text search with the Portuguese stemmer, accents ignored, on PostgreSQL and on
 * PGlite alike. The SQL functions it calls (`search_vector`, `search_fold`) and the documents it
 * reads are made by the migration `search`.
 *
 * A query word becomes the set of stems the database gives for it and for its likely accented
 * form ('automacao' → 'automação'); a result must match every word, through any of its stems.
 */
import { sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { rowsOf } from "~/db/driver.server";
import { blogPosts } from "~/db/schema";
import { SEARCH_LIMIT, type ParsedQuery, type SearchResult } from "~/lib/search";
import { buildSnippet, candidateWords, wordKey } from "./snippet.server";
import { termParts, termVariants, toTsquery, type TermGroup } from "./terms.server";
import { htmlSegments } from "./text.server";

/** The database's lexemes for each word (the stemmer of the documents, so the two always agree). */
async function lexemesOf(words: readonly string[]): Promise<Map<string, string[]>> {
  if (words.length === 0) return new Map();
  const rows = rowsOf<{ word: string; lexemes: string[] | string }>(
    await db().execute(sql`
      select w.value as word, to_json(tsvector_to_array(search_vector(w.value, 'D'))) as lexemes
      from json_array_elements_text(${JSON.stringify(words)}::json) as w(value)`),
  );
  return new Map(rows.map((r) => [r.word, typeof r.lexemes === "string" ? (JSON.parse(r.lexemes) as string[]) : r.lexemes]));
}

/** One group per query word: its stems (and its likely accented spelling's), or a compound's parts. */
async function lexemeGroups(terms: readonly string[]): Promise<TermGroup[]> {
  const words = terms.flatMap((term) => [term, ...termParts(term)]).flatMap(termVariants);
  const lexemes = await lexemesOf([...new Set(words)]);
  const stems = (word: string) => [...new Set(termVariants(word).flatMap((form) => lexemes.get(form) ?? []))];
  return terms.map((term) => {
    const parts = termParts(term);
    if (parts.length === 0) return { any: stems(term), all: [] };
    // A compound's own lexemes keep its separator ('e-mail', '24/7'); its parts may match apart.
    return { any: stems(term).filter((l) => /[-./]/.test(l)), all: parts.map(stems) };
  });
}

/** Text of a result a snippet is chosen from: a very long post costs no more than a long one. */
const MAX_SNIPPET_SOURCE = 30_000;

/** The first segments, up to about MAX_SNIPPET_SOURCE characters (a page's copy is many short ones). */
function leading(segments: readonly string[]): string[] {
  const kept: string[] = [];
  let length = 0;
  for (const segment of segments) {
    if (length >= MAX_SNIPPET_SOURCE) break;
    kept.push(segment);
    length += segment.length;
  }
  return kept;
}

/** Weights of D, C, B and A (body C, summary or description B, title A): a title match counts most. */
const WEIGHTS = sql.raw(`'{0.1, 0.3, 0.6, 1.0}'::float4[]`);
/** ts_rank's normalisation 1: divided by 1 + log(length), so a long page does not win by length alone. */
const NORMALISATION = 1;

interface Row {
  type: "post" | "page";
  total: number | string;
  title: string;
  lead: string;
  body: string;
  slug: string | null;
  path: string | null;
}

export interface SiteSearch {
  results: SearchResult[];
  /** Every match, of which the first SEARCH_LIMIT are in `results`. */
  total: number;
}

/** The query's words (already read by parseSearchQuery) → ranked results with highlighted snippets. */
export async function searchSite(terms: readonly string[]): Promise<SiteSearch> {
  if (terms.length === 0) return { results: [], total: 0 };
  const groups = await lexemeGroups(terms);
  const query = toTsquery(groups);
  // A word with no stem (a stop word such as 'de') cannot be required: the others decide.
  if (!query) return { results: [], total: 0 };

  const rows = await db().transaction(async (tx) => {
    // The planner does not price opening (decompressing) a document: when most posts match a common
    // word it tests @@ on every row through a scan of the table or its primary key, then opens each
    // match again to rank it. The GIN index answers @@ without opening any, so the ranking opens
    // each match once: on 2,000 posts ~25 → ~8 ms. Without sequential and plain index scans, only
    // bitmap scans are left. Parallel workers cost more to start than they save here, and a plan
    // priced this way would cross jit_above_cost (compiling ~100 ms, running ~1). For this
    // transaction only (set_config's `true`), in one statement on both drivers.
    await tx.execute(
      sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true),
                 set_config('max_parallel_workers_per_gather', '0', true), set_config('jit', 'off', true)`,
    );
    return rowsOf<Row>(
      await tx.execute(sql`
      with ranked as (
        select 'post' as type, p.id as post_id, null::text as page_path,
               ts_rank(${WEIGHTS}, s.document, ${query}::tsquery, ${NORMALISATION}) as rank,
               coalesce(p.published_at, p.created_at) as day
        from blog_post_search s join blog_posts p on p.id = s.post_id
        where p.published = true and s.document @@ ${query}::tsquery
        union all
        select 'page', null, sp.path,
               ts_rank(${WEIGHTS}, sp.document, ${query}::tsquery, ${NORMALISATION}), null
        from search_pages sp
        where sp.document @@ ${query}::tsquery
      ),
      top as (
        select ranked.*, count(*) over () as total from ranked
        order by rank desc, day desc nulls last, page_path
        limit ${SEARCH_LIMIT}
      )
      select top.type, top.total, coalesce(p.title, sp.title) as title, coalesce(p.summary, sp.description) as lead,
             coalesce(p.content, sp.body) as body, p.slug, sp.path
      from top
      left join blog_posts p on p.id = top.post_id
      left join search_pages sp on sp.path = top.page_path
      order by top.rank desc, top.day desc nulls last, top.page_path`),
    );
  });
  if (rows.length === 0) return { results: [], total: 0 };

  // NFC once per segment, so words compare by their lower case alone.
  const segments = rows.map((r) =>
    leading([r.lead, ...(r.type === "post" ? htmlSegments(r.body) : r.body.split("\n"))]).map((t) => t.normalize("NFC")),
  );
  const queryLexemes = new Set(groups.flatMap((g) => [...g.any, ...g.all.flat()]));
  const candidates = candidateWords(segments.flat(), [...queryLexemes]).slice(0, 500);
  const candidateLexemes = await lexemesOf(candidates);
  const matched = new Set(candidates.filter((w) => candidateLexemes.get(w)?.some((l) => queryLexemes.has(l))));
  const isMatch = (word: string) => matched.has(wordKey(word));

  return {
    total: Number(rows[0]!.total),
    results: rows.map((r, i) => ({
      url: r.type === "post" ? `/blog/${r.slug}` : r.path!,
      title: r.title,
      snippet: buildSnippet(segments[i]!, isMatch),
      type: r.type,
    })),
  };
}

/**
 * The admin's post list filter: ids of posts (any status) whose title, slug or text contains every
 * word, accents and case ignored, or that the search matches through the words' stems.
 */
/**
 * The admin post list's `?q=` (any status) as a condition on blog_posts: its document matches, or
 * every term is in its title, slug or text. Undefined when there is nothing to search.
 */
export async function adminPostFilter(search: ParsedQuery): Promise<SQL | undefined> {
  if (!search.ok || search.terms.length === 0) return undefined;
  const query = toTsquery(await lexemeGroups(search.terms));
  return sql`${blogPosts.id} in (
      select p.id from blog_posts p left join blog_post_search s on s.post_id = p.id
      where ${query ? sql`s.document @@ ${query}::tsquery` : sql`false`}
         or search_fold(p.title || ' ' || p.slug || ' ' || regexp_replace(p.content, '<[^>]*>', ' ', 'g'))
            like all (array(select '%' || search_fold(t.value) || '%' from json_array_elements_text(${JSON.stringify(search.terms)}::json) as t(value))))`;
}

/**
 * Site search, the parts the browser and the server share (docs/decisions/0070): the address, the
 * shape of a result, and how a query is read and limited. Stemming, accents and ranking are the
 * database's (app/domain/search/).
 */
import { searchErrors } from "./messages/search";

export const SEARCH_PATH = "/busca";
export const SEARCH_PARAM = "q";
/** A search is a few words; anything longer is a paste, and would only cost the database. */
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_MAX_TERMS = 8;
/** Results shown for one query: the most relevant first, no pagination (refine instead). */
export const SEARCH_LIMIT = 20;

export type SearchResultType = "post" | "page";

/** One result, as GET /api/search sends it. `snippet` is HTML: escaped text with `<mark>`ed terms. */
export interface SearchResult {
  url: string;
  title: string;
  snippet: string;
  type: SearchResultType;
}

export type ParsedQuery = { ok: true; q: string; terms: string[] } | { ok: false; q: string; message: string };

/** A word: letters and digits, with inner hyphens, dots or slashes kept ('e-mail', '24/7', 'gpt-4.1'). */
const TERM = /[\p{L}\p{N}]+(?:[-./][\p{L}\p{N}]+)*/gu;
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** The query's words, lower-cased and in NFC form (a Mac may send 'ç' as 'c' plus a combining mark). */
export function searchTerms(q: string): string[] {
  const words = q.normalize("NFC").toLocaleLowerCase("pt-BR").match(TERM) ?? [];
  return [...new Set(words)];
}

/**
 * `?q=` of a page or API address. No query (or only spaces and punctuation) is a valid, empty
 * search; a repeated, too long or too wordy one is refused with a message.
 */
export function parseSearchQuery(params: URLSearchParams): ParsedQuery {
  const all = params.getAll(SEARCH_PARAM);
  const q = (all[0] ?? "").replace(CONTROL, " ").replace(/\s+/g, " ").trim();
  if (all.length > 1) return { ok: false, q, message: searchErrors.repeated };
  if (q.length > SEARCH_MAX_LENGTH)
    return { ok: false, q: q.slice(0, SEARCH_MAX_LENGTH), message: searchErrors.tooLong(SEARCH_MAX_LENGTH) };
  const terms = searchTerms(q);
  if (terms.length > SEARCH_MAX_TERMS) return { ok: false, q, message: searchErrors.tooManyTerms(SEARCH_MAX_TERMS) };
  return { ok: true, q, terms };
}

/** Address of the results for a query. */
export function searchHref(q: string): string {
  return q ? `${SEARCH_PATH}?${new URLSearchParams({ [SEARCH_PARAM]: q })}` : SEARCH_PATH;
}

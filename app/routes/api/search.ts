/**
 * GET /api/search?q= (docs/decisions/0070): the JSON twin of /busca,
 * `{ success: true, data: { results: [{ url, title, snippet, type }] } }`; a query that is not a
 * search (repeated, too long, too many words) is a 400 with the reason in Portuguese; more
 * searches from one network than a person types is a 429 (docs/decisions/0107). Like /busca,
 * kept by no cache for now (`q` is free text); other methods get the front door's 405.
 */
import { searchSite } from "~/domain/search/query.server";
import { fail, ok } from "~/infra/http.server";
import { throttledAnswer, throttleRead } from "~/infra/rate-limit.server";
import { publicEndpoint } from "~/lib/route-policy";
import { parseSearchQuery, SEARCH_PARAM } from "~/lib/search";
import type { Route } from "./+types/search";

export const handle = { policy: publicEndpoint() };

export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = parseSearchQuery(new URL(request.url).searchParams);
  if (!parsed.ok) return fail(400, parsed.message, { [SEARCH_PARAM]: parsed.message });
  const throttled = await throttleRead("search", context.clientIp);
  if (throttled) return throttledAnswer(throttled);
  const { results } = await searchSite(parsed.terms);
  return ok({ results });
}

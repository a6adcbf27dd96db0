import { z } from "zod";
import { requireAdminApi } from "~/domain/auth/sessions.server";
import { businessOptimizationsVersion, listBusinessOptimizations } from "~/domain/leads/admin.server";
import { queryOf } from "~/infra/forms.server";
import { weakEtag } from "~/infra/http-cache.server";
import { adminOnly } from "~/lib/route-policy";
import { pageNumber } from "~/lib/schemas/form-fields";
import type { Route } from "./+types/business-optimizations";

export const handle = { policy: adminOnly() };

const NO_CACHE = { "Cache-Control": "no-store, no-cache, must-revalidate", Pragma: "no-cache" };

/**
 * GET /api/business-optimizations (admin, SPEC §7): polled every 3 s, never cached. One page
 * (`?pagina=`, 20 newest first) with the total; the answer's ETag names the list's state, and a
 * poll that sends it back (If-None-Match) while nothing changed gets a 304 with no body.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminApi(context);
  const { pagina } = queryOf(request, z.object({ pagina: pageNumber() }));
  const etag = weakEtag("questionarios", pagina, await businessOptimizationsVersion());
  const asked = request.headers.get("if-none-match");
  if (asked && asked.split(",").some((tag) => tag.trim() === etag))
    return new Response(null, { status: 304, headers: { ...NO_CACHE, ETag: etag } });
  const { rows, total, page, pageCount } = await listBusinessOptimizations(pagina);
  return Response.json({ success: true, data: rows, total, page, pageCount }, { headers: { ...NO_CACHE, ETag: etag } });
}

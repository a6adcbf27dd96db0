/** GET /api/blog/categories (public) and POST /api/blog/categories (admin). SPEC §7. */
import { requireAdminApi } from "~/domain/auth/sessions.server";
import { createCategory, listCategories } from "~/domain/blog.server";
import { conditional, weakEtag } from "~/infra/http-cache.server";
import { ok, parseBody } from "~/infra/http.server";
import { publicData } from "~/lib/route-policy";
import { categorySchema } from "~/lib/schemas/blog";
import type { Route } from "./+types/blog.categories";

export const handle = { policy: { ...publicData({ shows: ["blog"] }), writeAccess: "admin", invalidates: ["blog"] } };

export async function loader({ request }: Route.LoaderArgs) {
  const categories = await listCategories();
  const { headers, notModified } = conditional(request, { etag: weakEtag("categories", categories) });
  if (notModified) return new Response(null, { status: 304, headers });
  return ok(categories, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdminApi(context);
  const input = await parseBody(request, categorySchema);
  const category = await createCategory(input, { username: user.username, ip: context.clientIp });
  return ok(category, { status: 201 });
}

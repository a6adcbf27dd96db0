/** GET /api/blog/categories (public) and POST /api/blog/categories (admin). SPEC §7. */
import { requireAdminApi } from "~/domain/auth/sessions.server";
import { createCategory, listCategories } from "~/domain/blog.server";
import { conditional, PUBLIC_PAGE_CACHE, weakEtag } from "~/infra/http-cache.server";
import { methodNotAllowed, ok, parseBody } from "~/infra/http.server";
import { categorySchema } from "~/lib/schemas/blog";
import type { Route } from "./+types/blog-categories";

export async function loader({ request }: Route.LoaderArgs) {
  const categories = await listCategories();
  const { headers, notModified } = conditional(request, { etag: weakEtag("categories", categories), cacheControl: PUBLIC_PAGE_CACHE });
  if (notModified) return new Response(null, { status: 304, headers });
  return ok(categories, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const user = await requireAdminApi(request);
  const input = await parseBody(request, categorySchema);
  const category = await createCategory(input, { username: user.username, ip: context.clientIp });
  return ok(category, { status: 201 });
}

/** GET (public), PUT and DELETE (admin) /api/blog/categories/{id}. SPEC §7. */
import { requireAdminApi } from "~/domain/auth/sessions.server";
import { deleteCategory, getCategory, updateCategory } from "~/domain/blog.server";
import { conditional, weakEtag } from "~/infra/http-cache.server";
import { fail, ok, parseBody, parseId } from "~/infra/http.server";
import { blogApiMessages } from "~/lib/messages/blog";
import { publicData } from "~/lib/route-policy";
import { categorySchema } from "~/lib/schemas/blog";
import type { Route } from "./+types/blog.categories.$id";

export const handle = {
  policy: { ...publicData({ shows: ["blog"] }), writeAccess: "admin", writeMethods: ["PUT", "DELETE"], invalidates: ["blog"] },
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const category = await getCategory(parseId(params.id));
  if (!category) return fail(404, blogApiMessages.categoryNotFound);
  const { headers, notModified } = conditional(request, { etag: weakEtag("category", category) });
  if (notModified) return new Response(null, { status: 304, headers });
  return ok(category, { headers });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireAdminApi(context);
  const id = parseId(params.id);
  const actor = { username: user.username, ip: context.clientIp };
  if (request.method === "DELETE") {
    // ?moverPosts=true moves the category's posts to "no category" before deleting it.
    const move = new URL(request.url).searchParams.get("moverPosts");
    const result = await deleteCategory(id, { movePosts: move === "true" || move === "1" }, actor);
    return ok(result);
  }
  const input = await parseBody(request, categorySchema);
  return ok(await updateCategory(id, input, actor));
}

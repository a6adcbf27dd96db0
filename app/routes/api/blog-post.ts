/** GET (for editing), PUT (full body or only `published`) and DELETE /api/blog/posts/{id}: admin only. SPEC §7. */
import { requireAdminApi } from "~/domain/auth/sessions.server";
import { deletePost, getPostById, updatePost } from "~/domain/blog.server";
import { NO_STORE } from "~/infra/http-cache.server";
import { fail, methodNotAllowed, ok, parseBody, parseId } from "~/infra/http.server";
import { blogApiMessages } from "~/lib/messages/blog";
import { postUpdateSchema } from "~/lib/schemas/blog";
import type { Route } from "./+types/blog-post";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdminApi(request);
  const post = await getPostById(parseId(params.id));
  if (!post) return fail(404, blogApiMessages.postNotFound);
  return ok(post, { headers: { "Cache-Control": NO_STORE } });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed();
  const user = await requireAdminApi(request);
  const id = parseId(params.id);
  const actor = { username: user.username, ip: context.clientIp };
  if (request.method === "DELETE") {
    await deletePost(id, actor);
    return ok();
  }
  const input = await parseBody(request, postUpdateSchema);
  return ok(await updatePost(id, input, actor));
}

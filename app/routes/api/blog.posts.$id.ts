/**
 * GET (for editing: the post with its `status`, `publishAt`, `previewLink` (until when) and unpublished
 * changes), PUT (full body, only `published`, a schedule, or `draft: true`) and DELETE
 * /api/blog/posts/{id}: admin only. SPEC §7, docs/decisions/0060.
 */
import { requireAdminApi } from "~/domain/auth/sessions.server";
import { getAdminPost } from "~/domain/blog/admin-post.server";
import { deletePost, updatePost } from "~/domain/blog/editing.server";
import { fail, ok, parseBody, parseId } from "~/infra/http.server";
import { blogApiMessages } from "~/lib/messages/blog";
import { adminOnly } from "~/lib/route-policy";
import { postUpdateSchema } from "~/lib/schemas/blog";
import type { Route } from "./+types/blog.posts.$id";

export const handle = { policy: adminOnly({ writeMethods: ["PUT", "DELETE"], invalidates: ["blog"] }) };

export async function loader({ params, context }: Route.LoaderArgs) {
  await requireAdminApi(context);
  const post = await getAdminPost(parseId(params.id));
  if (!post) return fail(404, blogApiMessages.postNotFound);
  return ok(post);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireAdminApi(context);
  const id = parseId(params.id);
  const actor = { username: user.username, ip: context.clientIp };
  if (request.method === "DELETE") {
    await deletePost(id, actor);
    return ok();
  }
  const input = await parseBody(request, postUpdateSchema);
  await updatePost(id, input, actor);
  return ok(await getAdminPost(id));
}

/** GET /api/blog/posts/{id}/revisions (admin): the post's revisions, newest first, without their text. docs/decisions/0061. */
import { requireAdminApi } from "~/domain/auth/sessions.server";
import { listRevisions } from "~/domain/blog/revisions.server";
import { fail, ok, parseId } from "~/infra/http.server";
import { blogApiMessages } from "~/lib/messages/blog";
import { adminOnly } from "~/lib/route-policy";
import type { Route } from "./+types/blog.posts.$id.revisions";

export const handle = { policy: adminOnly() };

export async function loader({ params, context }: Route.LoaderArgs) {
  await requireAdminApi(context);
  const revisions = await listRevisions(parseId(params.id));
  if (!revisions) return fail(404, blogApiMessages.postNotFound);
  return ok({ revisions });
}

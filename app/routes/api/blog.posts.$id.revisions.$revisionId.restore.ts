/** POST /api/blog/posts/{id}/revisions/{revisionId}/restore (admin): brings the revision back, as a new revision. docs/decisions/0061. */
import { requireAdminApi } from "~/domain/auth/sessions.server";
import { getAdminPost } from "~/domain/blog/admin-post.server";
import { restoreRevision } from "~/domain/blog/revisions.server";
import { ok, parseId, refuseMalformedJson } from "~/infra/http.server";
import { adminOnly } from "~/lib/route-policy";
import type { Route } from "./+types/blog.posts.$id.revisions.$revisionId.restore";

/** A restore is a save: a live post's public pages change. */
export const handle = { policy: adminOnly({ writeMethods: ["POST"], invalidates: ["blog"] }) };

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireAdminApi(context);
  await refuseMalformedJson(request);
  const id = parseId(params.id);
  await restoreRevision(id, parseId(params.revisionId, "revisionId"), { username: user.username, ip: context.clientIp });
  return ok(await getAdminPost(id));
}

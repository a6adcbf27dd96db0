/** GET /api/blog/posts/{id}/revisions/{revisionId} (admin): one revision with its text. docs/decisions/0061. */
import { requireAdminApi } from "~/domain/auth/sessions.server";
import { getRevision } from "~/domain/blog/revisions.server";
import { fail, ok, parseId } from "~/infra/http.server";
import { revisionText } from "~/lib/messages/publishing";
import { adminOnly } from "~/lib/route-policy";
import type { Route } from "./+types/blog.posts.$id.revisions.$revisionId";

export const handle = { policy: adminOnly() };

export async function loader({ params, context }: Route.LoaderArgs) {
  await requireAdminApi(context);
  const revision = await getRevision(parseId(params.id), parseId(params.revisionId, "revisionId"));
  if (!revision) return fail(404, revisionText.notFound);
  return ok(revision);
}

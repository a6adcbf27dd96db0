/**
 * POST /api/blog/posts/{id}/preview-link (admin): a new preview link (the old one stops working);
 * DELETE revokes it (the link answers 404). docs/decisions/0060.
 */
import { requireAdminApi } from "~/domain/auth/sessions.server";
import { createPreviewLink, revokePreviewLink } from "~/domain/blog/preview.server";
import { ok, parseId } from "~/infra/http.server";
import { adminOnly } from "~/lib/route-policy";
import type { Route } from "./+types/blog.posts.$id.preview-link";

export const handle = { policy: adminOnly({ writeMethods: ["POST", "DELETE"] }) };

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireAdminApi(context);
  const id = parseId(params.id);
  const actor = { username: user.username, ip: context.clientIp };
  if (request.method === "DELETE") {
    await revokePreviewLink(id, actor);
    return ok({ previewUrl: null });
  }
  return ok({ previewUrl: await createPreviewLink(id, actor) }, { status: 201 });
}

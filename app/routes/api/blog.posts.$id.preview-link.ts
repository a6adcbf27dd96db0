/**
 * POST /api/blog/posts/{id}/preview-link (admin): a new preview link, valid 30 days (the old one
 * stops working), `{ previewUrl, expiresAt }`: the only answer that ever carries the link, since
 * only its hash is stored. DELETE revokes it (the link answers 404). docs/decisions/0060, 0109.
 */
import { requireAdminApi } from "~/domain/auth/sessions.server";
import { createPreviewLink, revokePreviewLink } from "~/domain/blog/preview.server";
import { ok, parseId, refuseMalformedJson } from "~/infra/http.server";
import { adminOnly } from "~/lib/route-policy";
import type { Route } from "./+types/blog.posts.$id.preview-link";

export const handle = { policy: adminOnly({ writeMethods: ["POST", "DELETE"] }) };

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireAdminApi(context);
  await refuseMalformedJson(request);
  const id = parseId(params.id);
  const actor = { username: user.username, ip: context.clientIp };
  if (request.method === "DELETE") {
    await revokePreviewLink(id, actor);
    return ok({ previewUrl: null });
  }
  const link = await createPreviewLink(id, actor);
  return ok({ previewUrl: link.url, expiresAt: link.expiresAt }, { status: 201 });
}

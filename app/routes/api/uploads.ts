/** POST /api/uploads (admin): multipart field "file", JPEG/PNG/WebP up to 5 MB, checked by content. */
import { requireAdminApi } from "~/domain/auth/sessions.server";
import { fail, ok } from "~/infra/http.server";
import { storeImage } from "~/infra/uploads.server";
import { blogApiMessages } from "~/lib/messages/blog";
import { adminOnly } from "~/lib/route-policy";
import type { Route } from "./+types/uploads";

/** An image of up to 5 MB (MAX_UPLOAD_BYTES) and the multipart around it; only with a session (docs/decisions/0094). */
export const handle = { policy: adminOnly({ maxBodyBytes: 6 * 1024 * 1024 }) };

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdminApi(context);
  if (!(request.headers.get("content-type") ?? "").includes("multipart/form-data")) {
    return fail(400, blogApiMessages.uploadMissing, { file: blogApiMessages.uploadMissing });
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return fail(400, blogApiMessages.uploadMissing, { file: blogApiMessages.uploadMissing });
  }
  const file = form.get("file");
  if (!file || typeof file === "string") return fail(400, blogApiMessages.uploadMissing, { file: blogApiMessages.uploadMissing });
  const image = await storeImage(file, { username: user.username, ip: context.clientIp });
  return ok(image, { status: 201 });
}

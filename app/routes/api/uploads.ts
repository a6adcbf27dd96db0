/** POST /api/uploads (admin): multipart field "file", JPEG/PNG/WebP up to 5 MB, checked by content. */
import { requireAdminApi } from "~/domain/auth/sessions.server";
import { fail, methodNotAllowed, ok } from "~/infra/http.server";
import { storeImage } from "~/infra/uploads.server";
import { blogApiMessages } from "~/lib/messages/blog";
import type { Route } from "./+types/uploads";

export async function loader() {
  return methodNotAllowed();
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const user = await requireAdminApi(request);
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

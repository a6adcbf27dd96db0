/**
 * POST /admin/privacidade/exportar: everything held about one e-mail, as a JSON or CSV download
 * (LGPD art. 18, II and V). POST, so the address never lands in URLs, logs or browser history.
 */
import { z } from "zod";
import { requireAdminApi } from "~/domain/auth/sessions.server";
import { exportSubject, subjectEmailSchema } from "~/domain/privacy/subject.server";
import { parseBody } from "~/infra/http.server";
import type { Route } from "./+types/privacidade.exportar";

const exportSchema = z.object({
  email: subjectEmailSchema,
  format: z.enum(["json", "csv"], { error: "Formato deve ser json ou csv" }).default("json"),
});

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdminApi(context);
  const { email, format } = await parseBody(request, exportSchema);
  const file = await exportSubject(email, format, { username: user.username, ip: context.clientIp });
  return new Response(file.body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "no-store",
    },
  });
}

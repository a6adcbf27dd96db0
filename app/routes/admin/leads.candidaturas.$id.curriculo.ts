/**
 * GET /admin/leads/candidaturas/{id}/curriculo: an application's CV, for the admin only, always as
 * a download (never shown inline, never sniffed, kept by no cache), with the type read from its
 * content when it arrived (docs/decisions/0093). Each download is audited.
 */
import { data } from "react-router";
import { recordAudit } from "~/domain/audit.server";
import { requireAdmin } from "~/domain/auth/sessions.server";
import { cvFile } from "~/forms/careers/cv.server";
import { attachmentDisposition, parseId } from "~/infra/http.server";
import { adminOnly, PRIVATE_CACHE_CONTROL } from "~/lib/route-policy";
import type { Route } from "./+types/leads.candidaturas.$id.curriculo";

export const handle = { policy: adminOnly() };

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = await requireAdmin(context);
  const id = parseId(params.id);
  const cv = await cvFile(id);
  if (!cv) throw data("Esta candidatura não tem currículo.", { status: 404, headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } });
  await recordAudit({
    actor: user.username,
    action: "lead.application.cv.download",
    target: `career_application:${id}`,
    ip: context.clientIp,
  });
  return new Response(new Uint8Array(cv.data), {
    headers: {
      "Content-Type": cv.contentType,
      "Content-Length": String(cv.size),
      "Content-Disposition": attachmentDisposition(cv.fileName),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": PRIVATE_CACHE_CONTROL,
      // A document opened from here runs nothing of ours (defence in depth for a PDF viewer).
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}

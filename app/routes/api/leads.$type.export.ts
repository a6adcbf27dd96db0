import { recordAudit } from "~/domain/audit.server";
import { requireAdminApi } from "~/domain/auth/sessions.server";
import { csvFileName, exportLeadsCsv } from "~/domain/leads/export.server";
import { fail } from "~/infra/http.server";
import { isLeadType } from "~/lib/lead-types";
import { adminOnly } from "~/lib/route-policy";
import type { Route } from "./+types/leads.$type.export";

export const handle = { policy: adminOnly() };

/** GET /api/leads/:type/export?q= (admin): CSV in UTF-8 with BOM, so Excel keeps the accents. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireAdminApi(context);
  if (!isLeadType(params.type)) return fail(404, "Tipo de lead desconhecido.");
  const q = new URL(request.url).searchParams.get("q") ?? undefined;
  const { csv, count } = await exportLeadsCsv(params.type, q);
  await recordAudit({
    actor: user.username,
    action: "lead.export",
    target: params.type,
    details: { count, q: q ?? null },
    ip: context.clientIp,
  });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName(params.type)}"`,
      "Cache-Control": "no-store",
    },
  });
}

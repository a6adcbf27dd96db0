/**
 * GET /admin/leads/importar/exportar: every lead with its id, type and number and the columns the
 * import reads back (docs/decisions/0148), as the lead CSVs are written (app/infra/csv.server.ts).
 * Audited, as every export.
 */
import { recordAudit } from "~/domain/audit.server";
import { requireAdmin } from "~/domain/auth/sessions.server";
import { exportLeadsForImport, importCsvFileName } from "~/domain/leads/csv-import.server";
import { adminOnly, PRIVATE_CACHE_CONTROL } from "~/lib/route-policy";
import type { Route } from "./+types/leads.importar.exportar";

export const handle = { policy: adminOnly() };

export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireAdmin(context);
  const { csv, count } = await exportLeadsForImport();
  await recordAudit({ actor: user.username, action: "lead.import.export", target: "funil", details: { count }, ip: context.clientIp });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${importCsvFileName()}"`,
      "Cache-Control": PRIVATE_CACHE_CONTROL,
    },
  });
}

import { analyticsReport, analyticsTableRows, isAnalyticsTable, parseRange } from "~/domain/analytics/report.server";
import { recordAudit } from "~/domain/audit.server";
import { requireAdminApi } from "~/domain/auth/sessions.server";
import { toCsv } from "~/infra/csv.server";
import { fail } from "~/infra/http.server";
import { adminOnly } from "~/lib/route-policy";
import type { Route } from "./+types/analytics.export";

export const handle = { policy: adminOnly() };

/**
 * GET /api/analytics/export?tabela=&periodo=&de=&ate=&meta= (admin): one table of the Análises page as
 * CSV (UTF-8 with BOM, ';', formulas neutralised: the lead CSV's rules, app/infra/csv.server.ts),
 * beside the lead CSV's /api/leads/:type/export.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdminApi(context);
  const params = new URL(request.url).searchParams;
  const table = params.get("tabela");
  if (!isAnalyticsTable(table)) return fail(400, "Tabela desconhecida.");
  const parsed = parseRange(params);
  if (!parsed.ok) return fail(400, parsed.message);
  const rows = analyticsTableRows(await analyticsReport(parsed.range, { goal: params.get("meta") ?? undefined }), table);
  await recordAudit({
    actor: user.username,
    action: "analytics.export",
    target: table,
    details: { from: parsed.range.from, to: parsed.range.to, rows: rows.length - 1 },
    ip: context.clientIp,
  });
  return new Response(toCsv(rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="analises-${table}-${parsed.range.from}-a-${parsed.range.to}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

import { recordAudit } from "~/domain/audit.server";
import { requireAdminApi } from "~/domain/auth/sessions.server";
import { exportInboxCsv, inboxCsvFileName, readInboxFilters } from "~/domain/pipeline.server";
import { adminOnly } from "~/lib/route-policy";
import type { Route } from "./+types/funil.export";

export const handle = { policy: adminOnly() };

/** GET /api/funil/export?tipo=&etapa=&retorno=&origem=&q= (admin): the inbox as CSV, same filters. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdminApi(context);
  const filters = readInboxFilters(new URL(request.url).searchParams);
  const { csv, count } = await exportInboxCsv(filters);
  // The search may be an e-mail address: the audit row keeps only whether there was one.
  const { q, ...rest } = filters;
  await recordAudit({
    actor: user.username,
    action: "lead.inbox.export",
    target: "funil",
    details: { count, filters: rest, search: Boolean(q) },
    ip: context.clientIp,
  });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${inboxCsvFileName()}"`,
      "Cache-Control": "no-store",
    },
  });
}

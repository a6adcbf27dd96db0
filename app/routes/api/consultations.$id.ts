import { recordAudit } from "~/domain/audit.server";
import { requireAdminApi } from "~/domain/auth/sessions.server";
import { getLead, updateConsultationStatus } from "~/domain/leads/admin.server";
import { fail, ok, parseBody, parseId } from "~/infra/http.server";
import { adminOnly } from "~/lib/route-policy";
import { consultationStatusSchema } from "~/lib/schemas/leads";
import type { Route } from "./+types/consultations.$id";

export const handle = { policy: adminOnly({ writeMethods: ["PATCH", "PUT"] }) };

/** GET /api/consultations/:id (admin). */
export async function loader({ params, context }: Route.LoaderArgs) {
  await requireAdminApi(context);
  const row = await getLead("consultas", parseId(params.id));
  return row ? ok(row, { headers: { "Cache-Control": "no-store" } }) : fail(404, "Solicitação não encontrada.");
}

/** PATCH or PUT /api/consultations/:id (admin): `{ status }`. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireAdminApi(context);
  const id = parseId(params.id);
  const { status } = await parseBody(request, consultationStatusSchema);
  const updated = await updateConsultationStatus(id, status);
  if (!updated) return fail(404, "Solicitação não encontrada.");
  await recordAudit({
    actor: user.username,
    action: "lead.consultation.status",
    target: `consultation:${id}`,
    details: { from: updated.previous, to: status },
    ip: context.clientIp,
  });
  return ok({ id, status });
}

import { requireAdminApi } from "~/domain/auth/sessions.server";
import { LEAD_FORMS } from "~/domain/lead-forms.server";
import { allLeads } from "~/domain/leads/admin.server";
import { ok } from "~/infra/http.server";
import { adminOnly } from "~/lib/route-policy";
import { leadEndpoint } from "../lead-endpoint.server";
import type { Route } from "./+types/consultations";

export const handle = { policy: { ...adminOnly(), writeAccess: "public" } };

/** GET /api/consultations (admin, SPEC §7): the requests as a list, newest first. */
export async function loader({ context }: Route.LoaderArgs) {
  await requireAdminApi(context);
  return ok(await allLeads("consultas"), { headers: { "Cache-Control": "no-store" } });
}

/** POST /api/consultations (public): the consultation-request dialog. */
export const action = leadEndpoint(LEAD_FORMS.consultation, { answer: (row) => ok({ id: row.id }, { status: 201 }) });

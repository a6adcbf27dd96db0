import { requireAdminApi } from "~/domain/auth/sessions.server";
import { allLeads } from "~/domain/leads/admin.server";
import { ok } from "~/infra/http.server";
import { adminOnly } from "~/lib/route-policy";
import { leadFormAction } from "../lead-endpoint.server";
import type { Route } from "./+types/consultations";

export const handle = { policy: { ...adminOnly(), writeAccess: "public" } };

/** GET /api/consultations (admin, SPEC §7): the requests as a list, newest first. */
export async function loader({ context }: Route.LoaderArgs) {
  await requireAdminApi(context);
  return ok(await allLeads("consultas"), { headers: { "Cache-Control": "no-store" } });
}

/** POST /api/consultations (public): the consultation-request dialog (app/forms/consultation). */
export const action = (args: Route.ActionArgs) => leadFormAction("consultation", args);

import { requireAdminApi } from "~/domain/auth/sessions.server";
import { allLeads } from "~/domain/leads/admin.server";
import { ok } from "~/infra/http.server";
import { adminOnly } from "~/lib/route-policy";
import type { Route } from "./+types/contacts";

export const handle = { policy: adminOnly() };

/** GET /api/contacts (admin, SPEC §7): the contact messages as a list, newest first. */
export async function loader({ context }: Route.LoaderArgs) {
  await requireAdminApi(context);
  return ok(await allLeads("contatos"), { headers: { "Cache-Control": "no-store" } });
}

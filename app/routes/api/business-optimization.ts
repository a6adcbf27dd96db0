import { LEAD_FORMS } from "~/domain/lead-forms.server";
import { publicEndpoint } from "~/lib/route-policy";
import { leadEndpoint } from "../lead-endpoint.server";

export const handle = { policy: publicEndpoint() };

/** POST /api/business-optimization (SPEC §7): `{ success, data: { id }, error? }`. */
export const action = leadEndpoint(LEAD_FORMS.questionnaire, {
  answer: (row) => Response.json({ success: true, data: { id: row.id } }, { status: 201 }),
  failure: (status, message, errors) =>
    Response.json({ success: false, error: message, message, ...(errors ? { errors } : {}) }, { status }),
});

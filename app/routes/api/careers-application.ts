import { LEAD_FORMS } from "~/domain/lead-forms.server";
import { publicEndpoint } from "~/lib/route-policy";
import { leadEndpoint } from "../lead-endpoint.server";

export const handle = { policy: publicEndpoint() };

/** POST /api/careers/application (SPEC §7): the page reads the `ok` flag. */
export const action = leadEndpoint(LEAD_FORMS.careers, {
  answer: (row) => Response.json({ ok: true, success: true, data: { id: row.id } }, { status: 201 }),
  failure: (status, message, errors) => Response.json({ ok: false, success: false, message, ...(errors ? { errors } : {}) }, { status }),
});

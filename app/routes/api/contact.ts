import { LEAD_FORMS } from "~/domain/lead-forms.server";
import { ok } from "~/infra/http.server";
import { publicEndpoint } from "~/lib/route-policy";
import { leadEndpoint } from "../lead-endpoint.server";

export const handle = { policy: publicEndpoint() };

/** POST /api/contact (SPEC §7): name, company, email, phone, message. */
export const action = leadEndpoint(LEAD_FORMS.contact, { answer: (row) => ok({ id: row.id }, { status: 201 }) });

import { LEAD_FORMS } from "~/domain/lead-forms.server";
import { methodNotAllowed, ok } from "~/infra/http.server";
import { leadEndpoint } from "../lead-endpoint.server";

/** POST /api/contact (SPEC §7): name, company, email, phone, message. */
export const action = leadEndpoint(LEAD_FORMS.contact, { answer: (row) => ok({ id: row.id }, { status: 201 }) });

export const loader = () => methodNotAllowed();

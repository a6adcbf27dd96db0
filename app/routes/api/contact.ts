import { createContact, leadEndpoint } from "~/domain/leads.server";
import { methodNotAllowed, ok } from "~/domain/http.server";
import { contactMessages } from "~/lib/messages/leads";
import { CONTACT_CONSENT_MESSAGE, contactSchema } from "~/lib/schemas/leads";

/** POST /api/contact (SPEC §7): name, company, email, phone, message. */
export const action = leadEndpoint({
  form: "contact",
  schema: contactSchema,
  store: createContact,
  answer: (row) => ok({ id: row.id }, { status: 201 }),
  html: { returnTo: "/#contact", success: contactMessages.success, failureTitle: contactMessages.failureTitle },
  // Without JavaScript the browser sends the consent box itself: it must be ticked.
  htmlCheck: (body) => (body.consent ? null : { consent: CONTACT_CONSENT_MESSAGE }),
});

export const loader = () => methodNotAllowed();

import { leadEndpoint, subscribeNewsletter } from "~/domain/leads.server";
import { methodNotAllowed, ok } from "~/domain/http.server";
import { newsletterMessages } from "~/lib/messages/leads";
import { newsletterSchema } from "~/lib/schemas/leads";

/** POST /api/newsletter: beyond the spec, the subscription is stored with its consent record. */
export const action = leadEndpoint({
  form: "newsletter",
  schema: newsletterSchema,
  store: subscribeNewsletter,
  answer: (result) => ok({ id: result.id }, { status: result.created ? 201 : 200 }),
  html: { returnTo: "/", success: newsletterMessages.success, failureTitle: newsletterMessages.invalid.title },
});

export const loader = () => methodNotAllowed();

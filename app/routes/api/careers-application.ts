import { createCareerApplication, leadEndpoint } from "~/domain/leads.server";
import { methodNotAllowed } from "~/domain/http.server";
import { careersMessages } from "~/lib/messages/leads";
import { careerApplicationSchema } from "~/lib/schemas/leads";

/** POST /api/careers/application (SPEC §7): the page reads the `ok` flag. */
export const action = leadEndpoint({
  form: "careers",
  schema: careerApplicationSchema,
  store: createCareerApplication,
  answer: (row) => Response.json({ ok: true, success: true, data: { id: row.id } }, { status: 201 }),
  failure: (status, message, errors) =>
    Response.json({ ok: false, success: false, message, ...(errors ? { errors } : {}) }, { status }),
  html: { returnTo: "/carreiras#candidatura", success: careersMessages.success, failureTitle: careersMessages.failure.title },
});

export const loader = () => methodNotAllowed();

import { createBusinessOptimization, leadEndpoint } from "~/domain/leads.server";
import { methodNotAllowed } from "~/domain/http.server";
import { questionnaireMessages } from "~/lib/messages/leads";
import { businessOptimizationSchema } from "~/lib/schemas/leads";

/** POST /api/business-optimization (SPEC §7): `{ success, data: { id }, error? }`. */
export const action = leadEndpoint({
  form: "questionnaire",
  schema: businessOptimizationSchema,
  store: createBusinessOptimization,
  answer: (row) => Response.json({ success: true, data: { id: row.id } }, { status: 201 }),
  failure: (status, message, errors) =>
    Response.json({ success: false, error: message, message, ...(errors ? { errors } : {}) }, { status }),
  html: {
    returnTo: "/formulario",
    success: (row) => ({ title: questionnaireMessages.successTitle, description: questionnaireMessages.successDescription(row.id) }),
    failureTitle: questionnaireMessages.failureTitle,
  },
});

export const loader = () => methodNotAllowed();

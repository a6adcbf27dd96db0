/** The footer's newsletter sign-up (SPEC §5, §8), with a double opt-in beyond the spec (docs/decisions/0011). */
import { newsletterMessages } from "../../lib/messages/leads";
import { defineLeadForm } from "../define";

export default defineLeadForm({
  name: "newsletter",
  slug: "newsletter",
  api: { path: "/api/newsletter" },
  schema: () => import("../../lib/schemas/leads").then((m) => m.newsletterSchema),
  page: {
    title: "Receba novidades sobre IA",
    lead: "Conteúdos práticos e novidades da empresa, sem spam.",
    failureTitle: newsletterMessages.failureTitle,
    success: () => newsletterMessages.success,
    note: newsletterMessages.confirmationNote,
    unverifiedNote: newsletterMessages.unverifiedNote,
    fieldFailure: { field: "email", ...newsletterMessages.invalid },
  },
});

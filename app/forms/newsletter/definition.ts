/** The footer's newsletter sign-up (SPEC §5, §8), with a double opt-in beyond the spec (docs/decisions/0011). */
import { defineLeadForm } from "../define";
import { newsletterMessages } from "./messages";

/** SPEC §5 rule of the browser: empty or without '@' is invalid. */
export function isNewsletterEmailAcceptable(value: string): boolean {
  return value.trim() !== "" && value.includes("@");
}

export default defineLeadForm({
  name: "newsletter",
  slug: "newsletter",
  api: { path: "/api/newsletter" },
  schema: () => import("./schema").then((m) => m.newsletterSchema),
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

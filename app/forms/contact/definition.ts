/** The site's contact form (home #contact and /sobre): SPEC §5, §7 and §8. */
import { defineLeadForm } from "../define";
import { contactMessages } from "./messages";

export default defineLeadForm({
  name: "contact",
  slug: "contato",
  api: { path: "/api/contact" },
  schema: () => import("./schema").then((m) => m.contactSchema),
  page: {
    title: "Fale com a gente",
    lead: "Preencha o formulário e um especialista entrará em contato. Respondemos em até 24 horas.",
    failureTitle: contactMessages.failureTitle,
    success: () => contactMessages.success,
  },
  lead: { type: "contatos", label: "Contato", plural: "Contatos", stages: "sales", audit: "contact", order: 10 },
});

/** What the contact form holds of a person and for how long (docs/decisions/0127, 0141). */
import { answersOf, defineLeadFormData } from "~/domain/privacy/declare.server";
import { contactAnswers } from "./table";

export default defineLeadFormData({
  kind: "contatos",
  keptFor: "leads",
  tables: {
    contactAnswers: answersOf(contactAnswers, { label: "Mensagens de contato", personal: [contactAnswers.message] }),
  },
});

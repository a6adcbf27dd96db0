/** What the test form holds of a person and for how long (docs/decisions/0127, 0141). */
import { answersOf, defineLeadFormData } from "~/domain/privacy/declare.server";
import { trialAnswers } from "./table";

export default defineLeadFormData({
  kind: "testes",
  keptFor: "leads",
  tables: {
    trialAnswers: answersOf(trialAnswers, { label: "Respostas do formulário de teste", personal: [trialAnswers.wish] }),
  },
});

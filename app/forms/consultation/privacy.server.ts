/** What the consultation request holds of a person and for how long (docs/decisions/0127, 0141). */
import { answersOf, defineLeadFormData } from "~/domain/privacy/declare.server";
import { consultationAnswers } from "./table";

export default defineLeadFormData({
  kind: "consultas",
  keptFor: "leads",
  tables: {
    // The industry and the button pressed: nothing about the person, exported as what they sent.
    consultationAnswers: answersOf(consultationAnswers, { label: "Solicitações de consultoria", personal: [] }),
  },
});

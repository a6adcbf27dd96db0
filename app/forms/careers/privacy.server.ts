/**
 * What an application holds of a person and for how long (docs/decisions/0127, 0141). Its CV is a
 * lead file, declared with the other forms' files by the registry (app/domain/privacy/registry.server.ts).
 */
import { answersOf, defineLeadFormData } from "~/domain/privacy/declare.server";
import { applicationAnswers as a } from "./table";

export default defineLeadFormData({
  kind: "candidaturas",
  keptFor: "careerApplications",
  tables: {
    applicationAnswers: answersOf(a, {
      label: "Candidaturas",
      personal: [a.experience, a.motivation, a.linkedinUrl, a.portfolioUrl],
    }),
  },
});

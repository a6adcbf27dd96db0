/** What the questionnaire holds of a person and for how long (docs/decisions/0127, 0141). */
import { answersOf, defineLeadFormData } from "~/domain/privacy/declare.server";
import { questionnaireAnswers as q } from "./table";

export default defineLeadFormData({
  kind: "questionarios",
  keptFor: "leads",
  tables: {
    questionnaireAnswers: answersOf(q, {
      label: "Questionários de otimização",
      // Every free-text answer (a visitor may write anything in them).
      personal: [
        q.position,
        q.keyProcesses,
        q.processStructure,
        q.currentChallenges,
        q.bottlenecks,
        q.shortTermGoals,
        q.longTermGoals,
        q.optimizationImpact,
        q.dataTypes,
        q.dataOrganization,
        q.dataQuality,
        q.currentTechnologies,
        q.techRestrictions,
        q.successIndicators,
        q.additionalInfo,
      ],
    }),
  },
});
